import type { BookCardDto } from '@bindings/BookCardDto';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { CategoryGroupDto } from '@bindings/CategoryGroupDto';
import type { CategoryPageDto } from '@bindings/CategoryPageDto';
import type { PublicConfigDto } from '@bindings/PublicConfigDto';

export const POETRY = { id: '11111111-1111-4111-8111-111111111111', name: 'Poetry' };
export const THRILLERS = { id: '22222222-2222-4222-8222-222222222222', name: 'Thrillers & Mysteries' };

export function bookCard(overrides: Partial<BookCardDto> = {}): BookCardDto {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    title: 'Gitanjali',
    author: 'Rabindranath Tagore',
    picture: '/images/gitanjali.svg',
    ratings: 4.9,
    reviews: 356,
    resalePrice: 220,
    originalPrice: 350,
    location: 'Nilkhet, Dhaka',
    sellerVerified: true,
    status: 'available',
    ...overrides,
  };
}

export function bookDetail(overrides: Partial<BookDetailDto> = {}): BookDetailDto {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    title: 'Gitanjali',
    author: 'Rabindranath Tagore',
    category: POETRY,
    description: "Song Offerings, Tagore's own English translation.",
    picture: '/images/gitanjali.svg',
    publishYear: 2011,
    ratings: 4.9,
    reviews: 356,
    originalPrice: 650,
    resalePrice: 220,
    status: 'available',
    advertised: true,
    createdAt: '2026-11-21T22:56:00.034706+00:00',
    seller: {
      name: 'Rahim Uddin',
      phone: '01715384926',
      email: 'rahim@puronoboi.test',
      location: 'Nilkhet, Dhaka',
      verified: true,
    },
    ...overrides,
  };
}

export function groups(): CategoryGroupDto[] {
  return [
    { category: POETRY, books: [bookCard()], bookCount: 1 },
    {
      category: THRILLERS,
      bookCount: 30,
      books: [bookCard({ id: 'b0000000-0000-4000-8000-000000000002', title: 'Sonar Kella', author: 'Satyajit Ray' })],
    },
  ];
}

export function categoryPage(overrides: Partial<CategoryPageDto> = {}): CategoryPageDto {
  return { category: POETRY, books: [bookCard()], page: 1, perPage: 12, total: 1, ...overrides };
}

export const PUBLIC_CONFIG: PublicConfigDto = {
  auth: { mode: 'none', firebase: null },
  payments: { provider: 'none', publishableKey: null, stripeJsUrl: null },
};
