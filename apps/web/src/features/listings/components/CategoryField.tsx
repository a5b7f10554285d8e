import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { LIMITS } from '@/lib/form-rules';
import { useCategories } from '@/lib/api/get-categories';
import { OTHERS, type AddBookValues } from './add-book-form';

/**
 * The category: one from the server's list, or "Others", which opens a free-text field for a new category. While
 * the list loads, or if it cannot be loaded, Others still works.
 */
export function CategoryField({ form }: { form: UseFormReturn<AddBookValues> }) {
  const categories = useCategories();
  const { errors } = form.formState;
  const others = useWatch({ control: form.control, name: 'categoryId' }) === OTHERS;

  const hint = categories.isError ? (
    <>
      We couldn't load the categories.{' '}
      <button type="button" className="link font-semibold text-primary" onClick={() => void categories.refetch()}>
        Try again
      </button>{' '}
      or choose Others and type one.
    </>
  ) : undefined;

  return (
    <>
      <SelectField label="Category" error={errors.categoryId?.message} hint={hint} {...form.register('categoryId')}>
        <option value="">{categories.isPending ? 'Loading categories...' : 'Choose a category'}</option>
        {categories.data?.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
        <option value={OTHERS}>Others</option>
      </SelectField>
      {others && (
        <TextField
          label="New category"
          placeholder="e.g. Travel writing"
          autoComplete="off"
          maxLength={LIMITS.categoryNameMaxChars}
          hint="Type the category this book belongs in."
          error={errors.newCategory?.message}
          {...form.register('newCategory')}
        />
      )}
    </>
  );
}
