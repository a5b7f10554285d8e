-- Sessions that can be revoked, accounts closed for a reason, listings that can be withdrawn, and the value rules
-- the domain enforces (prices up to 500,000 taka, Bangladesh mobile numbers) as a last line of defence.

-- Whether the holder proved the address (a verified password sign-in or Google). Seeded accounts have not.
ALTER TABLE accounts ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
-- Access tokens carry the generation they were issued under; moving it on revokes every older token.
ALTER TABLE accounts ADD COLUMN session_generation bigint NOT NULL DEFAULT 0;
-- Why a closed account (deleted_at set) was closed: an admin deleted it (its address stays refused for good), or
-- the address's proven owner took the address over from an account that never proved it.
ALTER TABLE accounts ADD COLUMN closed_reason text CHECK (closed_reason IN ('deleted_by_admin', 'superseded'));
UPDATE accounts SET closed_reason = 'deleted_by_admin' WHERE deleted_at IS NOT NULL;
ALTER TABLE accounts ADD CONSTRAINT accounts_closed_reason_with_deleted_at CHECK ((deleted_at IS NULL) = (closed_reason IS NULL));

-- A listing can be withdrawn: the seller deleted it, or the seller's account was closed.
ALTER TABLE books DROP CONSTRAINT books_status_check;
ALTER TABLE books ADD CONSTRAINT books_status_check CHECK (status IN ('available', 'pending', 'sold', 'withdrawn'));

-- The most the card and local gateways charge in one payment.
ALTER TABLE books DROP CONSTRAINT books_original_price_check;
ALTER TABLE books DROP CONSTRAINT books_resale_price_check;
ALTER TABLE books ADD CONSTRAINT books_original_price_check CHECK (original_price BETWEEN 1 AND 500000);
ALTER TABLE books ADD CONSTRAINT books_resale_price_check CHECK (resale_price BETWEEN 1 AND 500000);

-- Phones are kept as +8801XXXXXXXXX. Numbers written the local way (01..., 8801..., with spaces or dashes) move
-- to that form; anything else cannot be a Bangladesh mobile and fails this migration loudly rather than later.
UPDATE books
SET phone = '+880' || right(regexp_replace(phone, '[ -]', '', 'g'), 10)
WHERE regexp_replace(phone, '[ -]', '', 'g') ~ '^(\+?880|0)1[3-9][0-9]{8}$'
  AND regexp_replace(phone, '[ -]', '', 'g') !~ '^\+8801';
ALTER TABLE books ADD CONSTRAINT books_phone_check CHECK (phone ~ '^\+8801[3-9][0-9]{8}$');
