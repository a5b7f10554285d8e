import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedInAs } from '@/test/auth';
import { BUYER, bookCard, categoryPage, POETRY } from '@/test/fixtures';
import { callsTo, notFound, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';
import { switchLanguage } from '@/lib/i18n/translations';

const PATH = `/api/categories/${POETRY.id}/books`;

function pageOf(page: number) {
  const books = Array.from({ length: page === 1 ? 12 : 1 }, (_, i) =>
    bookCard({ id: `p${page}-${i}`, title: `Poem book ${page}-${i}` }),
  );
  return categoryPage({ books, page, total: 13 });
}

describe('Category page (signed in)', () => {
  it('titles the page with the category name and paginates twelve per page through the URL', async () => {
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      [PATH]: (url) => ({ body: pageOf(Number(url.searchParams.get('page'))) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/category/${POETRY.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Poetry' })).toBeInTheDocument();
    expect(document.title).toBe('Poetry · Puronoboi');
    expect(screen.getAllByRole('article')).toHaveLength(12);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();
    const requested = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(requested.searchParams.get('perPage')).toBe('12');

    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Poem book 2-0' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reads the page from the URL', async () => {
    stubFetch({
      ...signedInAs(BUYER),
      [PATH]: (url) => ({ body: pageOf(Number(url.searchParams.get('page'))) }),
    });
    renderApp(`/category/${POETRY.id}?page=2`);
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('says so when the category has no books', async () => {
    stubFetch({ ...signedInAs(BUYER), [PATH]: { body: categoryPage({ books: [], total: 0 }) } });
    renderApp(`/category/${POETRY.id}`);
    expect(await screen.findByRole('heading', { name: 'No books in this category yet' })).toBeInTheDocument();
  });

  it('shows a not-found state for an unknown category, asking the server only once', async () => {
    const fetchMock = stubFetch({
      ...signedInAs(BUYER),
      '/api/categories/nope/books': notFound('No category has this id.'),
    });
    renderApp('/category/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(callsTo(fetchMock, '/api/categories/nope/books')).toBe(1);
  });
});

describe('Category page in Bangla', () => {
  it('counts the books in Bengali digits', async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedInAs(BUYER), [PATH]: (url) => ({ body: pageOf(Number(url.searchParams.get('page'))) }) });
    renderApp(`/category/${POETRY.id}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Poetry' });
    const header = heading.closest('header');
    expect(header).toHaveTextContent('ক্যাটাগরি');
    expect(header).toHaveTextContent('সারা বাংলাদেশের বিক্রেতাদের কাছ থেকে ১৩টি বই পাওয়া যাচ্ছে।');
    // Only the category's name (the seller's words) is in Latin letters.
    expect(header?.textContent?.replace('Poetry', '')).not.toMatch(/[A-Za-z0-9]/);
  });

  it('says in Bangla that a category is empty', async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedInAs(BUYER), [PATH]: { body: categoryPage({ books: [], total: 0 }) } });
    renderApp(`/category/${POETRY.id}`);
    expect(await screen.findByRole('heading', { name: 'এই ক্যাটাগরিতে এখনো কোনো বই নেই' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'দোকানের বইগুলো দেখুন' })).toHaveAttribute('href', '/shop');
    expect(screen.getByText(/০টি বই পাওয়া যাচ্ছে/)).toBeInTheDocument();
  });

  it('says in Bangla how many pages there are when the page is past the end', async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedInAs(BUYER), [PATH]: { body: categoryPage({ books: [], page: 5, total: 13 }) } });
    renderApp(`/category/${POETRY.id}?page=5`);
    expect(await screen.findByRole('heading', { name: 'এই পাতায় কোনো বই নেই' })).toBeInTheDocument();
    expect(screen.getByText('এই ক্যাটাগরিতে মোট ২টি পাতা আছে।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'প্রথম পাতায় যান' })).toBeInTheDocument();
  });

  it('says in Bangla that a category does not exist', async () => {
    await switchLanguage('bn');
    stubFetch({ ...signedInAs(BUYER), '/api/categories/nope/books': notFound('No category has this id.') });
    renderApp('/category/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'ক্যাটাগরিটি পাওয়া যায়নি' })).toBeInTheDocument();
    expect(document.title).toMatch(/^ক্যাটাগরিটি পাওয়া যায়নি · /);
  });
});
