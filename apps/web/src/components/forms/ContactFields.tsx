import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { LuMapPin, LuPhone } from 'react-icons/lu';
import { TextField } from '@/components/ui/TextField';
import { LIMITS, tooLong } from '@/lib/form-rules';
import { isBangladeshMobile, PHONE_MESSAGE } from '@/lib/phone';

// How a buyer tells the seller where and how to reach them, wherever an order is placed (the buy form, paying for a
// wish-list book): the same two fields, the same rules and the spec's messages word for word.

export const PHONE_REQUIRED = 'Phone no is required';
export const LOCATION_REQUIRED = 'Location is required';

/** The contact part of an order form's schema: spread it into the form's own `z.object`. */
export const contactShape = {
  // The number's format is the server's to judge too: its message then shows beside the field.
  phone: z
    .string()
    .trim()
    .min(1, PHONE_REQUIRED)
    .refine((value) => value === '' || isBangladeshMobile(value), PHONE_MESSAGE),
  location: z.string().trim().min(1, LOCATION_REQUIRED).max(LIMITS.locationMaxChars, tooLong(LIMITS.locationMaxChars)),
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
  return (
    <>
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="01712-345678"
        icon={<LuPhone className="size-4" />}
        hint="A Bangladesh mobile number the seller can call."
        data-autofocus={autoFocusPhone || undefined}
        {...phone}
      />
      <TextField
        label="Location"
        autoComplete="street-address"
        placeholder="e.g. Nilkhet, Dhaka"
        icon={<LuMapPin className="size-4" />}
        hint="Where you would like to meet the seller."
        {...location}
      />
    </>
  );
}
