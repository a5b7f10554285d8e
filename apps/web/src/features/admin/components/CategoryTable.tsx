import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategoryDto } from '@bindings/AdminCategoryDto';
import { formatDate, formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';

interface CategoryTableProps {
  categories: AdminCategoryDto[];
  actions: (category: AdminCategoryDto) => ReactNode;
}


/**
 * Categories as a table on wide screens and as cards on a phone (CSS shows one of the two): the name, its books in
 * every status and those for sale, when a book was last listed in it, then the actions.
 */
export function CategoryTable({ categories, actions }: CategoryTableProps) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  // Headed in the reader's language (the heading also keys the column), counts and dates in the reader's digits.
  const columns: { heading: string; cell: (category: AdminCategoryDto) => ReactNode }[] = [
    { heading: t('categories.books'), cell: (category) => <span className="tabular-nums">{formatNumber(category.books, language)}</span> },
    {
      heading: t('categories.forSale'),
      cell: (category) => <span className="tabular-nums">{formatNumber(category.availableBooks, language)}</span>,
    },
    {
      heading: t('categories.lastUsed'),
      cell: (category) => <span className="whitespace-nowrap">{formatDate(category.lastUsedAt, language)}</span>,
    },
  ];
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300/70 md:block">
        <table className="table">
          <caption className="sr-only">{t('categories.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('categories.name')}</th>
              {columns.map((column) => (
                <th key={column.heading} scope="col">
                  {column.heading}
                </th>
              ))}
              <th scope="col">{t('categories.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.id} data-category-id={category.id}>
                <th scope="row" className="font-semibold break-words">
                  {category.name}
                </th>
                {columns.map((column) => (
                  <td key={column.heading}>{column.cell(category)}</td>
                ))}
                <td>
                  <span className="flex flex-wrap gap-2">{actions(category)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('categories.table')}>
        {categories.map((category) => (
          <li key={category.id} data-category-id={category.id} className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70">
            <p className="font-semibold break-words">{category.name}</p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {columns.map((column) => (
                <div key={column.heading} className="flex flex-col">
                  <dt className="text-base-content/70">{column.heading}</dt>
                  <dd>{column.cell(category)}</dd>
                </div>
              ))}
            </dl>
            <span className="flex flex-wrap gap-2">{actions(category)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
