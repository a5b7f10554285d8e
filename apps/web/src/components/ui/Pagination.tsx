import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Spacing above; lists inside a dashboard panel need less than a shop page. */
  className?: string;
}

/** Previous / "Page X of Y" / Next. Smaller on phones, where the Bangla words (আগের পাতা, পরের পাতা) are wider. */
export function Pagination({ page, totalPages, onPageChange, className = 'mt-12' }: PaginationProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <nav aria-label={t('pagination.label')} className={`flex items-center justify-center gap-3 sm:gap-5 ${className}`}>
      <button
        type="button"
        className="btn btn-outline btn-primary max-sm:btn-sm max-sm:px-3"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <LuChevronLeft className="size-4" aria-hidden="true" />
        {t('pagination.previous')}
      </button>
      <p className="min-w-20 text-center text-sm font-medium tabular-nums sm:min-w-28 sm:text-base" aria-live="polite">
        {t('pagination.status', { page: formatNumber(page, language), total: formatNumber(totalPages, language) })}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-primary max-sm:btn-sm max-sm:px-3"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
      >
        {t('pagination.next')}
        <LuChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
