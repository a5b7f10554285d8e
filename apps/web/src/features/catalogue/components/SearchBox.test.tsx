import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResultsDto } from '@bindings/SearchResultsDto';
import { signedOut } from '@/test/auth';
import { bookCard } from '@/test/fixtures';
import { callsTo, stubFetch, type Reply } from '@/test/fetch-stub';
import { switchLanguage } from '@/lib/i18n/translations';
import { renderApp } from '@/test/render';
import { SUGGEST_AFTER_MS } from './SearchBox';

const PATHER = bookCard({ id: 'b0000000-0000-4000-8000-00000000000a', title: 'পথের পাঁচালী', author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়', resalePrice: 180 });
const PATHER_COPY = bookCard({ ...PATHER, id: 'b0000000-0000-4000-8000-00000000000b', resalePrice: 150 });
const APARAJITO = bookCard({ id: 'b0000000-0000-4000-8000-00000000000c', title: 'Aparajito', author: 'Bibhutibhushan Bandyopadhyay', resalePrice: 200 });
const PANCHALI_ESSAYS = bookCard({ id: 'b0000000-0000-4000-8000-00000000000d', title: 'Panchali Essays', author: 'Someone Else', resalePrice: 90 });

function results(items = [PATHER, PATHER_COPY, APARAJITO, PANCHALI_ESSAYS]): SearchResultsDto {
  return { items, page: 1, perPage: 8, total: items.length };
}

/** The search API, answering `items` for every query and recording the words asked for. */
function searchApi(asked: string[], items?: SearchResultsDto['items']): Reply {
  return (url) => {
    asked.push(url.searchParams.get('q') ?? '');
    return { body: results(items) };
  };
}

/** The home page's own requests, for tests that show the box over it. */
const homeApi = { '/api/advertised': { body: [] }, '/api/books/grouped': { body: [] } };

/**
 * A user whose keys follow each other without waiting for the clock: a word typed in one go is one pause in typing, as
 * for a person, however slow the machine running the test.
 */
function typist() {
  return userEvent.setup({ delay: null });
}

function combobox() {
  return screen.getByRole('combobox', { name: 'Search books' });
}

async function typeAndWaitForSuggestions(text: string) {
  const user = typist();
  await user.click(combobox());
  await user.type(combobox(), text);
  await screen.findByRole('listbox', { name: 'Suggestions' });
  return user;
}

describe('the search box in the navigation bar', () => {
  it('is an ARIA combobox whose list shows each work once, with title, author and price', async () => {
    const asked: string[] = [];
    stubFetch({ ...signedOut(), '/api/search': searchApi(asked) });
    renderApp('/blog');
    const input = combobox();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await typeAndWaitForSuggestions('pother pachali');

    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    const options = within(list).getAllByRole('option');
    // Two copies of পথের পাঁচালী by one author are one suggestion.
    expect(options.map((option) => option.textContent)).toEqual([
      'পথের পাঁচালী, বিভূতিভূষণ বন্দ্যোপাধ্যায়, 180 ৳',
      'Aparajito, Bibhutibhushan Bandyopadhyay, 200 ৳',
      'Panchali Essays, Someone Else, 90 ৳',
    ]);
    // Read as one line by a screen reader: title, author and price apart.
    expect(options[0]).toHaveAccessibleName(/^পথের পাঁচালী\s*,\s*বিভূতিভূষণ বন্দ্যোপাধ্যায়\s*,\s*180 ৳$/);
    expect(await screen.findByText('3 suggestions')).toHaveAttribute('aria-live', 'polite');
    // Asked once, for the whole text, with eight results at most.
    expect(asked).toEqual(['pother pachali']);
  });

  it('asks once per pause in typing, never for blank text, and reuses the answer for words typed again', async () => {
    const asked: string[] = [];
    const fetchMock = stubFetch({ ...signedOut(), '/api/search': searchApi(asked) });
    renderApp('/blog');
    const user = typist();
    await user.type(combobox(), '   ');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_AFTER_MS * 2));
    expect(callsTo(fetchMock, '/api/search')).toBe(0);

    await user.clear(combobox());
    await user.type(combobox(), 'apu');
    await screen.findByRole('listbox');
    expect(asked).toEqual(['apu']);
    const requested = new URL(String(fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/search'))?.[0]), 'http://localhost');
    expect(requested.searchParams.get('perPage')).toBe('8');

    await user.type(combobox(), 'r');
    await waitFor(() => expect(asked).toEqual(['apu', 'apur']));
    await user.type(combobox(), '{Backspace}');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_AFTER_MS * 2));
    expect(asked, 'the answer for "apu" came from the cache').toEqual(['apu', 'apur']);
  });

  it('cancels the request for text the user has typed past', async () => {
    const signals: AbortSignal[] = [];
    stubFetch({
      ...signedOut(),
      '/api/search': (url, init) => {
        const signal = init.signal as AbortSignal;
        signals.push(signal);
        // The answer for "ap" never comes: the user types on before it does.
        if (url.searchParams.get('q') === 'ap') return new Promise(() => undefined);
        return { body: results() };
      },
    });
    renderApp('/blog');
    const user = typist();
    await user.type(combobox(), 'ap');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.type(combobox(), 'u');
    await screen.findByRole('listbox');
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('moves through the options with the arrow keys (wrapping) and opens the active book with Enter', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([]) });
    const { router } = renderApp('/blog');
    const user = await typeAndWaitForSuggestions('pother');
    const input = combobox();
    const options = () => screen.getAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input, 'past the last option: the first').toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input, 'before the first option: the last').toHaveAttribute('aria-activedescendant', options()[2]?.id);
    await user.keyboard('{ArrowUp}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    expect(input).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/books/${APARAJITO.id}`));
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches for the text on /search with Enter when no option is active', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([]), '/api/categories': { body: [] } });
    const { router } = renderApp('/blog');
    const user = await typeAndWaitForSuggestions('  Pather Panchli ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Pather Panchli');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox(), 'the box keeps the words searched for').toHaveValue('Pather Panchli');
  });

  it('holds the words searched for on /search, without asking for suggestions until the user types', async () => {
    const perPages: string[] = [];
    stubFetch({
      ...signedOut(),
      '/api/categories': { body: [] },
      '/api/search': (url) => {
        perPages.push(url.searchParams.get('perPage') ?? '');
        return { body: results() };
      },
    });
    renderApp('/search?q=apu');
    await screen.findByRole('heading', { level: 1, name: 'Results for “apu”' });
    expect(combobox()).toHaveValue('apu');
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_AFTER_MS * 2));
    expect(perPages, 'only the page asked, for its 24 results').toEqual(['24']);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('does nothing on Enter with an empty box', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([]) });
    const { router } = renderApp('/blog');
    const user = typist();
    await user.click(combobox());
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/blog');
  });

  it('leaves the keys to an input method that is composing a word', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([]) });
    const { router } = renderApp('/blog');
    await typeAndWaitForSuggestions('pother');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown', isComposing: true });
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    fireEvent.keyDown(combobox(), { key: 'Enter', isComposing: true });
    fireEvent.keyDown(combobox(), { key: 'Escape', isComposing: true });
    expect(router.state.location.pathname).toBe('/blog');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens a suggestion clicked with the pointer', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([]) });
    const { router } = renderApp('/blog');
    const user = await typeAndWaitForSuggestions('pother');
    await user.click(screen.getByRole('option', { name: /^পথের পাঁচালী/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/books/${PATHER.id}`));
  });

  it('closes the list on Escape and empties the box on a second Escape', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([]) });
    renderApp('/blog');
    const user = await typeAndWaitForSuggestions('pother');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    expect(combobox()).toHaveValue('pother');

    // The arrow key opens the list again on the same suggestions.
    await user.keyboard('{ArrowDown}');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(combobox()).toHaveValue('');
    expect(combobox()).toHaveFocus();
  });

  it('closes the list when the user clicks outside it', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([]) });
    renderApp('/blog');
    const user = await typeAndWaitForSuggestions('pother');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nothing matches, and shows no list', async () => {
    stubFetch({ ...signedOut(), '/api/search': searchApi([], []) });
    renderApp('/blog');
    const user = typist();
    await user.type(combobox(), 'zzzz');
    expect(await screen.findByText('No suggestions')).toBeInTheDocument();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone, opens from its icon with the focus in the box, and closes back to the icon', async () => {
    stubFetch(signedOut());
    renderApp('/blog');
    const user = typist();
    const open = screen.getByRole('button', { name: 'Search books' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(open.getAttribute('aria-controls') ?? '')).toContainElement(combobox());
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(combobox()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();

    // Escape in the empty box closes it too.
    await user.click(open);
    await user.keyboard('{Escape}');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Close search' })).not.toBeInTheDocument();
  });

  it('speaks Bangla: its names, placeholder, suggestions and prices in Bengali digits', async () => {
    await switchLanguage('bn');
    const asked: string[] = [];
    const aparajito = bookCard({ ...APARAJITO, title: 'অপরাজিত', author: PATHER.author, resalePrice: 1200 });
    stubFetch({ ...signedOut(), ...homeApi, '/api/search': searchApi(asked, [PATHER, PATHER_COPY, aparajito]) });
    renderApp('/');
    const user = typist();
    const input = screen.getByRole('combobox', { name: 'বই খুঁজুন' });
    expect(input).toHaveAttribute('placeholder', 'বইয়ের নাম বা লেখকের নাম লিখুন');
    expect(screen.getByRole('search', { name: 'বই খুঁজুন' })).toContainElement(input);
    expect(screen.getByRole('button', { name: 'বই খুঁজুন' })).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'পথের');
    const list = await screen.findByRole('listbox', { name: 'প্রস্তাবিত বই' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'পথের পাঁচালী, বিভূতিভূষণ বন্দ্যোপাধ্যায়, ১৮০ ৳',
      'অপরাজিত, বিভূতিভূষণ বন্দ্যোপাধ্যায়, ১,২০০ ৳',
    ]);
    expect(await screen.findByText('২টি বই পাওয়া গেছে')).toHaveAttribute('aria-live', 'polite');
    // Nothing of the box is left in English (the books are in Bangla here).
    const form = screen.getByRole('search');
    expect(form.textContent).not.toMatch(/[A-Za-z]{3,}/);

    // On a phone: the icon opens it, and a button closes it.
    await user.click(screen.getByRole('button', { name: 'বই খুঁজুন' }));
    expect(screen.getByRole('button', { name: 'খোঁজা বন্ধ করুন' })).toBeInTheDocument();
  });

  it('says in Bangla when nothing matches', async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedOut(), ...homeApi, '/api/search': searchApi([], []) });
    renderApp('/');
    await typist().type(screen.getByRole('combobox', { name: 'বই খুঁজুন' }), 'zzzz');
    expect(await screen.findByText('কোনো বই পাওয়া যায়নি')).toBeInTheDocument();
  });
});
