import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LuBookPlus } from 'react-icons/lu';
import type { MeDto } from '@bindings/MeDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { formatNumber, formatYear } from '@/lib/format';
import { LIMITS } from '@/lib/form-rules';
import { useLanguage } from '@/lib/i18n/translations';
import { useCreateBook } from '../api/create-book';
import { addBookSchema, listingFields, SERVER_FIELDS, type AddBookValues } from './add-book-form';
import { CategoryField } from './CategoryField';
import { ConditionField, IsbnField, LanguageField } from './CopyFields';
import { PictureField } from './PictureField';

/** The fields TextField and TextAreaField show, each with its registration and its message. */
const TEXT_FIELDS = [
  'title',
  'author',
  'publishYear',
  'ratings',
  'reviews',
  'description',
  'originalPrice',
  'resalePrice',
  'sellerName',
  'email',
  'phone',
  'location',
] as const satisfies readonly (keyof AddBookValues)[];
type TextFieldName = (typeof TEXT_FIELDS)[number];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-box bg-base-100 p-5 ring-1 ring-base-300/70 sm:p-6">
      {/* Floated, a legend sits inside the padding like a heading instead of on the fieldset's edge. */}
      <legend className="float-left mb-4 w-full font-serif text-xl font-semibold text-primary">{title}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function Wide({ children }: { children: ReactNode }) {
  return <div className="sm:col-span-2">{children}</div>;
}

/**
 * The add-book form. The seller's name starts as their display name and the e-mail is their account's (read-only).
 * While it is being sent the form stays on screen, filled in, so a refusal loses nothing: the server's field messages
 * appear beside their fields, anything else above the button.
 */
export function AddBookForm({ seller }: { seller: MeDto }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const navigate = useNavigate();
  const create = useCreateBook();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => addBookSchema(new Date().getFullYear()), []);
  const form = useForm<AddBookValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: '',
      author: '',
      categoryId: '',
      newCategory: '',
      sellerName: seller.name,
      email: seller.email,
      phone: '',
      location: '',
      originalPrice: '',
      resalePrice: '',
      publishYear: '',
      ratings: '',
      reviews: '',
      description: '',
      // No grade chosen for the seller: the one that fits is theirs to pick.
      condition: '',
      language: '',
      isbn: '',
      image: [],
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await create.mutateAsync({ fields: listingFields(values), images: values.image });
      // Read when it shows: the reader may have switched language while the book was being sent.
      toast.success(i18next.t('addProduct.added', { ns: 'dashboard' }));
      navigate('/dashboard/myProducts');
    } catch (error) {
      if (applyFieldErrors(error, form.setError, { fields: SERVER_FIELDS })) return;
      if (isApiError(error) && (error.code === 'image_too_large' || error.code === 'unsupported_image')) {
        form.setError('image', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      setFailure(userMessage(error));
    }
  });

  // By name, outside the markup: the markup holds only texts a person reads.
  const text = Object.fromEntries(
    TEXT_FIELDS.map((name) => [name, { error: errors[name]?.message, ...form.register(name) }]),
  ) as Record<TextFieldName, UseFormRegisterReturn<TextFieldName> & { error?: string }>;
  const copy = {
    condition: { registration: form.register('condition'), error: errors.condition?.message },
    language: { registration: form.register('language'), error: errors.language?.message },
    isbn: { registration: form.register('isbn'), error: errors.isbn?.message },
  };
  const number = { inputMode: 'numeric' as const, autoComplete: 'off' };
  const example = (value: string) => t('addProduct.example', { example: value });
  const thisYear = new Date().getFullYear();

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('addProduct.form')} aria-busy={isSubmitting} className="flex flex-col gap-6">
      <Section title={t('addProduct.book')}>
        <Wide>
          <TextField label={t('addProduct.titleLabel')} placeholder={t('addProduct.titlePlaceholder')} {...text.title} />
        </Wide>
        <TextField label={t('addProduct.author')} placeholder={t('addProduct.authorPlaceholder')} {...text.author} />
        <div className="flex flex-col gap-4">
          <CategoryField form={form} />
        </div>
        <Wide>
          <PictureField form={form} />
        </Wide>
        <Wide>
          <ConditionField {...copy.condition} />
        </Wide>
        <LanguageField {...copy.language} />
        <IsbnField {...copy.isbn} />
        <TextField
          label={t('addProduct.publishYear')}
          placeholder={example(formatYear(thisYear - 5, language))}
          {...number}
          {...text.publishYear}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('addProduct.ratings')}
            placeholder={t('addProduct.ratingsPlaceholder', { min: formatNumber(0, language), max: formatNumber(LIMITS.maxRatings, language) })}
            inputMode="decimal"
            autoComplete="off"
            {...text.ratings}
          />
          <TextField label={t('addProduct.reviews')} placeholder={example(formatNumber(12, language))} {...number} {...text.reviews} />
        </div>
        <Wide>
          <TextAreaField label={t('addProduct.description')} placeholder={t('addProduct.descriptionPlaceholder')} {...text.description} />
        </Wide>
      </Section>

      <Section title={t('addProduct.prices')}>
        <TextField
          label={t('addProduct.originalPrice')}
          placeholder={t('addProduct.originalPricePlaceholder')}
          hint={t('addProduct.wholeTaka')}
          {...number}
          {...text.originalPrice}
        />
        <TextField
          label={t('addProduct.resalePrice')}
          placeholder={t('addProduct.resalePricePlaceholder')}
          hint={t('addProduct.wholeTaka')}
          {...number}
          {...text.resalePrice}
        />
      </Section>

      <Section title={t('addProduct.seller')}>
        <TextField label={t('addProduct.sellerName')} autoComplete="name" {...text.sellerName} />
        <TextField label={t('addProduct.email')} type="email" readOnly hint={t('addProduct.emailHint')} {...text.email} />
        <TextField label={t('addProduct.phone')} type="tel" autoComplete="tel" placeholder={t('addProduct.phonePlaceholder')} {...text.phone} />
        <TextField label={t('addProduct.location')} placeholder={t('addProduct.locationPlaceholder')} {...text.location} />
      </Section>

      <FormAlert message={failure} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
          {isSubmitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <LuBookPlus className="size-5" aria-hidden="true" />
          )}
          {t('addProduct.submit')}
        </button>
        {isSubmitting && (
          <p role="status" className="flex items-center gap-2 font-medium text-primary">
            <span className="loading loading-spinner loading-md" aria-hidden="true" />
            {t('addProduct.adding')}
          </p>
        )}
      </div>
    </form>
  );
}
