import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategorySummaryDto } from '@bindings/CategorySummaryDto';
import { bengaliDigits, formatNumber } from '@/lib/format';
import { problemText } from '@/lib/i18n/problem';
import { useLanguage } from '@/lib/i18n/translations';
import { parsePriceRange, type SearchFilters as Filters, type SearchSort } from '../search-params';
import { CopyFilterFields } from './CopyFilterFields';

/** The condition and language drop-downs' width in the row of filters on a wide screen. */
const COPY_FILTER_WIDTH = 'md:w-44';

/** Each order's name (keys of the shop texts' `filters` section). */
const SORT_NAMES = {
  relevance: 'filters.relevance',
  newest: 'filters.newest',
  price_asc: 'filters.priceAsc',
  price_desc: 'filters.priceDesc',
} as const satisfies Record<SearchSort, string>;

interface SearchFiltersProps {
  filters: Filters;
  categories: readonly CategorySummaryDto[];
  /** Applies a change of filters or order (the page goes back to the first). */
  onChange: (change: Partial<Pick<Filters, 'categoryId' | 'minPrice' | 'maxPrice' | 'condition' | 'language' | 'sort'>>) => void;
}

/**
 * Category, price range, condition, language and order of /search. A choice applies at once; the prices when applied
 * (Enter or the button).
 */
export function SearchFilters({ filters, categories, onChange }: SearchFiltersProps) {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const categoryId = useId();
  const sortId = useId();
  const sorts: SearchSort[] = filters.q ? ['relevance', 'newest', 'price_asc', 'price_desc'] : ['newest', 'price_asc', 'price_desc'];
  const knownCategory = filters.categoryId === null || categories.some((category) => category.id === filters.categoryId);

  return (
    <section aria-labelledby={`${categoryId}-heading`} className="mb-8 rounded-box bg-base-200/60 p-4 sm:p-5">
      <h2 id={`${categoryId}-heading`} className="sr-only">
        {t('filters.heading')}
      </h2>
      <div className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-start">
        <div className="flex flex-col gap-1.5 md:w-56">
          <label htmlFor={categoryId} className="text-sm font-semibold text-base-content/85">
            {t('filters.category')}
          </label>
          <select
            id={categoryId}
            className="select w-full"
            value={filters.categoryId ?? ''}
            onChange={(event) => onChange({ categoryId: event.target.value || null })}
          >
            <option value="">{t('filters.allCategories')}</option>
            {/* A category from the URL before the list has come (or one that has gone): kept selected meanwhile. */}
            {!knownCategory && filters.categoryId && <option value={filters.categoryId}>{t('filters.selectedCategory')}</option>}
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {t('filters.categoryOption', { name: category.name, number: formatNumber(category.bookCount, language) })}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-4 md:contents">
          <CopyFilterFields filters={filters} onChange={onChange} fieldClassName={COPY_FILTER_WIDTH} />
        </div>
        {/* Remounted when the URL's prices change (the back button), so the boxes show the prices searched for. */}
        <PriceRange key={`${filters.minPrice}-${filters.maxPrice}`} filters={filters} onChange={onChange} />
        <div className="flex flex-col gap-1.5 md:ml-auto md:w-52">
          <label htmlFor={sortId} className="text-sm font-semibold text-base-content/85">
            {t('filters.sort')}
          </label>
          <select
            id={sortId}
            className="select w-full"
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as SearchSort })}
          >
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_NAMES[sort])}
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}

/** The two price boxes: checked when applied, and nothing is searched while what they hold is not a price range. */
function PriceRange({ filters, onChange }: Pick<SearchFiltersProps, 'filters' | 'onChange'>) {
  const { t } = useTranslation('shop');
  const language = useLanguage();
  const id = useId();
  // The prices searched for, in the reader's digits (either kind is read back); ungrouped, as a person types them.
  const priceText = (price: number | null) => (price === null ? '' : language === 'bn' ? bengaliDigits(String(price)) : String(price));
  const [minText, setMinText] = useState(() => priceText(filters.minPrice));
  const [maxText, setMaxText] = useState(() => priceText(filters.maxPrice));
  const [error, setError] = useState<{ field: 'minPrice' | 'maxPrice'; message: string } | null>(null);
  const minId = `${id}-min`;
  const maxId = `${id}-max`;
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const range = parsePriceRange(minText, maxText);
    if (!range.ok) {
      setError({ field: range.field, message: range.message });
      document.getElementById(range.field === 'minPrice' ? minId : maxId)?.focus();
      return;
    }
    setError(null);
    onChange({ minPrice: range.minPrice, maxPrice: range.maxPrice });
  };

  const invalid = (field: 'minPrice' | 'maxPrice') => (error?.field === field ? true : undefined);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('filters.priceRange')} className="flex flex-col gap-1.5">
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 md:w-32 md:flex-none">
          <label htmlFor={minId} className="text-sm font-semibold text-base-content/85">
            {t('filters.minPrice')}
          </label>
          <input
            id={minId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`input w-full ${invalid('minPrice') ? 'input-error' : ''}`}
            value={minText}
            onChange={(event) => setMinText(event.target.value)}
            aria-invalid={invalid('minPrice')}
            aria-describedby={invalid('minPrice') ? errorId : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 md:w-32 md:flex-none">
          <label htmlFor={maxId} className="text-sm font-semibold text-base-content/85">
            {t('filters.maxPrice')}
          </label>
          <input
            id={maxId}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`input w-full ${invalid('maxPrice') ? 'input-error' : ''}`}
            value={maxText}
            onChange={(event) => setMaxText(event.target.value)}
            aria-invalid={invalid('maxPrice')}
            aria-describedby={invalid('maxPrice') ? errorId : undefined}
          />
        </div>
        <button type="submit" className="btn btn-outline btn-primary shrink-0">
          {t('filters.apply')}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-error">
          {problemText(error.message)}
        </p>
      )}
    </form>
  );
}
