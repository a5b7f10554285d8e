-- How many pictures each account uploaded in its current window. The per-account upload rate is counted here, not
-- in a server's memory, so that every server instance sees the same count.
CREATE TABLE upload_quotas (
    account_id   uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    -- When the window opened: at the account's first upload after the previous window ended.
    window_start timestamptz NOT NULL,
    uploads      integer     NOT NULL CHECK (uploads >= 1)
);
