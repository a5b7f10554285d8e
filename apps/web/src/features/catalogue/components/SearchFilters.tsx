import { useId, useState, type FormEvent } from 'react';
import type { CategorySummaryDto } from '@bindings/CategorySummaryDto';
import { parsePriceRange, type SearchFilters as Filters, type SearchSort } from '../search-params';

/** Every word the filters show, in one place for translation. */
export const FILTER_TEXT = {
  heading: 'Filters',
  category: 'Category',
  allCategories: 'All categories',
  selectedCategory: 'The chosen category',
  priceRange: 'Price range',
  minPrice: 'Min price (৳)',
  maxPrice: 'Max price (৳)',
  applyPrice: 'Apply',
  sort: 'Sort by',
  sorts: {
    relevance: 'Best match',
    newest: 'Newest first',
    price_asc: 'Price: low to high',
    price_desc: 'Price: high to low',
  } satisfies Record<SearchSort, string>,
} as const;

interface SearchFiltersProps {
  filters: Filters;
  categories: readonly CategorySummaryDto[];
  /** Applies a change of filters or order (the page goes back to the first). */
  onChange: (change: Partial<Pick<Filters, 'categoryId' | 'minPrice' | 'maxPrice' | 'sort'>>) => void;
}

/** Category, price range and order of /search. A choice applies at once; the prices when applied (Enter or the button). */
export function SearchFilters({ filters, categories, onChange }: SearchFiltersProps) {
  const categoryId = useId();
  const sortId = useId();
  const sorts: SearchSort[] = filters.q ? ['relevance', 'newest', 'price_asc', 'price_desc'] : ['newest', 'price_asc', 'price_desc'];
  const knownCategory = filters.categoryId === null || categories.some((category) => category.id === filters.categoryId);

  return (
    <section aria-labelledby={`${categoryId}-heading`} className="mb-8 rounded-box bg-base-200/60 p-4 sm:p-5">
      <h2 id={`${categoryId}-heading`} className="sr-only">
        {FILTER_TEXT.heading}
      </h2>
      <div className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-start">
        <div className="flex flex-col gap-1.5 md:w-56">
          <label htmlFor={categoryId} className="text-sm font-semibold text-base-content/85">
            {FILTER_TEXT.category}
          </label>
          <select
            id={categoryId}
            className="select w-full"
            value={filters.categoryId ?? ''}
            onChange={(event) => onChange({ categoryId: event.target.value || null })}
          >
            <option value="">{FILTER_TEXT.allCategories}</option>
            {/* A category from the URL before the list has come (or one that has gone): kept selected meanwhile. */}
            {!knownCategory && filters.categoryId && <option value={filters.categoryId}>{FILTER_TEXT.selectedCategory}</option>}
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name} ({category.bookCount})
              </option>
            ))}
          </select>
        </div>
        {/* Remounted when the URL's prices change (the back button), so the boxes show the prices searched for. */}
        <PriceRange key={`${filters.minPrice}-${filters.maxPrice}`} filters={filters} onChange={onChange} />
        <div className="flex flex-col gap-1.5 md:ml-auto md:w-52">
          <label htmlFor={sortId} className="text-sm font-semibold text-base-content/85">
            {FILTER_TEXT.sort}
          </label>
          <select
            id={sortId}
            className="select w-full"
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as SearchSort })}
          >
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {FILTER_TEXT.sorts[sort]}
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
  const id = useId();
  const [minText, setMinText] = useState(filters.minPrice === null ? '' : String(filters.minPrice));
  const [maxText, setMaxText] = useState(filters.maxPrice === null ? '' : String(filters.maxPrice));
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
    <form onSubmit={onSubmit} noValidate aria-label={FILTER_TEXT.priceRange} className="flex flex-col gap-1.5">
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 md:w-32 md:flex-none">
          <label htmlFor={minId} className="text-sm font-semibold text-base-content/85">
            {FILTER_TEXT.minPrice}
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
            {FILTER_TEXT.maxPrice}
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
          {FILTER_TEXT.applyPrice}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-error">
          {error.message}
        </p>
      )}
    </form>
  );
}
