ALTER TABLE orders DROP COLUMN handover_locked_until, DROP COLUMN handover_wrong_codes, DROP COLUMN completed_at,
    DROP COLUMN payment_method;
DROP INDEX orders_live_book_key;
CREATE UNIQUE INDEX orders_live_book_key ON orders (book_id) WHERE status IN ('pending', 'paid');
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'paid', 'cancelled', 'expired'));
