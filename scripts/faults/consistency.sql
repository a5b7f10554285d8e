-- Every way an order and its book (and the payment record) can disagree, one row per problem found; no rows means
-- the marketplace is consistent. An order holds its book while pending or held (a card holds its price), and owns it
-- once sold (paid up front, or completed at the handover), so:
--   a pending or held order's book is pending, and a pending book has exactly one pending or held order;
--   a paid or completed order's book is sold, and a sold book has exactly one paid or completed order;
--   a paid order, and a completed one whose card hold was captured, has its payment record (same provider id), and
--   no other order has one.
-- `just faults` runs it after killing the server in the middle of an order and payment storm.
SELECT 'open order whose book is not pending' AS problem, o.id AS order_id, b.id AS book_id, o.status AS order_status, b.status AS book_status
FROM orders o JOIN books b ON b.id = o.book_id
WHERE o.status IN ('pending', 'held') AND b.status <> 'pending'
UNION ALL
SELECT 'sold order whose book is not sold', o.id, b.id, o.status, b.status
FROM orders o JOIN books b ON b.id = o.book_id
WHERE o.status IN ('paid', 'completed') AND b.status <> 'sold'
UNION ALL
SELECT 'pending book without exactly one open order', NULL, b.id, NULL, b.status
FROM books b
WHERE b.status = 'pending' AND (SELECT count(*) FROM orders o WHERE o.book_id = b.id AND o.status IN ('pending', 'held')) <> 1
UNION ALL
SELECT 'sold book without exactly one sold order', NULL, b.id, NULL, b.status
FROM books b
WHERE b.status = 'sold' AND (SELECT count(*) FROM orders o WHERE o.book_id = b.id AND o.status IN ('paid', 'completed')) <> 1
UNION ALL
SELECT 'card-paid order without its payment record', o.id, o.book_id, o.status, NULL
FROM orders o
WHERE (o.status = 'paid' OR (o.status = 'completed' AND o.held_at IS NOT NULL))
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.transaction_id = o.transaction_id)
UNION ALL
SELECT 'payment record of an order no card paid', o.id, o.book_id, o.status, NULL
FROM payments p JOIN orders o ON o.id = p.order_id
WHERE NOT (o.status = 'paid' OR (o.status = 'completed' AND o.held_at IS NOT NULL))
UNION ALL
SELECT 'a closed order whose card hold is neither released nor owed back', o.id, o.book_id, o.status, NULL
FROM orders o
WHERE o.status IN ('cancelled', 'expired') AND o.held_at IS NOT NULL AND o.hold_released_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM owed_refunds r WHERE r.order_id = o.id);
