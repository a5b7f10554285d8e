// The English texts of the auth pages, fetched with them.
export const auth = {} as const;
