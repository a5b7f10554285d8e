import i18next from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { userMessage } from '@/lib/error-handling';
import { useDeleteCategory } from '../api/delete-category';

/**
 * Asks before a category is deleted, then deletes it. Only a category without books can go: the server refuses one
 * with books (withdrawn ones count), and its explanation (merge it instead) shows as an error.
 */
export function DeleteCategoryDialog({ category, onDone }: { category: AdminCategoryDto; onDone: () => void }) {
  const { t } = useTranslation('dashboard');
  const remove = useDeleteCategory();
  const onConfirm = () =>
    remove.mutate(category.id, {
      onSuccess: () => toast.success(i18next.t('deleteCategory.deleted', { ns: 'dashboard' })),
      onError: (error) => toast.error(userMessage(error), { duration: 8000 }),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog
      question={t('deleteCategory.question', { name: category.name })}
      onConfirm={onConfirm}
      onCancel={onDone}
      busy={remove.isPending}
      confirmLabel={t('deleteCategory.confirm')}
    >
      <p>{t('deleteCategory.text')}</p>
    </ConfirmDialog>
  );
}
