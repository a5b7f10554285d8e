ALTER TABLE books DROP CONSTRAINT books_phone_check;
UPDATE books SET phone = '0' || right(phone, 10) WHERE phone ~ '^\+8801';

ALTER TABLE books DROP CONSTRAINT books_original_price_check;
ALTER TABLE books DROP CONSTRAINT books_resale_price_check;
ALTER TABLE books ADD CONSTRAINT books_original_price_check CHECK (original_price BETWEEN 1 AND 10000000);
ALTER TABLE books ADD CONSTRAINT books_resale_price_check CHECK (resale_price BETWEEN 1 AND 10000000);

-- Withdrawn listings cannot be expressed before this migration: they go back to sold, off every public list.
UPDATE books SET status = 'sold' WHERE status = 'withdrawn';
ALTER TABLE books DROP CONSTRAINT books_status_check;
ALTER TABLE books ADD CONSTRAINT books_status_check CHECK (status IN ('available', 'pending', 'sold'));

ALTER TABLE accounts DROP CONSTRAINT accounts_closed_reason_with_deleted_at;
ALTER TABLE accounts DROP COLUMN closed_reason;
ALTER TABLE accounts DROP COLUMN session_generation;
ALTER TABLE accounts DROP COLUMN email_verified;
