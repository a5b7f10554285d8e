-- Orders, card payments and wish lists.

-- A buyer's order for one book. Title, author, picture and price are copied from the book when the order is
-- placed, and the buyer's name and e-mail from their account: never from the request.
CREATE TABLE orders (
    id                   uuid        PRIMARY KEY,
    book_id              uuid        NOT NULL REFERENCES books (id),
    buyer_id             uuid        NOT NULL REFERENCES accounts (id),
    title                text        NOT NULL,
    author               text        NOT NULL,
    picture_url          text        NOT NULL,
    -- Whole taka, like the book's prices.
    price                integer     NOT NULL CHECK (price BETWEEN 1 AND 500000),
    buyer_name           text        NOT NULL,
    buyer_email          text        NOT NULL,
    phone                text        NOT NULL CHECK (phone ~ '^\+8801[3-9][0-9]{8}$'),
    location             text        NOT NULL CHECK (length(btrim(location)) BETWEEN 1 AND 200),
    status               text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled', 'expired')),
    cancel_reason        text        CHECK (cancel_reason IN ('by_buyer', 'buyer_account_closed', 'seller_account_closed')),
    created_at           timestamptz NOT NULL DEFAULT now(),
    -- When it was cancelled or expired.
    closed_at            timestamptz,
    -- The card payment provider's payment opened for this order (one per order, reused by every attempt).
    payment_id           text        UNIQUE,
    -- The last time a card was tried: the expiry sweep leaves an order alone for a while after an attempt, so a
    -- payment waiting for 3-D Secure is not cut off.
    payment_attempted_at timestamptz,
    paid_at              timestamptz,
    -- The provider's id for the payment that paid it.
    transaction_id       text,
    -- A payment that succeeded after the order closed, returned because the book had gone.
    refund_id            text,
    CONSTRAINT orders_paid_has_payment CHECK ((status = 'paid') = (paid_at IS NOT NULL AND transaction_id IS NOT NULL)),
    CONSTRAINT orders_cancelled_has_reason CHECK ((status = 'cancelled') = (cancel_reason IS NOT NULL))
);
-- One live (pending or paid) order per book: whatever the timing, a book is held by, and sold to, one buyer.
CREATE UNIQUE INDEX orders_live_book_key ON orders (book_id) WHERE status IN ('pending', 'paid');
-- A buyer's orders, newest first (My Orders, and the buyer's pending count).
CREATE INDEX orders_buyer_idx ON orders (buyer_id, created_at DESC, id DESC);
-- The expiry sweep reads pending orders, oldest first.
CREATE INDEX orders_pending_created_idx ON orders (created_at) WHERE status = 'pending';

-- One row per order paid by card, kept for good.
CREATE TABLE payments (
    id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id       uuid        NOT NULL UNIQUE REFERENCES orders (id),
    -- The provider's payment id (a Stripe PaymentIntent id).
    transaction_id text        NOT NULL UNIQUE,
    -- Whole taka.
    amount         integer     NOT NULL CHECK (amount BETWEEN 1 AND 500000),
    buyer_id       uuid        NOT NULL REFERENCES accounts (id),
    book_id        uuid        NOT NULL REFERENCES books (id),
    paid_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_buyer_idx ON payments (buyer_id, paid_at DESC);
CREATE INDEX payments_book_idx ON payments (book_id);

-- The books a buyer keeps an eye on. Read with the book as it is now, never a copy.
CREATE TABLE wish_list_items (
    buyer_id uuid        NOT NULL REFERENCES accounts (id),
    book_id  uuid        NOT NULL REFERENCES books (id),
    added_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (buyer_id, book_id)
);
CREATE INDEX wish_list_items_buyer_idx ON wish_list_items (buyer_id, added_at DESC);
CREATE INDEX wish_list_items_book_idx ON wish_list_items (book_id);
