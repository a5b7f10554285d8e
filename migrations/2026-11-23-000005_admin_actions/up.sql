-- Every admin action, kept for good: who did what to whom, and when.
CREATE TABLE admin_actions (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    admin_id    uuid        NOT NULL REFERENCES accounts (id),
    action      text        NOT NULL CHECK (action IN ('verify_seller', 'delete_account')),
    target_id   uuid        NOT NULL REFERENCES accounts (id),
    at          timestamptz NOT NULL DEFAULT now()
);
-- What was done to an account, and what an admin did, newest first.
CREATE INDEX admin_actions_target_idx ON admin_actions (target_id, at DESC);
CREATE INDEX admin_actions_admin_idx ON admin_actions (admin_id, at DESC);

-- A seller's own listings, newest first, with a stable order among books listed in the same instant.
DROP INDEX books_seller_idx;
CREATE INDEX books_seller_idx ON books (seller_id, created_at DESC, id DESC);
