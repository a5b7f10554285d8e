import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAs } from '@/test/auth';
import { BUYER, bookCard, categoryPage, CATEGORY_SUMMARIES, POETRY } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { switchLanguage } from '@/lib/i18n/translations';

const CATEGORY_BOOKS = `/api/categories/${POETRY.id}/books`;

/** The query string of each request to `path`, in order. */
function queriesTo(fetchMock: ReturnType<typeof stubFetch>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** A category that has a Good copy in Bangla and nothing else matching. */
function categoryServer() {
  return stubFetch({
    ...signedInAs(BUYER),
    [CATEGORY_BOOKS]: (url) => {
      const condition = url.searchParams.get('condition');
      const language = url.searchParams.get('language');
      const good = bookCard({ id: 'good-bn', title: 'Pather Panchali', condition: 'good' });
      const fine = bookCard({ id: 'fine', title: 'Gitanjali', condition: 'like_new' });
      if (condition === null && language === null) return { body: categoryPage({ books: [good, fine], total: 2 }) };
      const matches = (condition === null || condition === 'good') && (language === null || language === 'bn') ? [good] : [];
      return { body: categoryPage({ books: matches, total: matches.length }) };
    },
  });
}

describe('Category page filters', () => {
  it('applies a condition and a language at once, keeps them in the URL and asks the server for them', async () => {
    const fetchMock = categoryServer();
    const user = userEvent.setup();
    const { router } = renderApp(`/category/${POETRY.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Poetry' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    // Each card shows its grade.
    expect(within(screen.getAllByRole('article')[1]!).getByText('Condition: Like New')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Condition'), 'Good');
    await waitFor(() => expect(router.state.location.search).toBe('?condition=good'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('1 copy matches these filters.')).toBeInTheDocument();
    expect(queriesTo(fetchMock, CATEGORY_BOOKS).at(-1)?.get('condition')).toBe('good');

    await user.selectOptions(screen.getByLabelText('Language'), 'Bangla');
    await waitFor(() => expect(router.state.location.search).toBe('?condition=good&language=bn'));
    const last = queriesTo(fetchMock, CATEGORY_BOOKS).at(-1);
    expect(last?.get('condition')).toBe('good');
    expect(last?.get('language')).toBe('bn');
    expect(last?.get('page')).toBe('1');
  });

  it('says no copies match, and Clear filters shows every book again', async () => {
    categoryServer();
    const user = userEvent.setup();
    const { router } = renderApp(`/category/${POETRY.id}?condition=acceptable`);
    expect(await screen.findByRole('heading', { name: 'No copies match these filters' })).toBeInTheDocument();
    expect(screen.getByLabelText('Condition')).toHaveValue('acceptable');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('reads a hand-edited grade the server does not know as "any"', async () => {
    const fetchMock = categoryServer();
    renderApp(`/category/${POETRY.id}?condition=mint`);
    await screen.findByRole('heading', { level: 1, name: 'Poetry' });
    expect(queriesTo(fetchMock, CATEGORY_BOOKS)[0]?.has('condition')).toBe(false);
    expect(screen.getByLabelText('Condition')).toHaveValue('');
  });

  it('offers the grades and languages in Bangla', async () => {
    await switchLanguage('bn');
    categoryServer();
    renderApp(`/category/${POETRY.id}`);
    const condition = await screen.findByLabelText('অবস্থা');
    expect(within(condition).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'যেকোনো অবস্থা',
      'নতুনের মতো',
      'খুব ভালো',
      'ভালো',
      'চলনসই',
    ]);
    expect(within(screen.getByLabelText('ভাষা')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'যেকোনো ভাষা',
      'বাংলা',
      'ইংরেজি',
      'অন্য ভাষা',
    ]);
  });
});

describe('Search filters', () => {
  it('writes the condition and language into the URL and sends them to the search', async () => {
    const fetchMock = stubFetch({
      '/api/categories': { body: CATEGORY_SUMMARIES },
      '/api/search': (url) => ({
        body: { items: url.searchParams.get('condition') === 'like_new' ? [] : [bookCard()], page: 1, perPage: 24, total: url.searchParams.get('condition') === 'like_new' ? 0 : 1 },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/search?q=gitanjali');
    await screen.findByRole('heading', { name: 'Gitanjali' });

    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    await waitFor(() => expect(router.state.location.search).toBe('?q=gitanjali&language=en'));
    expect(queriesTo(fetchMock, '/api/search').at(-1)?.get('language')).toBe('en');

    await user.selectOptions(screen.getByLabelText('Condition'), 'Like New');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('condition')).toBe('like_new'));
    const last = queriesTo(fetchMock, '/api/search').at(-1);
    expect(last?.get('condition')).toBe('like_new');
    expect(last?.get('language')).toBe('en');
    expect(await screen.findByRole('heading', { name: 'No books match “gitanjali”' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=gitanjali'));
  });
});
