-- Reports of listings and sellers, and listings hidden until the admin decides.

-- A hidden listing is off every list (every public read asks for status 'available'); its seller reads why.
ALTER TABLE books DROP CONSTRAINT books_status_check;
ALTER TABLE books ADD CONSTRAINT books_status_check CHECK (status IN ('available', 'pending', 'sold', 'withdrawn', 'hidden'));
ALTER TABLE books
    ADD COLUMN hidden_reason text
        CONSTRAINT books_hidden_reason_known
        CHECK (hidden_reason IN ('wrong_condition', 'counterfeit', 'offensive', 'prohibited', 'scam', 'other')),
    -- Who hid it: 'reports' (enough of them, before the admin looked) or 'admin'.
    ADD COLUMN hidden_by text CONSTRAINT books_hidden_by_known CHECK (hidden_by IN ('reports', 'admin')),
    ADD CONSTRAINT books_hidden_says_why CHECK ((status = 'hidden') = (hidden_reason IS NOT NULL AND hidden_by IS NOT NULL));

CREATE TABLE reports (
    id           uuid        PRIMARY KEY,
    reporter_id  uuid        NOT NULL REFERENCES accounts (id),
    target_type  text        NOT NULL CHECK (target_type IN ('book', 'seller')),
    -- The book or the seller's account reported.
    target_id    uuid        NOT NULL,
    -- The seller behind the target (the book's seller, or the seller reported), so the admin sees a seller's
    -- reports in one place.
    seller_id    uuid        NOT NULL REFERENCES accounts (id),
    reason       text        NOT NULL CHECK (reason IN ('wrong_condition', 'counterfeit', 'offensive', 'prohibited', 'scam', 'other')),
    note         text        CHECK (char_length(note) BETWEEN 1 AND 1000),
    -- Open until the admin decides: dismissed (nothing wrong) or actioned (the listing hidden, the seller closed).
    state        text        NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'dismissed', 'actioned')),
    created_at   timestamptz NOT NULL DEFAULT now(),
    decided_at   timestamptz,
    decided_by   uuid        REFERENCES accounts (id),
    CONSTRAINT reports_decided_when_closed CHECK ((state = 'open') = (decided_at IS NULL)),
    CONSTRAINT reports_book_target CHECK (target_type = 'seller' OR target_id <> seller_id),
    -- A person reports a listing or a seller once.
    CONSTRAINT reports_once UNIQUE (reporter_id, target_type, target_id)
);

-- The admin's queue: reports in one state grouped by target, newest first.
CREATE INDEX reports_state_idx ON reports (state, created_at DESC);
-- Counting a target's reports (three hide a listing), and its history.
CREATE INDEX reports_target_idx ON reports (target_type, target_id, state);
-- A seller's reports, one click from the admin's tables.
CREATE INDEX reports_seller_idx ON reports (seller_id, created_at DESC);
-- A reporter's last day of reports (the daily limit).
CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at DESC);

-- The admin's decisions on listings are recorded beside the account and category actions: `book_id` names the
-- listing hidden or restored; a dismissal names the listing or the seller (`target_id`) whose reports it closed.
ALTER TABLE admin_actions ADD COLUMN book_id uuid REFERENCES books (id);
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (
    (action IN ('verify_seller', 'delete_account') AND target_id IS NOT NULL AND category_id IS NULL AND book_id IS NULL)
    OR (action IN ('rename_category', 'merge_category', 'delete_category') AND target_id IS NULL AND category_id IS NOT NULL
        AND book_id IS NULL)
    OR (action IN ('hide_book', 'restore_book') AND book_id IS NOT NULL AND target_id IS NULL AND category_id IS NULL)
    OR (action = 'dismiss_reports' AND category_id IS NULL AND (book_id IS NULL) <> (target_id IS NULL))
);
CREATE INDEX admin_actions_book_idx ON admin_actions (book_id, at DESC) WHERE book_id IS NOT NULL;
