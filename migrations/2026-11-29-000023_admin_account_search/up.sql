-- The admin's seller and buyer tables, narrowed by a piece of a name or an address and by two flags.
--
-- A piece of text matches anywhere in the name or the address (`lower(x) LIKE '%piece%'`): only a trigram index
-- answers that without reading every account. One per column, so the two halves of the OR are two bitmap scans
-- OR-ed together; partial on live accounts, as the tables only ever show those. A piece shorter than three
-- characters has no trigram: the planner then walks the role's newest-first index below instead.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX accounts_live_name_trgm_idx ON accounts USING gin (lower(name) gin_trgm_ops) WHERE deleted_at IS NULL;
CREATE INDEX accounts_live_email_trgm_idx ON accounts USING gin (lower(email) gin_trgm_ops) WHERE deleted_at IS NULL;

-- "Verified" / "not verified" and "proven address" / "not proven", newest first: each flag with the role leads an
-- index in the table's own order, so a page of either filter, and its count, read only the accounts it shows.
CREATE INDEX accounts_live_role_verified_idx ON accounts (role, verified, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX accounts_live_role_email_verified_idx ON accounts (role, email_verified, created_at DESC, id DESC) WHERE deleted_at IS NULL;
