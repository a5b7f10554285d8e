-- Search: one row per distinct work (a title and its author, however each seller typed them), with keys computed by
-- the server when a listing is written (so any PostgreSQL 15+ works, managed ones included, with pg_trgm alone):
--   native: the words in their own script, folded (Bengali without the signs pg_trgm would split words at);
--   roman:  the words romanized and spelling-folded, so that Bengali script, romanized Bangla and English meet;
--   terms:  every folded word, for exact and prefix matches.
-- Listings point at their work; a search finds works, then their available listings.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE search_works (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- Title and author normalized (Unicode form, letter case, spacing): listings with equal identities are one work.
    identity text NOT NULL UNIQUE,
    -- As the first seller typed them: the source the keys are computed from again when the rules change.
    title text NOT NULL,
    author text NOT NULL,
    native text NOT NULL,
    roman text NOT NULL,
    terms tsvector NOT NULL,
    -- The rules (and alias list) the keys were made with; the server re-keys rows of another version.
    keys_version text NOT NULL,
    -- When a listing of this work was last written: "newer listings first" among equally good matches.
    listed_at timestamptz NOT NULL DEFAULT now()
);

-- GIN, not GiST: a rare or misspelt word has few candidates in GIN and is cheap; common words are answered by the
-- exact and prefix tiers first. fastupdate off: a search never pays for merging a pending list.
CREATE INDEX search_works_native_trgm_idx ON search_works USING gin (native gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX search_works_roman_trgm_idx ON search_works USING gin (roman gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX search_works_terms_idx ON search_works USING gin (terms) WITH (fastupdate = off);
-- A common word's matches are read newest first and the read stops at the limit.
CREATE INDEX search_works_listed_at_idx ON search_works (listed_at DESC, id DESC);

ALTER TABLE books ADD COLUMN work_id bigint REFERENCES search_works (id);
-- A work's available listings, newest first. (The price bound in the predicate: see the two indexes below.)
CREATE INDEX books_available_by_work_idx ON books (work_id, created_at DESC, id DESC)
    WHERE status = 'available' AND resale_price >= 0;
-- Listings written without a work (a bulk load, a restore, the rows from before search): the server keys them,
-- newest first, so that a work's first listing keyed is its newest and the rest never rewrite the work's row.
CREATE INDEX books_unindexed_idx ON books (created_at DESC, id DESC) WHERE work_id IS NULL;
-- Searching without words: every available book, newest first or by price. Search always bounds the price, and
-- the bound in these predicates (and in books_available_by_work_idx's) keeps the indexes to it: the category reads,
-- which never name a price, cannot take one of them for books_available_by_category_idx when the planner finds their
-- costs equal (on small tables it does).
CREATE INDEX books_available_newest_idx ON books (created_at DESC, id DESC) WHERE status = 'available' AND resale_price >= 0;
CREATE INDEX books_available_by_price_idx ON books (resale_price, created_at DESC, id DESC)
    WHERE status = 'available' AND resale_price >= 0;
