-- Every way an order and its book (and the payment record) can disagree, one row per problem found; no rows means
-- the marketplace is consistent. An order holds its book while pending and owns it once paid, so:
--   a pending order's book is pending, and a pending book has exactly one pending order;
--   a paid order's book is sold, and a sold book has exactly one paid order;
--   a paid order has its payment record (same provider id), and only paid orders have one.
-- `just faults` runs it after killing the server in the middle of an order and payment storm.
SELECT 'pending order whose book is not pending' AS problem, o.id AS order_id, b.id AS book_id, o.status AS order_status, b.status AS book_status
FROM orders o JOIN books b ON b.id = o.book_id
WHERE o.status = 'pending' AND b.status <> 'pending'
UNION ALL
SELECT 'paid order whose book is not sold', o.id, b.id, o.status, b.status
FROM orders o JOIN books b ON b.id = o.book_id
WHERE o.status = 'paid' AND b.status <> 'sold'
UNION ALL
SELECT 'pending book without exactly one pending order', NULL, b.id, NULL, b.status
FROM books b
WHERE b.status = 'pending' AND (SELECT count(*) FROM orders o WHERE o.book_id = b.id AND o.status = 'pending') <> 1
UNION ALL
SELECT 'sold book without exactly one paid order', NULL, b.id, NULL, b.status
FROM books b
WHERE b.status = 'sold' AND (SELECT count(*) FROM orders o WHERE o.book_id = b.id AND o.status = 'paid') <> 1
UNION ALL
SELECT 'paid order without its payment record', o.id, o.book_id, o.status, NULL
FROM orders o
WHERE o.status = 'paid'
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.transaction_id = o.transaction_id)
UNION ALL
SELECT 'payment record of an order that is not paid', o.id, o.book_id, o.status, NULL
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE o.status <> 'paid';
