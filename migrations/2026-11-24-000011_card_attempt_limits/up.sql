-- Card attempts, counted here rather than in a server's memory so that the limits hold across every server instance:
-- at most a few failed attempts per order and a few more attempts per account within an hour.
CREATE TABLE card_attempts (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id uuid        NOT NULL REFERENCES accounts (id),
    order_id   uuid        NOT NULL REFERENCES orders (id),
    at         timestamptz NOT NULL DEFAULT now(),
    -- 'started' until the provider answers. An attempt never finished (the server stopped meanwhile) counts as
    -- failed, so that a crash cannot be used to get round the limit.
    outcome    text        NOT NULL DEFAULT 'started' CHECK (outcome IN ('started', 'failed', 'accepted', 'unanswered'))
);
-- The two counts: an account's attempts and an order's attempts within the last hour.
CREATE INDEX card_attempts_account_idx ON card_attempts (account_id, at);
CREATE INDEX card_attempts_order_idx ON card_attempts (order_id, at);

-- Payments for closed orders that must go back to their buyer and have not yet: a refund the provider reported as
-- failed (or that could not be asked for) stays here, is tried again from retry_at, and leaves when a refund is
-- recorded on the order (orders.refund_id).
CREATE TABLE owed_refunds (
    order_id        uuid        PRIMARY KEY REFERENCES orders (id),
    -- The provider payment to refund.
    payment_id      text        NOT NULL,
    failed_attempts integer     NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
    retry_at        timestamptz NOT NULL DEFAULT now(),
    owed_since      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX owed_refunds_retry_idx ON owed_refunds (retry_at);

