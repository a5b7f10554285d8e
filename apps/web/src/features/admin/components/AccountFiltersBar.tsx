import { useEffect, useId, useRef, useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { MAX_ACCOUNT_QUERY, type AccountFilters } from '../account-filters';

/** A pause this long in typing searches: one request per pause, not one per key. */
export const SEARCH_AFTER_MS = 300;

interface AccountFiltersBarProps {
  /** Which table: its words, and whether it has the verified filter (only sellers are verified). */
  kind: AccountKind;
  filters: AccountFilters;
  onChange: (changed: Partial<AccountFilters>) => void;
  /** The accounts that pass, once known for these filters; null while they are asked for. */
  total: number | null;
}

type Choice = 'all' | 'true' | 'false';
// The select's values, as the URL writes the flags.
const ALL: Choice = 'all';
const YES: Choice = 'true';
const NO: Choice = 'false';

/** Which table: the sellers' (with the verified filter) or the buyers'. */
export type AccountKind = 'sellers' | 'buyers';
export const SELLERS: AccountKind = 'sellers';
export const BUYERS: AccountKind = 'buyers';

function choiceOf(flag: boolean | null): Choice {
  return flag === null ? 'all' : flag ? 'true' : 'false';
}

function flagOf(choice: string): boolean | null {
  return choice === 'true' ? true : choice === 'false' ? false : null;
}

/**
 * The search box, the flag filters and how many accounts pass, above an admin table. The box searches once typing
 * pauses (or at once on Enter), and follows the URL when it changes otherwise (back, forward).
 */
export function AccountFiltersBar({ kind, filters, onChange, total }: AccountFiltersBarProps) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const id = useId();
  const [typed, setTyped] = useState(filters.q);
  // The URL's text as last seen: when it changes and is not what this box typed, the box shows it.
  const [seenQ, setSeenQ] = useState(filters.q);
  if (filters.q !== seenQ) {
    setSeenQ(filters.q);
    if (filters.q !== typed.trim()) setTyped(filters.q);
  }
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  const search = (text: string) => {
    clearTimeout(pending.current);
    if (text.trim() !== filters.q) onChange({ q: text.trim() });
  };
  const type = (text: string) => {
    setTyped(text);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => onChange({ q: text.trim() }), SEARCH_AFTER_MS);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-box bg-base-200/60 p-4 sm:p-5">
      <h2 id={`${id}-heading`} className="sr-only">
        {t('accounts.filters')}
      </h2>
      <div className="flex flex-col gap-4 md:flex-row md:flex-wrap md:items-end">
        <form
          role="search"
          className="flex min-w-0 flex-1 flex-col gap-1.5 md:min-w-64"
          onSubmit={(event) => {
            event.preventDefault();
            search(typed);
          }}
        >
          <label htmlFor={`${id}-q`} className="text-sm font-semibold text-base-content/85">
            {t(`${kind}.searchLabel`)}
          </label>
          <label className="input w-full">
            <LuSearch className="size-4 shrink-0 opacity-60" aria-hidden="true" />
            <input
              id={`${id}-q`}
              type="search"
              className="grow"
              value={typed}
              maxLength={MAX_ACCOUNT_QUERY}
              placeholder={t('accounts.searchPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => type(event.target.value)}
            />
          </label>
        </form>
        {kind === SELLERS && (
          <div className="flex flex-col gap-1.5 md:w-48">
            <label htmlFor={`${id}-verified`} className="text-sm font-semibold text-base-content/85">
              {t('accounts.verifiedFilter')}
            </label>
            <select
              id={`${id}-verified`}
              className="select w-full"
              value={choiceOf(filters.verified)}
              onChange={(event) => onChange({ verified: flagOf(event.target.value) })}
            >
              <option value={ALL}>{t('accounts.all')}</option>
              <option value={YES}>{t('sellers.verified')}</option>
              <option value={NO}>{t('sellers.notVerified')}</option>
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1.5 md:w-48">
          <label htmlFor={`${id}-proven`} className="text-sm font-semibold text-base-content/85">
            {t('accounts.address')}
          </label>
          <select
            id={`${id}-proven`}
            className="select w-full"
            value={choiceOf(filters.emailProven)}
            onChange={(event) => onChange({ emailProven: flagOf(event.target.value) })}
          >
            <option value={ALL}>{t('accounts.all')}</option>
            <option value={YES}>{t('accounts.onlyProven')}</option>
            <option value={NO}>{t('accounts.notProven')}</option>
          </select>
        </div>
      </div>
      {/* Announced when it changes, so a screen reader hears what a search found without leaving the box. */}
      <p className="text-sm font-medium text-base-content/75" aria-live="polite">
        {total === null ? t('accounts.searching') : t(`${kind}.count`, { count: total, number: formatNumber(total, language) })}
      </p>
    </section>
  );
}

/** True when any filter narrows the table (the page is no filter). */
export function isNarrowed(filters: AccountFilters): boolean {
  return filters.q !== '' || filters.verified !== null || filters.emailProven !== null;
}
