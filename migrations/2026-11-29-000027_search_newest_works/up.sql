-- The newest works, flagged, with a GIN index of their own: a search reads a tier's newest matches from this small
-- index first (the newest 16,000 works), and only when they are too few from the index over every work. At a million
-- listings the index over every work fetched and sorted every match of a word a thirtieth of the works have (7,000
-- works, 13-19 ms) to keep the newest 200; the same 200 come from the newest works' index in about 1 ms. The server
-- keeps the flag on the newest 16,000 (every listing flags its work; the periodic catch-up takes the flag off the
-- oldest end).
ALTER TABLE search_works ADD COLUMN newest boolean NOT NULL DEFAULT false;
UPDATE search_works SET newest = true
WHERE id IN (SELECT id FROM search_works ORDER BY listed_at DESC, id DESC LIMIT 16000);
CREATE INDEX search_works_newest_terms_idx ON search_works USING gin (terms) WITH (fastupdate = off) WHERE newest;
-- The flagged works by age: the catch-up finds the ones past the edge here.
CREATE INDEX search_works_newest_idx ON search_works (listed_at DESC, id DESC) WHERE newest;
