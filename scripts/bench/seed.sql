-- The catalogue `just bench` measures against, written straight in SQL: 50 categories, 2,000 sellers (a third
-- verified), `books` books sharing a handful of cover pictures, listed under the works of `works_file` (written by
-- scripts/bench/search_catalogue.py: titles and authors in Bengali script, romanized Bangla and English, several
-- listings per work), a few thousand orders per 100,000 books (pending orders hold pending books, paid orders sold
-- ones), and the buyers the order benchmark signs in as. Ids are derived from a name and a number (md5), so a run
-- can name any row without asking. The books are written without their search keys, as a bulk load would be: the
-- server keys them (its search catch-up), and the bench times that. Psql variables: books, works_file, buyers
-- (fresh buyers for the order benchmark, none holding an order).
\set ON_ERROR_STOP on
BEGIN;

CREATE TEMP TABLE bench_works (work int PRIMARY KEY, title text NOT NULL, author text NOT NULL);
-- Read by the server process: psql does not substitute variables in \copy.
COPY bench_works FROM :'works_file';
SELECT count(*) AS works FROM bench_works \gset

CREATE TEMP TABLE genre (n int PRIMARY KEY, name text NOT NULL);
INSERT INTO genre
SELECT n - 1, name FROM unnest(ARRAY[
  'Fiction', 'Poetry', 'History', 'Science', 'Mathematics', 'Philosophy', 'Religion', 'Biography', 'Travel', 'Cookery',
  'Children', 'Comics', 'Thriller', 'Mystery', 'Romance', 'Fantasy', 'Science Fiction', 'Horror', 'Drama', 'Essays',
  'Economics', 'Politics', 'Law', 'Medicine', 'Engineering', 'Computer Science', 'Physics', 'Chemistry', 'Biology',
  'Geography', 'Art', 'Music', 'Photography', 'Architecture', 'Sports', 'Health', 'Psychology', 'Sociology',
  'Education', 'Language', 'Dictionaries', 'Exam Preparation', 'Admission Guides', 'Textbooks', 'Islamic Studies',
  'Bengali Literature', 'World Literature', 'Liberation War', 'Agriculture', 'Business'
]) WITH ORDINALITY AS g(name, n);

INSERT INTO categories (id, name, created_at)
SELECT md5('category' || n)::uuid, name, now() - interval '90 days' + n * interval '1 minute' FROM genre;

-- Sellers: a third verified.
INSERT INTO accounts (id, name, email, role, verified, created_at)
SELECT md5('seller' || n)::uuid,
       (ARRAY['Rahim', 'Karim', 'Nusrat', 'Farhana', 'Tanvir', 'Sadia', 'Arif', 'Mitu', 'Jamal', 'Ruma'])[1 + n % 10]
         || ' ' || (ARRAY['Ahmed', 'Hossain', 'Islam', 'Rahman', 'Chowdhury', 'Khan', 'Sarkar', 'Das'])[1 + n / 10 % 8],
       'seller' || n || '@bench.puronoboi.test', 'seller', n % 3 = 0, now() - interval '120 days' + n * interval '1 minute'
FROM generate_series(0, 1999) AS n;

-- Buyers behind the seeded orders, and the fresh buyers the order benchmark signs in as.
INSERT INTO accounts (id, name, email, role, created_at)
SELECT md5('history-buyer' || n)::uuid, 'Reader ' || n, 'reader' || n || '@bench.puronoboi.test', 'buyer',
       now() - interval '100 days' + n * interval '1 minute'
FROM generate_series(0, 999) AS n;
INSERT INTO accounts (id, name, email, role, created_at)
SELECT md5('bench-buyer' || n)::uuid, 'Bench Buyer ' || n, 'buyer' || n || '@bench.puronoboi.test', 'buyer',
       now() - interval '50 days' + n * interval '1 second'
FROM generate_series(0, :buyers - 1) AS n;

