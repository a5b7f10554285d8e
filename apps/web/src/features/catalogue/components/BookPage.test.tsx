import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import { bookDetail, POETRY } from '@/test/fixtures';
import { callsTo, notFound, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render';

const ID = 'b0000000-0000-4000-8000-000000000001';

function openBook(overrides: Partial<BookDetailDto> = {}) {
  const fetchMock = stubFetch({
    '/api/advertised': { body: [] },
    [`/api/books/${ID}`]: { body: bookDetail(overrides) },
  });
  renderApp(`/books/${ID}`);
  return fetchMock;
}

describe('Book page', () => {
  it('shows the book with the original price struck through and the resale price', async () => {
    openBook({ originalPrice: 650, resalePrice: 220 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gitanjali' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Gitanjali' })).toHaveAttribute('src', '/images/gitanjali.svg');
    const struck = screen.getByText((_, element) => element?.tagName === 'DEL' && /650 ৳/.test(element.textContent ?? ''));
    expect(struck).toBeInTheDocument();
    expect(screen.getByText('220 ৳')).toBeInTheDocument();
    expect(screen.getByText("Song Offerings, Tagore's own English translation.")).toBeInTheDocument();
    expect(screen.getByText('2011')).toBeInTheDocument();
    expect(document.title).toBe('Gitanjali · Puronoboi');
  });

  it('links the category and shows "Unknown" for a missing publish year', async () => {
    openBook({ publishYear: null });
    await screen.findByRole('heading', { level: 1, name: 'Gitanjali' });
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    const categoryLinks = screen.getAllByRole('link', { name: 'Poetry' });
    expect(categoryLinks.length).toBeGreaterThan(0);
    for (const link of categoryLinks) expect(link).toHaveAttribute('href', `/category/${POETRY.id}`);
  });

  it('shows the seller with a verified badge and tel:/mailto: links', async () => {
    openBook();
    const seller = await screen.findByRole('region', { name: 'Seller' });
    expect(within(seller).getByText('Rahim Uddin')).toBeInTheDocument();
    expect(within(seller).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(within(seller).getByRole('link', { name: '01715384926' })).toHaveAttribute('href', 'tel:01715384926');
    expect(within(seller).getByRole('link', { name: 'rahim@puronoboi.test' })).toHaveAttribute(
      'href',
      'mailto:rahim@puronoboi.test',
    );
    expect(within(seller).getByText('Nilkhet, Dhaka')).toBeInTheDocument();
  });

  it('shows no verified badge for an unverified seller', async () => {
    openBook({ seller: { ...bookDetail().seller, verified: false } });
    await screen.findByRole('region', { name: 'Seller' });
    expect(screen.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
  });

  it('asks the visitor to sign in from Buy Now and the wish-list heart', async () => {
    openBook();
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    expect(buy).toBeEnabled();
    await user.click(buy);
    expect(await screen.findByText('Sign in to buy books')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to wish list' }));
    expect(await screen.findByText('Sign in to keep a wish list')).toBeInTheDocument();
  });

  it('disables Buy Now and says so when the book is sold', async () => {
    openBook({ status: 'sold' });
    expect(await screen.findByText('This book has been sold')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it('disables Buy Now while the book is reserved for a buyer', async () => {
    openBook({ status: 'pending' });
    expect(await screen.findByText('This book is reserved for a buyer (payment pending)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it('shows a not-found state with a link to the shop for an unknown id, without retrying', async () => {
    const fetchMock = stubFetch({ '/api/advertised': { body: [] }, '/api/books/nope': notFound() });
    renderApp('/books/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(callsTo(fetchMock, '/api/books/nope')).toBe(1);
    expect(document.title).toBe('Book not found · Puronoboi');
  });

  it('offers Retry when the server fails, and recovers', async () => {
    let healthy = false;
    stubFetch({
      '/api/advertised': { body: [] },
      [`/api/books/${ID}`]: () =>
        healthy
          ? { body: bookDetail() }
          : { status: 500, body: { error: { code: 'internal', message: 'Something broke on our side.' } } },
    });
    renderApp(`/books/${ID}`);
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    healthy = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gitanjali' })).toBeInTheDocument();
  });
});
