// The English texts of the dashboard pages, fetched with them.
export const dashboard = {} as const;
