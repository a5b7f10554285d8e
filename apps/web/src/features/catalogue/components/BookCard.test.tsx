import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bookCard } from '@/test/fixtures';
import { BookCard } from './BookCard';

function renderCard(variant: 'cover' | 'row' = 'cover') {
  const book = bookCard({ resalePrice: 1200, reviews: 42, ratings: 4.5 });
  render(
    <MemoryRouter>
      <BookCard book={book} variant={variant} />
    </MemoryRouter>,
  );
  return { book, card: screen.getByRole('article') };
}

describe('BookCard', () => {
  it.each(['cover', 'row'] as const)('shows title, author, rating, "N reviews" and "price ৳" (%s)', (variant) => {
    const { card } = renderCard(variant);
    expect(within(card).getByRole('heading', { name: 'Gitanjali' })).toBeInTheDocument();
    expect(within(card).getByText('Rabindranath Tagore')).toBeInTheDocument();
    expect(within(card).getByText('4.5')).toBeInTheDocument();
    expect(within(card).getByText('42 reviews')).toBeInTheDocument();
    expect(within(card).getByText('1,200 ৳')).toBeInTheDocument();
  });

  it('links both the picture and the title to /books/{id}', () => {
    const { book, card } = renderCard();
    const picture = within(card).getByRole('img', { name: 'Gitanjali' });
    expect(picture).toHaveAttribute('src', book.picture);
    expect(picture.closest('a')).toHaveAttribute('href', `/books/${book.id}`);

    const titleLink = within(within(card).getByRole('heading')).getByRole('link', { name: 'Gitanjali' });
    expect(titleLink).toHaveAttribute('href', `/books/${book.id}`);
  });
});
