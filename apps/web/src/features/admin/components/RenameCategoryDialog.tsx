import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import toast from 'react-hot-toast';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { TextField } from '@/components/ui/TextField';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { applyFieldErrors } from '@/lib/form-errors';
import { LIMITS, REQUIRED, requiredText, tooLong } from '@/lib/form-rules';
import { useRenameCategory } from '../api/rename-category';

export const RENAMED_TOAST = 'Category renamed';
export const NAME_REQUIRED = REQUIRED;
export const NAME_TOO_LONG = tooLong(LIMITS.categoryNameMaxChars);

// The server's rules for a category's name: present once trimmed, within its length (the server also collapses inner
// spaces).
const renameSchema = z.object({
  name: requiredText(LIMITS.categoryNameMaxChars),
});
type RenameValues = z.infer<typeof renameSchema>;

/** Renames a category. A name another category has (in any letter case) is explained beside the field. */
export function RenameCategoryDialog({ category, onDone }: { category: AdminCategoryDto; onDone: () => void }) {
  const rename = useRenameCategory();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RenameValues>({ resolver: zodResolver(renameSchema), defaultValues: { name: category.name } });
  const busy = rename.isPending;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      await rename.mutateAsync({ categoryId: category.id, name });
      toast.success(RENAMED_TOAST);
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
    <Modal title={`Rename ${category.name}`} onClose={onDone} busy={busy} className="sm:max-w-md">
      <form noValidate onSubmit={onSubmit} aria-label="Rename category" className="mt-5 flex flex-col gap-4">
        <TextField
          label="New name"
          autoComplete="off"
          maxLength={LIMITS.categoryNameMaxChars}
          data-autofocus
          hint="Sellers see it in the add-book list, buyers on the shelves."
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <FormAlert message={failure} />
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Rename
          </button>
        </div>
      </form>
    </Modal>
  );
}
