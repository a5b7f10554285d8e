-- Near spellings, word by word. Comparing a query's trigrams with whole works' keys cost hundreds of milliseconds for
-- a query with a common word (every work with that word was a candidate); a query word is now corrected against the
-- vocabulary of the catalogue's folded words instead, and the corrected words are looked up like exact ones.
--
-- search_words: every folded word of every work (both folds), written with the work; never deleted (a word whose
-- books have all gone only offers a correction that finds nothing).
CREATE TABLE search_words (
    word text PRIMARY KEY
);
-- search_word_variants: each vocabulary word under itself and the forms of it with one letter deleted (two for long
-- words), computed by the server. A query word looks up itself and its own deletions here: every word a slip or two
-- away shares one of them (symmetric deletion), found by exact B-tree lookups whatever the word.
CREATE TABLE search_word_variants (
    variant text NOT NULL,
    word text NOT NULL REFERENCES search_words (word),
    PRIMARY KEY (variant, word)
);

-- Works are no longer matched by trigrams of their whole keys (their similarity still orders near spellings, computed
-- for the few candidates only).
DROP INDEX search_works_native_trgm_idx;
DROP INDEX search_works_roman_trgm_idx;

-- A work's available listings with what a search filters and counts them by, so that they are read from the index
-- alone: at a million listings, fetching each of a search's thousand listings from the table took 9 ms of its 10.
DROP INDEX books_available_by_work_idx;
CREATE INDEX books_available_by_work_idx ON books (work_id, created_at DESC, id DESC) INCLUDE (resale_price, category_id)
    WHERE status = 'available' AND resale_price >= 0;

-- Works keyed by other rules than the server's: every instance looks for them every 10 s.
CREATE INDEX search_works_keys_version_idx ON search_works (keys_version);

-- Every work is keyed again by the server's catch-up, which writes its words into the vocabulary.
UPDATE search_works SET keys_version = 'before-vocabulary';
