import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LuMapPin, LuPhone } from 'react-icons/lu';
import { TextField } from '@/components/ui/TextField';
import { LIMITS, tooLong } from '@/lib/form-rules';
import { latinDigits } from '@/lib/format';
import { problem } from '@/lib/i18n/problem';
import { isBangladeshMobile, PHONE_MESSAGE } from '@/lib/phone';

// How a buyer tells the seller where and how to reach them, wherever an order is placed (the buy form, paying for a
// wish-list book): the same two fields, the same rules and the spec's messages word for word ("Phone no is required",
// "Location is required"), as tokens the fields show in the reader's language.

/** The contact part of an order form's schema: spread it into the form's own `z.object`. */
export const contactShape = {
  // The number's format is the server's to judge too: its message then shows beside the field. A number typed in
  // Bengali digits is the same number, sent in Latin ones.
  phone: z
    .string()
    .trim()
    .min(1, problem('phoneRequired'))
    .transform(latinDigits)
    .refine((value) => value === '' || isBangladeshMobile(value), PHONE_MESSAGE),
  location: z.string().trim().min(1, problem('locationRequired')).max(LIMITS.locationMaxChars, tooLong(LIMITS.locationMaxChars)),
};

export type ContactValues = { phone: string; location: string };

/** The fields' names as the server's 422 answers name them. */
export const CONTACT_FIELDS = ['phone', 'location'] as const satisfies readonly (keyof ContactValues)[];

/** One registered field with its current message. */
export type ContactField = UseFormRegisterReturn & { error?: string };

interface ContactFieldsProps {
  phone: ContactField;
  location: ContactField;
  /** The phone takes the focus when the surrounding dialog opens. */
  autoFocusPhone?: boolean;
}

/** The buyer's phone and where they would like to meet the seller. */
export function ContactFields({ phone, location, autoFocusPhone = false }: ContactFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('contactFields.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder={t('contactFields.phonePlaceholder')}
        icon={<LuPhone className="size-4" />}
        hint={t('contactFields.phoneHint')}
        data-autofocus={autoFocusPhone || undefined}
        {...phone}
      />
      <TextField
        label={t('contactFields.location')}
        autoComplete="street-address"
        placeholder={t('contactFields.locationPlaceholder')}
        icon={<LuMapPin className="size-4" />}
        hint={t('contactFields.locationHint')}
        {...location}
      />
    </>
  );
}
