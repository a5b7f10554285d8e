import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCover, ListTitle } from './ListBook';

/** What a dashboard list shows of one book; the table row and the phone card show the same parts. */
export interface BookListEntry {
  key: string;
  /** `data-*` attributes on the row and the card: the browser journeys find entries by them. */
  data: Record<`data-${string}`, string>;
  bookId: string;
  title: string;
  /** False once the book has left the shop: the title is then plain text, not a link. */
  linked?: boolean;
  picture: string;
  /** Under the title: the author, and whatever else identifies the entry (its category, when it was ordered). */
  byline: ReactNode;
  price: ReactNode;
  status: ReactNode;
  /** Under the status: what the other party needs (a buyer's phone and meeting place). */
  more?: ReactNode;
  actions: ReactNode;
}

interface BookListProps {
  /** Names the table and the phone list for screen readers ("Your orders"). */
  label: string;
  entries: BookListEntry[];
}

function Title({ entry }: { entry: BookListEntry }) {
  return (
    <span className="flex flex-col gap-0.5">
      <ListTitle bookId={entry.bookId} title={entry.title} linked={entry.linked} />
      {entry.byline}
    </span>
  );
}

/** Wide screens: one row per book; the title is the row's header, so a row is named by its book. */
function BookTable({ label, entries }: BookListProps) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300/70 md:block">
      <table className="table">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bookList.picture')}</th>
            <th scope="col">{t('bookList.title')}</th>
            <th scope="col">{t('bookList.price')}</th>
            <th scope="col">{t('bookList.status')}</th>
            <th scope="col">{t('bookList.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.key} {...entry.data}>
              <td>
                <ListCover src={entry.picture} className="w-12" />
              </td>
              <th scope="row" className="max-w-64 font-normal">
                <Title entry={entry} />
              </th>
              <td>{entry.price}</td>
              <td className="max-w-64">
                {entry.status}
                {entry.more && <div className="mt-2">{entry.more}</div>}
              </td>
              <td>{entry.actions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per book, the actions underneath. */
function BookCards({ label, entries }: BookListProps) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.key} {...entry.data} className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300/70">
          <div className="flex gap-3">
            <ListCover src={entry.picture} className="w-16" />
            <div className="flex min-w-0 flex-col gap-1">
              <Title entry={entry} />
              {entry.price}
              {entry.status}
            </div>
          </div>
          {entry.more}
          {entry.actions}
        </li>
      ))}
    </ul>
  );
}

/**
 * The dashboard's lists of books (a buyer's orders and wish list, a seller's listings): a table on wide screens, cards
 * on a phone. Both are in the page and CSS shows one, so nothing jumps when a phone turns sideways.
 */
export function BookList(props: BookListProps) {
  return (
    <>
      <BookTable {...props} />
      <BookCards {...props} />
    </>
  );
}
