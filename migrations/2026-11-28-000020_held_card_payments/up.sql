-- A card no longer pays up front: its authorisation holds the price on the buyer's card (the order is `held`) and the
-- money is taken only at the handover, when the seller enters the buyer's code. A held order not handed over by its
-- deadline, or cancelled, has its hold released: never taken, so nothing needs refunding.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('pending', 'paid', 'held', 'completed', 'cancelled', 'expired'));

-- A held order reserves its book like a pending one: at most one live order a book.
DROP INDEX orders_live_book_key;
CREATE UNIQUE INDEX orders_live_book_key ON orders (book_id) WHERE status IN ('pending', 'paid', 'held', 'completed');

ALTER TABLE orders
    -- When the card authorisation began holding the price; the handover deadline runs from here.
    ADD COLUMN held_at timestamptz,
    -- Set (under the order's row lock) when the right code was entered for a held order and its money is being
    -- taken: the deadline sweep leaves such an order alone, and a second press does not take the money twice.
    ADD COLUMN capture_claimed_at timestamptz,
    -- When the hold of a closed order was released at the provider.
    ADD COLUMN hold_released_at timestamptz;

-- The deadline sweep reads held orders oldest hold first.
CREATE INDEX orders_held_at_idx ON orders (held_at) WHERE status = 'held';

-- Money owed back to a buyer is either a payment taken that must be refunded, or a hold that must be released.
ALTER TABLE owed_refunds ADD COLUMN kind text NOT NULL DEFAULT 'refund' CHECK (kind IN ('refund', 'release'));
