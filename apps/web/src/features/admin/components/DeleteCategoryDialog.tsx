import toast from 'react-hot-toast';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { userMessage } from '@/lib/error-handling';
import { useDeleteCategory } from '../api/delete-category';

export const CATEGORY_DELETED_TOAST = 'Category deleted';

export function deleteCategoryQuestion(name: string): string {
  return `Delete the category ${name}?`;
}

/**
 * Asks before a category is deleted, then deletes it. Only a category without books can go: the server refuses one
 * with books (withdrawn ones count), and its explanation (merge it instead) shows as an error.
 */
export function DeleteCategoryDialog({ category, onDone }: { category: AdminCategoryDto; onDone: () => void }) {
  const remove = useDeleteCategory();
  const onConfirm = () =>
    remove.mutate(category.id, {
      onSuccess: () => toast.success(CATEGORY_DELETED_TOAST),
      onError: (error) => toast.error(userMessage(error), { duration: 8000 }),
      onSettled: onDone,
    });
  return (
    <ConfirmDialog question={deleteCategoryQuestion(category.name)} onConfirm={onConfirm} onCancel={onDone} busy={remove.isPending} confirmLabel="Delete">
      <p>Only a category without books can be deleted; merge one that has books into another category instead.</p>
    </ConfirmDialog>
  );
}