-- Books: every 30th is ordered (every 90th paid, so sold; the others pending), a few withdrawn, one in 200 advertised.
INSERT INTO books (id, seller_id, category_id, title, author, description, picture_url, publish_year, ratings, reviews,
                   seller_name, location, phone, seller_email, original_price, resale_price, status, advertised, created_at)
SELECT md5('book' || n)::uuid,
       s.id,
       md5('category' || n % 50)::uuid,
       w.title,
       w.author,
       (ARRAY['A clean copy with a few pencil notes in the margins; the spine is firm and no page is missing.',
              'Read once and kept on a shelf away from the sun. The cover has a small crease at one corner, nothing more.',
              'Used for one semester. Some highlighting in the first chapters, otherwise in very good condition, with the original dust jacket.',
              'An older printing, pages slightly yellowed with age but complete and tightly bound. A gift inscription on the first page.'
             ])[1 + n % 4],
       '/images/bench/cover-' || (n % 6) || '.jpg',
       1950 + n % 75,
       (n % 51) / 10.0,
       n % 400,
       s.name,
       (ARRAY['Dhanmondi, Dhaka', 'Mirpur 10, Dhaka', 'Agrabad, Chattogram', 'Zindabazar, Sylhet', 'Shaheb Bazar, Rajshahi',
              'Sonadanga, Khulna', 'Kandirpar, Cumilla', 'TSC, Dhaka University'])[1 + n % 8],
       '+88017' || lpad((n::bigint * 7919 % 100000000)::text, 8, '0'),
       s.email,
       200 + n % 1800,
       100 + n % 1800 / 2,
       CASE WHEN n % 90 = 0 THEN 'sold' WHEN n % 30 = 0 THEN 'pending' WHEN n % 1000 = 7 THEN 'withdrawn' ELSE 'available' END,
       n % 200 = 1,
       now() - n * interval '37 seconds'
FROM generate_series(0, :books - 1) AS n
JOIN accounts AS s ON s.id = md5('seller' || n % 2000)::uuid
JOIN bench_works AS w ON w.work = n % :works;

-- One live order per ordered book: pending for a pending book, paid for a sold one. Each history buyer holds at
-- most four of them. All placed within the last 10 hours (a second apart), well inside the order hold (48 hours):
-- placed days back, most pending orders were overdue at once, and the server's sweep expired them 500 a minute
-- while the bench measured, each batch a catalogue change that dropped every copy of every instance.
INSERT INTO orders (id, book_id, buyer_id, title, author, picture_url, price, buyer_name, buyer_email, phone, location,
                    status, created_at, paid_at, transaction_id, payment_id)
SELECT md5('order' || b.n)::uuid, bk.id, a.id, bk.title, bk.author, bk.picture_url, bk.resale_price, a.name, a.email,
       '+88018' || lpad((b.n::bigint * 104729 % 100000000)::text, 8, '0'), 'Nilkhet, Dhaka',
       CASE bk.status WHEN 'sold' THEN 'paid' ELSE 'pending' END,
       now() - (b.n / 30) * interval '1 second',
       CASE bk.status WHEN 'sold' THEN now() - (b.n / 30) * interval '1 second' END,
       CASE bk.status WHEN 'sold' THEN 'pi_bench_' || b.n END,
       CASE bk.status WHEN 'sold' THEN 'pi_bench_' || b.n END
FROM generate_series(0, :books - 1, 30) AS b(n)
JOIN books AS bk ON bk.id = md5('book' || b.n)::uuid
JOIN accounts AS a ON a.id = md5('history-buyer' || (b.n / 30) % 1000)::uuid;

INSERT INTO payments (order_id, transaction_id, amount, buyer_id, book_id, paid_at)
SELECT id, transaction_id, price, buyer_id, book_id, paid_at FROM orders WHERE status = 'paid';

COMMIT;
-- Index-only scans need the visibility map; the planner needs statistics.
VACUUM ANALYZE;
