-- The accounts and books the fault drills act on, straight into an empty, migrated database.
--   psql -v buyers=N -v books=M -f seed.sql
-- Ids are derived from names (md5 of 'faults-buyer-7', ...), so the drill can name them without reading them back.
-- Accounts made here have session generation 0, which is what mint-access-tokens signs for.
INSERT INTO categories (id, name) VALUES (md5('faults-category')::uuid, 'Fault drills');

INSERT INTO accounts (id, name, email, role, verified, email_verified)
VALUES (md5('faults-seller')::uuid, 'Drill Seller', 'seller@faults.test', 'seller', true, true);

INSERT INTO accounts (id, name, email, role, email_verified)
SELECT md5('faults-buyer-' || n)::uuid, 'Drill Buyer ' || n, 'buyer' || n || '@faults.test', 'buyer', true
FROM generate_series(1, :buyers) AS n;

-- Priced above the card minimum (60 taka), so every order can be paid by card.
INSERT INTO books (id, seller_id, category_id, title, author, picture_url, seller_name, location, phone, seller_email,
                   original_price, resale_price)
SELECT md5('faults-book-' || n)::uuid, md5('faults-seller')::uuid, md5('faults-category')::uuid, 'Drill Book ' || n,
       'Drill Author', '/images/drill.svg', 'Drill Seller', 'Nilkhet', '+8801712345678', 'seller@faults.test',
       800, 100 + n % 400
FROM generate_series(1, :books) AS n;
