import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { switchLanguage } from '@/lib/i18n/translations';
import { bookCard } from '@/test/fixtures';
import { BookCard } from './BookCard';

function renderCard(variant: 'cover' | 'row' = 'cover') {
  const book = bookCard({ resalePrice: 1200, originalPrice: 1500, reviews: 42, ratings: 4.5 });
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

  it('tells screen readers the rating out of 5 and the original price', () => {
    const { card } = renderCard();
    expect(within(card).getByText('Rated 4.5 out of 5')).toHaveClass('sr-only');
    expect(card.querySelector('del')).toHaveTextContent('Original price 1,500 ৳');
  });

  it.each(['cover', 'row'] as const)('speaks Bangla, with prices, rating and reviews in Bengali digits (%s)', async (variant) => {
    await switchLanguage('bn');
    const book = bookCard({
      title: 'পথের পাঁচালী',
      author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়',
      location: 'নীলক্ষেত, ঢাকা',
      resalePrice: 1200,
      originalPrice: 12500,
      ratings: 4.5,
      reviews: 42,
      status: 'sold',
    });
    render(
      <MemoryRouter>
        <BookCard book={book} variant={variant} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText('১,২০০ ৳')).toBeInTheDocument();
    expect(card.querySelector('del')).toHaveTextContent('মূল দাম ১২,৫০০ ৳');
    expect(within(card).getByText('৪.৫')).toBeInTheDocument();
    expect(within(card).getByText('৫-এর মধ্যে ৪.৫ রেটিং')).toHaveClass('sr-only');
    expect(within(card).getByText('৪২টি রিভিউ')).toBeInTheDocument();
    expect(within(card).getByText('বিক্রি হয়ে গেছে')).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/[A-Za-z0-9]/);
  });
});
