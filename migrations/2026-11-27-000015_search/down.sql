DROP INDEX books_available_by_price_idx;
DROP INDEX books_available_newest_idx;
DROP INDEX books_unindexed_idx;
DROP INDEX books_available_by_work_idx;
ALTER TABLE books DROP COLUMN work_id;
DROP TABLE search_works;
-- pg_trgm stays: another database object may use it, and it costs nothing unused.
