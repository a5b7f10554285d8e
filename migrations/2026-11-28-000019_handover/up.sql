-- A sale ends at the handover: the buyer and the seller meet, and the seller enters the 6-digit code only the buyer's
-- order page shows. A pending order then becomes completed: cash paid at the meeting, the book sold.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'paid', 'completed', 'cancelled', 'expired'));

-- A completed order has sold its book like a paid one: at most one live order a book.
DROP INDEX orders_live_book_key;
CREATE UNIQUE INDEX orders_live_book_key ON orders (book_id) WHERE status IN ('pending', 'paid', 'completed');

ALTER TABLE orders
    -- How the order was (or is to be) paid. Orders paid by card before this column existed are card orders.
    ADD COLUMN payment_method text NOT NULL DEFAULT 'cash' CHECK (payment_method IN ('cash', 'card')),
    ADD COLUMN completed_at timestamptz,
    -- Wrong handover codes in a row, and the lock 5 of them earn (15 minutes): nobody can try all million codes.
    -- The code itself is never stored: it is derived from the server's secret and the order's id.
    ADD COLUMN handover_wrong_codes integer NOT NULL DEFAULT 0 CHECK (handover_wrong_codes >= 0),
    ADD COLUMN handover_locked_until timestamptz;
UPDATE orders SET payment_method = 'card' WHERE payment_id IS NOT NULL;
