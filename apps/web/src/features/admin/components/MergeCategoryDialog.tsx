import { useId, useState } from 'react';
import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { FormAlert } from '@/components/ui/FormAlert';
import { Modal } from '@/components/ui/Modal';
import { SelectField } from '@/components/ui/SelectField';
import { isApiError } from '@/lib/api-client';
import { userMessage } from '@/lib/error-handling';
import { formatNumber } from '@/lib/format';
import { fieldMessage } from '@/lib/form-errors';
import { textToken } from '@/lib/i18n/problem';
import { currentLanguage, useLanguage } from '@/lib/i18n/translations';
import { useAdminCategories } from '../api/get-admin-categories';
import { useMergeCategory } from '../api/merge-category';

/** The most the server answers in one page: the merge list shows the first this many categories by name. */
const TARGETS = 100;
/** Kept in state while the reader may switch language: a token, shown by the field in the language on screen. */
const CHOOSE_TARGET = textToken('dashboard:mergeCategory.chooseTarget');

/** "Category merged: 4 books moved to Fiction", in the language on screen when the merge is done. */
function mergedToast(moved: number, into: string): string {
  return i18next.t('mergeCategory.merged', { ns: 'dashboard', count: moved, moved: formatNumber(moved, currentLanguage()), into });
}

/**
 * Asks which category takes the books, and confirms: every book of this category, whatever its status, moves there
 * and this category goes. Nothing happens until Merge is pressed.
 */
export function MergeCategoryDialog({ category, onDone }: { category: AdminCategoryDto; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
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
          const field = isApiError(thrown) && thrown.code === 'validation_failed' ? fieldMessage(thrown, 'into') : undefined;
          if (field) setError(field);
          else setFailure(userMessage(thrown));
        },
      },
    );
  };

  return (
    <Modal title={t('mergeCategory.title', { name: category.name })} role="alertdialog" describedBy={descriptionId} onClose={onDone} busy={busy} className="sm:max-w-md">
      <p id={descriptionId} className="mt-3 text-base-content/80">
        {t('mergeCategory.text', { count: category.books, books: formatNumber(category.books, language), name: category.name })}
      </p>
      <form noValidate onSubmit={onSubmit} aria-label={t('mergeCategory.form')} className="mt-5 flex flex-col gap-4">
        <SelectField
          label={t('mergeCategory.into')}
          value={into}
          onChange={(event) => setInto(event.target.value)}
          error={error}
          data-autofocus
          disabled={busy}
          hint={targets.isError ? t('mergeCategory.loadFailed') : undefined}
        >
          <option value="">{targets.isPending ? t('category.loading') : t('category.choose')}</option>
          {choices.map((target) => (
            <option key={target.id} value={target.id}>
              {target.name}
            </option>
          ))}
        </SelectField>
        <FormAlert message={failure} />
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
            {t('mergeCategory.cancel')}
          </button>
          <button type="submit" className="btn btn-error" disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('mergeCategory.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
