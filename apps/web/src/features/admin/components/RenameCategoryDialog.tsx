import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { TextField } from '@/components/ui/TextField';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { LIMITS, requiredText } from '@/lib/form-rules';
import { useRenameCategory } from '../api/rename-category';

// The server's rules for a category's name: present once trimmed, within its length (the server also collapses inner
// spaces).
const renameSchema = z.object({
  name: requiredText(LIMITS.categoryNameMaxChars),
});
type RenameValues = z.infer<typeof renameSchema>;

/** Renames a category. A name another category has (in any letter case) is explained beside the field. */
export function RenameCategoryDialog({ category, onDone }: { category: AdminCategoryDto; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const rename = useRenameCategory();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RenameValues>({ resolver: zodResolver(renameSchema), defaultValues: { name: category.name } });
  const busy = rename.isPending;
  const name = form.register('name');

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      await rename.mutateAsync({ categoryId: category.id, name });
      toast.success(i18next.t('renameCategory.renamed', { ns: 'dashboard' }));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'category_name_taken') {
        form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!applyFieldErrors(error, form.setError, { fields: ['name'] })) {
        setFailure(userMessage(error));
      }
    }
  });

  return (
    <Modal title={t('renameCategory.title', { name: category.name })} onClose={onDone} busy={busy} className="sm:max-w-md">
      <form noValidate onSubmit={onSubmit} aria-label={t('renameCategory.form')} className="mt-5 flex flex-col gap-4">
        <TextField
          label={t('renameCategory.newName')}
          autoComplete="off"
          maxLength={LIMITS.categoryNameMaxChars}
          data-autofocus
          hint={t('renameCategory.hint')}
          error={form.formState.errors.name?.message}
          {...name}
        />
        <FormAlert message={failure} />
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
            {t('renameCategory.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('renameCategory.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
