import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { LuBookPlus } from 'react-icons/lu';
import type { MeDto } from '@bindings/MeDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { useCreateBook } from '../api/create-book';
import { addBookSchema, listingFields, SERVER_FIELDS, type AddBookValues } from './add-book-form';
import { CategoryField } from './CategoryField';
import { PictureField } from './PictureField';

export const ADDED_TOAST = 'Items added successfully';
export const ADDING_TEXT = 'Adding new item. Please wait...';

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
      image: null,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const image = values.image?.[0];
    if (!image) return;
    setFailure(null);
    try {
      await create.mutateAsync({ fields: listingFields(values), image });
      toast.success(ADDED_TOAST);
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

  const text = (name: keyof AddBookValues) => ({ error: errors[name]?.message, ...form.register(name) });
  const number = { inputMode: 'numeric' as const, autoComplete: 'off' };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Add a product" aria-busy={isSubmitting} className="flex flex-col gap-6">
      <Section title="The book">
        <Wide>
          <TextField label="Title" placeholder="e.g. Pather Panchali" {...text('title')} />
        </Wide>
        <TextField label="Author" placeholder="e.g. Bibhutibhushan Bandyopadhyay" {...text('author')} />
        <div className="flex flex-col gap-4">
          <CategoryField form={form} />
        </div>
        <Wide>
          <PictureField form={form} />
        </Wide>
        <TextField label="Publish year (optional)" placeholder={`e.g. ${new Date().getFullYear() - 5}`} {...number} {...text('publishYear')} />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Ratings (optional)" placeholder="0 to 5" inputMode="decimal" autoComplete="off" {...text('ratings')} />
          <TextField label="Reviews (optional)" placeholder="e.g. 12" {...number} {...text('reviews')} />
        </div>
        <Wide>
          <TextAreaField
            label="Description (optional)"
            placeholder="Its condition, edition, anything a buyer should know."
            {...text('description')}
          />
        </Wide>
      </Section>

      <Section title="Prices">
        <TextField label="Original price (৳)" placeholder="What it cost new" hint="Whole taka." {...number} {...text('originalPrice')} />
        <TextField label="Resale price (৳)" placeholder="What you ask for it" hint="Whole taka." {...number} {...text('resalePrice')} />
      </Section>

      <Section title="You, the seller">
        <TextField label="Seller name" autoComplete="name" {...text('sellerName')} />
        <TextField
          label="Email"
          type="email"
          readOnly
          hint="From your account. Signed-in buyers see it on the book's page."
          {...text('email')}
        />
        <TextField label="Phone" type="tel" autoComplete="tel" placeholder="e.g. 01712-345678" {...text('phone')} />
        <TextField label="Location" placeholder="Where to meet, e.g. Nilkhet, Dhaka" {...text('location')} />
      </Section>

      <FormAlert message={failure} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
          {isSubmitting ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <LuBookPlus className="size-5" aria-hidden="true" />
          )}
          Add Product
        </button>
        {isSubmitting && (
          <p role="status" className="flex items-center gap-2 font-medium text-primary">
            <span className="loading loading-spinner loading-md" aria-hidden="true" />
            {ADDING_TEXT}
          </p>
        )}
      </div>
    </form>
  );
}
