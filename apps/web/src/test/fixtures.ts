import type { AdminBuyerDto } from '@bindings/AdminBuyerDto';
import type { AdminSellerDto } from '@bindings/AdminSellerDto';
import type { BookCardDto } from '@bindings/BookCardDto';
import type { BookDetailDto } from '@bindings/BookDetailDto';
import type { BuyerContactDto } from '@bindings/BuyerContactDto';
import type { CategoryGroupDto } from '@bindings/CategoryGroupDto';
import type { CategoryPageDto } from '@bindings/CategoryPageDto';
import type { CategorySummaryDto } from '@bindings/CategorySummaryDto';
import type { ErrorBody } from '@bindings/ErrorBody';
import type { FieldReason } from '@bindings/FieldReason';
import type { ErrorCode } from '@bindings/ErrorCode';
import type { MeDto } from '@bindings/MeDto';
import type { OrderDto } from '@bindings/OrderDto';
import type { PageDto } from '@bindings/PageDto';
import type { PublicConfigDto } from '@bindings/PublicConfigDto';
import type { PublishedReviewDto } from '@bindings/PublishedReviewDto';
import type { SellerBookDto } from '@bindings/SellerBookDto';
import type { SellerProfileDto } from '@bindings/SellerProfileDto';
import type { SessionDto } from '@bindings/SessionDto';
import type { WishListItemDto } from '@bindings/WishListItemDto';

export const POETRY = { id: '11111111-1111-4111-8111-111111111111', name: 'Poetry' };
export const THRILLERS = { id: '22222222-2222-4222-8222-222222222222', name: 'Thrillers & Mysteries' };

export function bookCard(overrides: Partial<BookCardDto> = {}): BookCardDto {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    categoryId: POETRY.id,
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
    condition: 'very_good',
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
    pictures: ['/images/gitanjali.svg'],
    publishYear: 2011,
    ratings: 4.9,
    reviews: 356,
    originalPrice: 650,
    resalePrice: 220,
    status: 'available',
    advertised: true,
    createdAt: '2026-11-21T22:56:00.034706+00:00',
    condition: 'very_good',
    language: 'en',
    isbn: '9780333902981',
    seller: {
      id: 'a0000000-0000-4000-8000-000000000001',
      name: 'Rahim Uddin',
      phone: '01715-384926',
      email: 'rahim@puronoboi.test',
      location: 'Nilkhet, Dhaka',
      verified: true,
      score: { completionRate: 92, completedOrders: 12, reviewAverage: 4.6, reviewCount: 9, newSeller: false },
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
  payments: { provider: 'none', publishableKey: null, stripeJsUrl: null, cardMinimumTaka: 60 },
};

/** A server running the local Firebase Auth emulator, as `just run` and the browser journeys do. */
export const EMULATOR_CONFIG: PublicConfigDto = {
  ...PUBLIC_CONFIG,
  auth: {
    mode: 'emulator',
    firebase: { apiKey: 'fake-api-key', authDomain: 'demo-puronoboi.firebaseapp.com', projectId: 'demo-puronoboi', emulatorUrl: 'http://127.0.0.1:9099' },
  },
};

export function me(overrides: Partial<MeDto> = {}): MeDto {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    name: 'Farhana Akter',
    email: 'farhana@puronoboi.test',
    role: 'buyer',
    verified: false,
    photoUrl: null,
    language: null,
    ...overrides,
  };
}

export const BUYER = me();
export const SELLER = me({ id: 'a0000000-0000-4000-8000-000000000002', name: 'Rahim Uddin', email: 'rahim@puronoboi.test', role: 'seller', verified: true });
export const ADMIN = me({ id: 'a0000000-0000-4000-8000-000000000003', name: 'Admin', email: 'admin@puronoboi.test', role: 'admin', verified: true });

export function sessionFor(user: MeDto, accessToken = `access-${user.id}`): SessionDto {
  return { accessToken, expiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(), user };
}

export const CATEGORY_SUMMARIES: CategorySummaryDto[] = [
  { ...POETRY, bookCount: 12 },
  { ...THRILLERS, bookCount: 30 },
];

/** A listing as its seller sees it in My Products. */
export function sellerBook(overrides: Partial<SellerBookDto> = {}): SellerBookDto {
  return {
    id: 'b0000000-0000-4000-8000-000000000101',
    title: 'Gitanjali',
    author: 'Rabindranath Tagore',
    category: POETRY,
    picture: '/images/gitanjali.svg',
    pictures: ['/images/gitanjali.svg'],
    description: "Song Offerings, Tagore's own English translation.",
    publishYear: 2011,
    ratings: 4.9,
    reviews: 356,
    condition: 'very_good',
    language: 'en',
    isbn: '9780333902981',
    sellerName: 'Rahim Uddin',
    location: 'Nilkhet, Dhaka',
    phone: '01715-384926',
    originalPrice: 650,
    resalePrice: 220,
    status: 'available',
    advertised: false,
    createdAt: '2026-11-21T22:56:00.034706+00:00',
    buyer: null,
    hiddenReason: null,
    ...overrides,
  };
}

