DROP INDEX search_works_keys_version_idx;
DROP INDEX books_available_by_work_idx;
CREATE INDEX books_available_by_work_idx ON books (work_id, created_at DESC, id DESC)
    WHERE status = 'available' AND resale_price >= 0;
DROP TABLE search_word_variants;
DROP TABLE search_words;
CREATE INDEX search_works_native_trgm_idx ON search_works USING gin (native gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX search_works_roman_trgm_idx ON search_works USING gin (roman gin_trgm_ops) WITH (fastupdate = off);
UPDATE search_works SET keys_version = 'before-vocabulary';
