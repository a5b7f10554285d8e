import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { EditListingDto } from '@bindings/EditListingDto';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { bengaliDigits } from '@/lib/format';
import type { Language } from '@/lib/i18n/language';
import { useLanguage } from '@/lib/i18n/translations';
import { useEditBook } from '../api/edit-book';
import { LIMITS } from '@/lib/form-rules';
import { checkIsbn, formatIsbn } from '@/lib/isbn';
import * as rules from '../listing-rules';
import { ConditionField, IsbnField, LanguageField } from './CopyFields';

const editSchema = z.object({
  originalPrice: rules.price,
  resalePrice: rules.price,
  description: rules.description,
  location: rules.requiredText(LIMITS.locationMaxChars),
  phone: rules.phone,
  condition: rules.condition,
  language: rules.bookLanguage,
  isbn: rules.isbn,
});
type EditValues = z.infer<typeof editSchema>;

/** The fields the server may name in a refusal; each is on the form. */
const FIELDS = [
  'originalPrice',
  'resalePrice',
  'description',
  'location',
  'phone',
  'condition',
  'language',
  'isbn',
] as const satisfies readonly (keyof EditValues)[];
/** The ones shown as text boxes, by name. */
const TEXT_FIELDS = ['originalPrice', 'resalePrice', 'description', 'location', 'phone'] as const satisfies readonly (keyof EditValues)[];

/** The listing as the form starts: prices in the reader's digits (the rules read either kind back as Latin ones). */
function valuesOf(book: SellerBookDto, language: Language = 'en'): EditValues {
  const digits = (amount: number) => (language === 'bn' ? bengaliDigits(String(amount)) : String(amount));
  return {
    originalPrice: digits(book.originalPrice),
    resalePrice: digits(book.resalePrice),
    description: book.description,
    location: book.location,
    phone: book.phone,
    condition: book.condition,
    language: book.language ?? '',
    isbn: book.isbn === null ? '' : formatIsbn(book.isbn),
  };
}

/** The ISBN's 13 digits as typed, for comparing: '' for none, the text itself when it is no ISBN (the rules refuse it). */
function isbnDigits(typed: string): string {
  if (typed.trim() === '') return '';
  const checked = checkIsbn(typed);
  return checked.ok ? checked.isbn13 : typed;
}

/** Only what the seller changed goes to the server: an untouched field stays exactly as it was. */
export function changesBetween(book: SellerBookDto, values: EditValues): EditListingDto {
  const before = valuesOf(book);
  const changes: EditListingDto = {};
  if (values.originalPrice !== before.originalPrice) changes.originalPrice = Number(values.originalPrice);
  if (values.resalePrice !== before.resalePrice) changes.resalePrice = Number(values.resalePrice);
  if (values.description !== before.description.trim()) changes.description = values.description;
  if (values.location !== before.location.trim()) changes.location = values.location;
  if (values.phone !== before.phone) changes.phone = values.phone;
  if (values.condition !== before.condition) changes.condition = values.condition;
  // An empty string takes the language or the ISBN away.
  if (values.language !== before.language) changes.language = values.language;
  if (isbnDigits(values.isbn) !== (book.isbn ?? '')) changes.isbn = values.isbn;
  return changes;
}

/**
 * Edit an available listing: its prices, description, meeting place, phone, and the copy's condition, language and
 * ISBN. The server's field messages appear
 * beside the fields; a refusal for the whole listing (it was ordered meanwhile) above the buttons.
 */
export function EditListingModal({ book, onClose }: { book: SellerBookDto; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const edit = useEditBook();
  const [failure, setFailure] = useState<string | null>(null);
  const language = useLanguage();
  const form = useForm<EditValues>({ resolver: zodResolver(editSchema), defaultValues: valuesOf(book, language) });
  const { errors } = form.formState;
  const saving = edit.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    const changes = changesBetween(book, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setFailure(null);
    try {
      await edit.mutateAsync({ bookId: book.id, changes });
      toast.success(i18next.t('editListing.saved', { ns: 'dashboard' }));
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, { fields: FIELDS })) setFailure(userMessage(error));
    }
  });

  // By name, outside the markup: the markup holds only texts a person reads.
  const field = Object.fromEntries(TEXT_FIELDS.map((name) => [name, { error: errors[name]?.message, ...form.register(name) }])) as Record<
    (typeof TEXT_FIELDS)[number],
    UseFormRegisterReturn<(typeof TEXT_FIELDS)[number]> & { error?: string }
  >;
  const copy = {
    condition: { registration: form.register('condition'), error: errors.condition?.message },
    language: { registration: form.register('language'), error: errors.language?.message },
    isbn: { registration: form.register('isbn'), error: errors.isbn?.message },
  };
  const number = { inputMode: 'numeric' as const, autoComplete: 'off' };

  return (
    <Modal title={t('editListing.title')} onClose={onClose} busy={saving} className="sm:max-w-lg">
      <p className="mt-1 text-base-content/75">{book.title}</p>
      <form noValidate onSubmit={onSubmit} aria-label={t('editListing.title')} className="mt-5 flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('addProduct.originalPrice')} {...number} {...field.originalPrice} />
          <TextField label={t('addProduct.resalePrice')} {...number} {...field.resalePrice} />
        </div>
        <TextAreaField label={t('editListing.description')} rows={3} {...field.description} />
        <TextField label={t('addProduct.location')} {...field.location} />
        <TextField label={t('addProduct.phone')} type="tel" autoComplete="tel" {...field.phone} />
        <ConditionField {...copy.condition} />
        <div className="grid gap-4 sm:grid-cols-2">
          <LanguageField {...copy.language} />
          <IsbnField {...copy.isbn} clearable />
        </div>
        <FormAlert message={failure} />
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>
            {t('editListing.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('editListing.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
