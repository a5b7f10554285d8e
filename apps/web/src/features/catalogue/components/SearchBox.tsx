import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LuSearch, LuX } from '@/components/ui/icons';
import type { BookCardDto } from '@bindings/BookCardDto';
import { Price } from '@/components/ui/Price';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cleanQuery, MAX_QUERY_CHARS, SUGGESTION_COUNT, useSearchSuggestions } from '../api/search-books';
import { bookHref } from './BookCard';

/** Between a suggestion's title, author and price, for screen readers: Bangla writes the same comma. */
const SEPARATOR = ', ';

/** The pause in typing after which the box asks for suggestions. */
export const SUGGEST_AFTER_MS = 200;

/** One suggestion per work: copies of one book from several sellers would otherwise fill the list. */
export function distinctWorks(books: readonly BookCardDto[]): BookCardDto[] {
  const seen = new Set<string>();
  return books.filter((book) => {
    const work = `${book.title.trim().toLowerCase()}\u0000${book.author.trim().toLowerCase()}`;
    if (seen.has(work)) return false;
    seen.add(work);
    return true;
  });
}

/**
 * The search box of the navigation bar, an ARIA combobox: as the user types (after a short pause), up to eight
 * suggestions; the arrow keys move through them, Enter on one opens that book, Enter otherwise searches for the text
 * on /search, Escape closes the list and a second Escape empties the box. On a phone the bar has no room for it: an
 * icon opens it over the bar, with the focus in it.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const language = useLanguage();
  const [text, setText] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [openOnPhone, setOpenOnPhone] = useState(false);
  // Suggestions are for what the user types: the words a page put in the box (the search on /search) ask for none.
  const [edited, setEdited] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const phoneToggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const listId = useId();
  const liveId = useId();

  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SUGGEST_AFTER_MS);
  const query = useSearchSuggestions(edited ? debounced : '');
  const suggestions = edited && typed && query.data ? distinctWorks(query.data.items).slice(0, SUGGESTION_COUNT) : [];
  const expanded = listOpen && suggestions.length > 0;
  const activeIndex = expanded ? suggestions.findIndex((book) => book.id === activeId) : -1;
  const optionId = (index: number) => `${listId}-${index}`;
  // Said once the answer for what is typed now has come (not for an older answer still on screen).
  const settled = listOpen && typed !== '' && debounced === typed && query.isSuccess && !query.isPlaceholderData;
  const found = suggestions.length;
  const announcement = !settled
    ? ''
    : found === 0
      ? t('searchBox.none')
      : t('searchBox.count', { count: found, number: formatNumber(found, language) });

  // Each page the user lands on starts with the list closed; on /search the box holds the words searched for, so the
  // back button brings them back with the results.
  useEffect(() => {
    setListOpen(false);
    setActiveId(null);
    setOpenOnPhone(false);
    setEdited(false);
    if (location.pathname === '/search') setText(new URLSearchParams(location.search).get('q') ?? '');
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (openOnPhone) inputRef.current?.focus();
  }, [openOnPhone]);

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const closePhone = () => {
    setOpenOnPhone(false);
    phoneToggleRef.current?.focus();
  };

  const openBook = (book: BookCardDto) => {
    setText('');
    setListOpen(false);
    setActiveId(null);
    navigate(bookHref(book.id));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = cleanQuery(text);
    if (!q) return;
    setListOpen(false);
    setActiveId(null);
    navigate(`/search?${new URLSearchParams({ q })}`);
  };

  const move = (step: 1 | -1) => {
    if (suggestions.length === 0) return;
    setListOpen(true);
    const from = expanded ? activeIndex : -1;
    const next = from === -1 ? (step === 1 ? 0 : suggestions.length - 1) : (from + step + suggestions.length) % suggestions.length;
    setActiveId(suggestions[next]?.id ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys pressed while an input method composes a word (Bangla keyboards often do) belong to it, not to the list.
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const active = suggestions[activeIndex];
        // With no option chosen, Enter submits the form: a search for the text.
        if (active) {
          event.preventDefault();
          openBook(active);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) {
          setListOpen(false);
          setActiveId(null);
        } else if (text) {
          setText('');
        } else if (openOnPhone) {
          closePhone();
        }
        break;
    }
  };

  return (
    <>
      <button
        ref={phoneToggleRef}
        type="button"
        className="btn btn-ghost btn-square sm:hidden"
        aria-label={t('searchBox.open')}
        aria-expanded={openOnPhone}
        aria-controls={formId}
        onClick={() => setOpenOnPhone(true)}
      >
        <LuSearch className="size-6" aria-hidden="true" />
      </button>
      <form
        id={formId}
        role="search"
        aria-label={t('searchBox.label')}
        onSubmit={onSubmit}
        onBlur={(event) => {
          // Focus went elsewhere (a click outside, Tab): the list closes. Clicks on an option keep the focus here.
          if (!event.currentTarget.contains(event.relatedTarget)) setListOpen(false);
        }}
        className={
          openOnPhone
            ? 'absolute inset-x-0 top-0 z-10 flex h-16 items-center gap-2 bg-base-100 px-4 sm:static sm:h-auto sm:min-w-0 sm:flex-1 sm:bg-transparent sm:px-0'
            : 'hidden min-w-0 flex-1 sm:relative sm:flex'
        }
      >
        <div className="relative min-w-0 flex-1">
          <div className="input w-full">
            <LuSearch className="size-4 shrink-0 text-base-content/60" aria-hidden="true" />
            <input
              ref={inputRef}
              type="text"
              inputMode="search"
              enterKeyHint="search"
              role="combobox"
              aria-label={t('searchBox.label')}
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
              autoComplete="off"
              spellCheck={false}
              maxLength={MAX_QUERY_CHARS}
              placeholder={t('searchBox.placeholder')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setEdited(true);
                setActiveId(null);
                setListOpen(true);
              }}
              onKeyDown={onKeyDown}
              className="min-w-0 grow"
            />
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-label={t('searchBox.suggestions')}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-20 mt-2 max-h-[70dvh] overflow-y-auto rounded-box bg-base-100 p-1 shadow-lift ring-1 ring-base-300/70"
          >
            {suggestions.map((book, index) => (
              <li
                key={book.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // The input keeps the focus (and the list its place) while the pointer presses an option.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openBook(book)}
                className={`flex cursor-pointer items-center justify-between gap-3 rounded-field px-3 py-2 ${
                  index === activeIndex ? 'bg-primary/10 text-primary' : 'hover:bg-base-200'
                }`}
              >
                {/* The commas are for screen readers, which say the option's text as one line. */}
                <span className="flex min-w-0 flex-col">
                  <span className="line-clamp-1 font-medium">
                    {book.title}
                    <span className="sr-only">{SEPARATOR}</span>
                  </span>
                  <span className="line-clamp-1 text-sm text-base-content/70">
                    {book.author}
                    <span className="sr-only">{SEPARATOR}</span>
                  </span>
                </span>
                <Price amount={book.resalePrice} className="shrink-0 font-semibold" />
              </li>
            ))}
          </ul>
        </div>
        {openOnPhone && (
          <button type="button" className="btn btn-ghost btn-square sm:hidden" aria-label={t('searchBox.close')} onClick={closePhone}>
            <LuX className="size-6" aria-hidden="true" />
          </button>
        )}
        <div id={liveId} aria-live="polite" aria-atomic="true" className="sr-only">
          {announcement}
        </div>
      </form>
    </>
  );
}
