import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { LIMITS } from '@/lib/form-rules';
import { useCategories } from '@/lib/api/get-categories';
import { OTHERS, type AddBookValues } from './add-book-form';

/**
 * The category: one from the server's list, or "Others", which opens a free-text field for a new category. While
 * the list loads, or if it cannot be loaded, Others still works. Categories keep the names sellers gave them.
 */
export function CategoryField({ form }: { form: UseFormReturn<AddBookValues> }) {
  const { t } = useTranslation('dashboard');
  const categories = useCategories();
  const { errors } = form.formState;
  const others = useWatch({ control: form.control, name: 'categoryId' }) === OTHERS;
  const categoryId = form.register('categoryId');
  const newCategory = form.register('newCategory');

  const hint = categories.isError ? (
    <Trans
      t={t}
      i18nKey="category.loadFailed"
      // <0>...</0> in the text: the Try again button, wherever the language puts it in the sentence.
      components={[<button key="retry" type="button" className="link font-semibold text-primary" onClick={() => void categories.refetch()} />]}
    />
  ) : undefined;

  return (
    <>
      <SelectField label={t('category.label')} error={errors.categoryId?.message} hint={hint} {...categoryId}>
        <option value="">{categories.isPending ? t('category.loading') : t('category.choose')}</option>
        {categories.data?.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
        <option value={OTHERS}>{t('category.others')}</option>
      </SelectField>
      {others && (
        <TextField
          label={t('category.newLabel')}
          placeholder={t('category.newPlaceholder')}
          autoComplete="off"
          maxLength={LIMITS.categoryNameMaxChars}
          hint={t('category.newHint')}
          error={errors.newCategory?.message}
          {...newCategory}
        />
      )}
    </>
  );
}
