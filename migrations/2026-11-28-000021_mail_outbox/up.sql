-- E-mail about orders goes through an outbox: the statement that changes an order writes the notices it causes in
-- the same transaction, so a notice exists exactly when its change was committed, and a worker on any server
-- instance delivers it afterwards. A row is one message to one person; (order_id, kind, recipient) is unique, so
-- writing a notice again (a retried request, a second sweep) adds nothing.
CREATE TABLE mail_outbox (
    id bigserial PRIMARY KEY,
    order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE, -- a notice tells of its order, and goes with it
    kind text NOT NULL CHECK (kind IN ('order_placed', 'card_held', 'completed', 'cancelled', 'expired', 'deadline_soon')),
    recipient text NOT NULL CHECK (recipient IN ('buyer', 'seller')),
    created_at timestamptz NOT NULL DEFAULT now(),
    -- When a worker may take it next: now for a new row; moved on while a worker holds it (its lease) and after a
    -- failed attempt (the backoff).
    due_at timestamptz NOT NULL DEFAULT now(),
    -- Failed delivery attempts so far.
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error text,
    sent_at timestamptz,
    -- Set when the message will never be sent: refused for good, out of attempts, or its recipient's account closed.
    dropped_at timestamptz,
    CONSTRAINT mail_outbox_once UNIQUE (order_id, kind, recipient),
    CONSTRAINT mail_outbox_settled_once CHECK (sent_at IS NULL OR dropped_at IS NULL)
);

-- What the workers look for, due first: only the rows still to deliver, so the index stays small however much mail
-- has gone out.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (due_at) WHERE sent_at IS NULL AND dropped_at IS NULL;
