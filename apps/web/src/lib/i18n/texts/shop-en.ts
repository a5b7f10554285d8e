// The English texts of the shop pages, fetched with them.
export const shop = {} as const;
