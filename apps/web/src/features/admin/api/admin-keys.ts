import { USER_DATA_KEY } from '@/lib/query-client';

/** The admin's tables; under the user-data key, so they go when the admin logs out. */
export const ADMIN_KEY = [...USER_DATA_KEY, 'admin'] as const;
export const SELLERS_KEY = [...ADMIN_KEY, 'sellers'] as const;
export const BUYERS_KEY = [...ADMIN_KEY, 'buyers'] as const;

export const ACCOUNTS_PER_PAGE = 20;
