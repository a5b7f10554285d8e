// The English texts of the blog pages, fetched with them.
export const blog = {} as const;
