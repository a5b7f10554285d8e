import { USER_DATA_KEY } from '@/lib/query-client';

/** The admin's tables; under the user-data key, so they go when the admin logs out. */
export const ADMIN_KEY = [...USER_DATA_KEY, 'admin'] as const;
export const SELLERS_KEY = [...ADMIN_KEY, 'sellers'] as const;
export const BUYERS_KEY = [...ADMIN_KEY, 'buyers'] as const;

export const ACCOUNTS_PER_PAGE = 20;

/**
 * One account's listings or orders, opened from its row. Under the user-data key (they go at logout) but not under
 * ADMIN_KEY: the tables' own cache updates (verify, delete) rewrite every page under ADMIN_KEY as a table page.
 */
export const SELLER_BOOKS_KEY = [...USER_DATA_KEY, 'adminSellerBooks'] as const;
export const BUYER_ORDERS_KEY = [...USER_DATA_KEY, 'adminBuyerOrders'] as const;

/** The admin's category table (and the merge dialog's list of categories to merge into). */
export const ADMIN_CATEGORIES_KEY = [...ADMIN_KEY, 'categories'] as const;
export const CATEGORIES_PER_PAGE = 50;
