-- The vocabulary's words by prefix, compared byte by byte as tsquery prefixes are: search lists the few words a query
-- prefix starts and asks GIN for them as whole words. GIN reads a prefix by collecting every row of every word it
-- starts before it can combine the query's words, which cost 6-12 ms at a million listings for a prefix of a common
-- word; whole words it reads side by side, skipping to the rows the rarest one has (about 1 ms for the same query).
CREATE INDEX search_words_by_prefix_idx ON search_words ((word COLLATE "C"));
