DROP INDEX search_works_newest_idx;
DROP INDEX search_works_newest_terms_idx;
ALTER TABLE search_works DROP COLUMN newest;
