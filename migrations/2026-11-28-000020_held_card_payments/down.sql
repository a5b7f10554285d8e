ALTER TABLE owed_refunds DROP COLUMN kind;
DROP INDEX orders_held_at_idx;
ALTER TABLE orders DROP COLUMN held_at, DROP COLUMN capture_claimed_at, DROP COLUMN hold_released_at;
UPDATE orders SET status = 'paid' WHERE status = 'held';
DROP INDEX orders_live_book_key;
CREATE UNIQUE INDEX orders_live_book_key ON orders (book_id) WHERE status IN ('pending', 'paid', 'completed');
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'paid', 'completed', 'cancelled', 'expired'));