/** The buyer of a seller's ordered book, as My Products shows them: a pending order, paid in cash at the meeting. */
export function buyerContact(overrides: Partial<BuyerContactDto> = {}): BuyerContactDto {
  return {
    orderId: 'c0000000-0000-4000-8000-000000000001',
    name: 'Farhana Akter',
    phone: '01712-345678',
    location: 'Dhanmondi 27, Dhaka',
    orderStatus: 'pending',
    paymentMethod: 'cash',
    handoverDeadline: '2026-11-24T10:15:00+00:00',
    ...overrides,
  };
}

/** One page of a paged list; `total` defaults to the items given. */
export function pageOf<T>(items: T[], overrides: Partial<PageDto<T>> = {}): PageDto<T> {
  return { items, page: 1, perPage: 20, total: items.length, ...overrides };
}

export function adminSeller(overrides: Partial<AdminSellerDto> = {}): AdminSellerDto {
  return {
    id: 'a0000000-0000-4000-8000-000000000011',
    name: 'Tanvir Ahmed',
    email: 'tanvir@puronoboi.test',
    emailProven: false,
    verified: false,
    joinedAt: '2026-11-01T09:00:00+00:00',
    listings: 21,
    ...overrides,
  };
}

export function adminBuyer(overrides: Partial<AdminBuyerDto> = {}): AdminBuyerDto {
  return {
    id: 'a0000000-0000-4000-8000-000000000021',
    name: 'Karim Hossain',
    email: 'karim@puronoboi.test',
    emailProven: true,
    joinedAt: '2026-11-02T09:00:00+00:00',
    orders: 0,
    ...overrides,
  };
}

/** An error answer in the server's shape. */
export function errorReply(
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  reasons?: Record<string, FieldReason>,
): { status: number; body: ErrorBody } {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}), ...(reasons ? { reasons } : {}) } } };
}

/** A buyer's order as My Orders and the payment page see it: pending, payable by card. */
export function order(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    bookId: 'b0000000-0000-4000-8000-000000000001',
    title: 'Gitanjali',
    author: 'Rabindranath Tagore',
    picture: '/images/gitanjali.svg',
    price: 220,
    status: 'pending',
    name: BUYER.name,
    email: BUYER.email,
    phone: '01712-345678',
    location: 'Dhanmondi 27, Dhaka',
    createdAt: '2026-11-22T10:15:00+00:00',
    paidAt: null,
    transactionId: null,
    cancelReason: null,
    refunded: false,
    payableByCard: true,
    paymentMethod: 'cash',
    completedAt: null,
    handoverCode: null,
    // A pending order's hold period: 48 hours after it was placed.
    handoverDeadline: '2026-11-24T10:15:00+00:00',
    holdReleased: false,
    review: null,
    canReview: false,
    ...overrides,
  };
}

/** A book on a buyer's wish list, as it is now. */
export function wishListItem(overrides: Partial<WishListItemDto> = {}): WishListItemDto {
  return {
    bookId: 'b0000000-0000-4000-8000-000000000001',
    title: 'Gitanjali',
    author: 'Rabindranath Tagore',
    picture: '/images/gitanjali.svg',
    price: 220,
    status: 'available',
    addedAt: '2026-11-22T09:00:00+00:00',
    ...overrides,
  };
}

/** A seller's public page head: verified, with an established score. */
export function sellerProfile(overrides: Partial<SellerProfileDto> = {}): SellerProfileDto {
  return {
    id: SELLER.id,
    name: SELLER.name,
    verified: true,
    joinedAt: '2026-03-14T09:00:00+00:00',
    score: { completionRate: 92, completedOrders: 12, reviewAverage: 4.6, reviewCount: 12, newSeller: false },
    ...overrides,
  };
}

/** A review on a seller's page, not answered yet. */
export function publishedReview(overrides: Partial<PublishedReviewDto> = {}): PublishedReviewDto {
  return {
    id: 'd0000000-0000-4000-8000-000000000001',
    asDescribed: 5,
    communication: 4,
    onTime: 3,
    comment: 'The book was exactly as described.',
    createdAt: '2026-11-25T08:30:00+00:00',
    buyerFirstName: 'Farhana',
    bookTitle: 'Gitanjali',
    answer: null,
    ...overrides,
  };
}
