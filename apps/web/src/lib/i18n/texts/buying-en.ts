// The English texts of the buying pages, fetched with them.
export const buying = {} as const;
