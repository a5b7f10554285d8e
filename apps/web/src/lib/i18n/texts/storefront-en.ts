// The English texts of the storefront shown at start (the home page's blocks, book cards, the search box): part of
// the common catalogue (common-en.ts spreads them in), kept in a file of their own.
export const storefront = {} as const;
