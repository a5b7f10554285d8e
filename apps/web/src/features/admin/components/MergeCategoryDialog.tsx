import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { SelectField } from '@/components/ui/SelectField';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { useAdminCategories } from '../api/get-admin-categories';
import { useMergeCategory } from '../api/merge-category';

/** The most the server answers in one page: the merge list shows the first this many categories by name. */
const TARGETS = 100;
export const CHOOSE_TARGET = 'Choose the category that takes the books';

export function mergedToast(moved: number, into: string): string {
  return `Category merged: ${moved} ${moved === 1 ? 'book' : 'books'} moved to ${into}`;
}

/**
 * Asks which category takes the books, and confirms: every book of this category, whatever its status, moves there
 * and this category goes. Nothing happens until Merge is pressed.
 */
export function MergeCategoryDialog({ category, onDone }: { category: AdminCategoryDto; onDone: () => void }) {
  const merge = useMergeCategory();
  const targets = useAdminCategories(1, TARGETS);
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const descriptionId = useId();
  const busy = merge.isPending;
  const choices = targets.data?.items.filter((target) => target.id !== category.id) ?? [];

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!into) {
      setError(CHOOSE_TARGET);
      return;
    }
    setError(undefined);
    merge.mutate(
      { categoryId: category.id, into },
      {
        onSuccess: (merged) => {
          toast.success(mergedToast(merged.movedBooks, merged.into.name));
          onDone();
        },
        onError: (thrown) => {
          const field = isApiError(thrown) && thrown.code === 'validation_failed' ? thrown.fields.into : undefined;
          if (field) setError(field);
          else setFailure(userMessage(thrown));
        },
      },
    );
  };

  return (
    <Modal title={`Merge ${category.name}?`} role="alertdialog" describedBy={descriptionId} onClose={onDone} busy={busy} className="sm:max-w-md">
      <p id={descriptionId} className="mt-3 text-base-content/80">
        All {category.books} {category.books === 1 ? 'book' : 'books'} of {category.name}, whatever their status, move to the category you
        choose, and {category.name} goes. This cannot be undone.
      </p>
      <form noValidate onSubmit={onSubmit} aria-label="Merge category" className="mt-5 flex flex-col gap-4">
        <SelectField
          label="Merge into"
          value={into}
          onChange={(event) => setInto(event.target.value)}
          error={error}
          data-autofocus
          disabled={busy}
          hint={targets.isError ? "We couldn't load the categories. Close and try again." : undefined}
        >
          <option value="">{targets.isPending ? 'Loading categories...' : 'Choose a category'}</option>
          {choices.map((target) => (
            <option key={target.id} value={target.id}>
              {target.name}
            </option>
          ))}
        </SelectField>
        <FormAlert message={failure} />
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-error" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Merge
          </button>
        </div>
      </form>
    </Modal>
  );
}
