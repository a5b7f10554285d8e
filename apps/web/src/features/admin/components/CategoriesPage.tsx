import { useState } from 'react';
import { LuCombine, LuPencil, LuTags, LuTrash2 } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { DashboardPage } from '@/components/ui/DashboardPage';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { pageCount, usePageInRange, usePageParam } from '@/lib/page-param';
import { CATEGORIES_PER_PAGE } from '../api/admin-keys';
import { useAdminCategories } from '../api/get-admin-categories';
import { CategoryTable } from './CategoryTable';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';
import { MergeCategoryDialog } from './MergeCategoryDialog';
import { RenameCategoryDialog } from './RenameCategoryDialog';

/** How long an empty category stays in the sellers' add-book list after it was last used (the server's rule). */
const UNUSED_DAYS = 30;

type Acting = { action: 'rename' | 'merge' | 'delete'; category: AdminCategoryDto } | null;

/**
 * /dashboard/categories (admin): every category with its books (in every status, and those for sale). Rename one,
 * merge it into another (its books move), or delete an empty one.
 */
export function CategoriesPage() {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const [page, goToPage] = usePageParam();
  const categories = useAdminCategories(page);
  const [acting, setActing] = useState<Acting>(null);
  const total = categories.data?.total ?? 0;
  const totalPages = pageCount(total, CATEGORIES_PER_PAGE);
  usePageInRange({ ready: categories.isSuccess && !categories.isPlaceholderData, page, totalPages, goToPage });
  const done = () => setActing(null);

  return (
    <DashboardPage
      title={t('categories.title')}
      lead={t('categories.lead', { days: formatNumber(UNUSED_DAYS, language) })}
    >
      {categories.isPending && <Spinner label={t('categories.loading')} />}
      {categories.isError && (
        <ErrorState
          title={t('categories.loadFailed')}
          error={categories.error}
          onRetry={() => void categories.refetch()}
          retrying={categories.isFetching}
        />
      )}
      {categories.isSuccess && total === 0 && <EmptyState icon={<LuTags className="size-7" />} title={t('categories.empty')} />}
      {categories.isSuccess && total > 0 && (
        <div className={categories.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={categories.isPlaceholderData}>
          <CategoryTable
            categories={categories.data.items}
            actions={(category) => (
              <>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => setActing({ action: 'rename', category })}
                  aria-label={t('categories.renameCategory', { name: category.name })}
                >
                  <LuPencil className="size-4" aria-hidden="true" />
                  {t('categories.rename')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => setActing({ action: 'merge', category })}
                  aria-label={t('categories.mergeCategory', { name: category.name })}
                >
                  <LuCombine className="size-4" aria-hidden="true" />
                  {t('categories.merge')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm"
                  onClick={() => setActing({ action: 'delete', category })}
                  aria-label={t('categories.deleteCategory', { name: category.name })}
                >
                  <LuTrash2 className="size-4" aria-hidden="true" />
                  {t('categories.delete')}
                </button>
              </>
            )}
          />
          {total > CATEGORIES_PER_PAGE && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} className="mt-8" />}
        </div>
      )}
      {acting?.action === 'rename' && <RenameCategoryDialog category={acting.category} onDone={done} />}
      {acting?.action === 'merge' && <MergeCategoryDialog category={acting.category} onDone={done} />}
      {acting?.action === 'delete' && <DeleteCategoryDialog category={acting.category} onDone={done} />}
    </DashboardPage>
  );
}
