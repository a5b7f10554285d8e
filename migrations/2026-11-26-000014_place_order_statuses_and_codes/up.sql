-- place_order takes the statuses it reads and writes as parameters, given by the server from the domain's
-- transition tables, so the function cannot hold a rule of its own; and it refuses with SQLSTATE codes of its own
-- (class PB), each repeated in the HINT field for clients that do not expose the code:
--   PB001 the buyer's account is closed
--   PB002 the buyer holds the most pending orders allowed
--   PB003 no such book (or it left the shop)
--   PB004 the book is not for sale
-- Answers are unchanged: the buyer's new order (whose id is `new_order_id`), or the pending order they already have
-- for this book (even at the limit).
DROP FUNCTION place_order(uuid, uuid, uuid, text, text, bigint);

CREATE FUNCTION place_order(
    wanted_book_id uuid,
    new_order_id uuid,
    ordering_buyer_id uuid,
    contact_phone text,
    meeting_place text,
    max_pending bigint,
    -- The statuses a book may be reserved from.
    for_sale text[],
    -- The status a reserved book reaches.
    held text,
    -- The status a new order starts in; the pending limit counts the buyer's orders in it.
    placed_status text,
    -- The status of a book gone from the shop: answered as no such book.
    gone text
) RETURNS SETOF orders LANGUAGE plpgsql AS $$
DECLARE
    buyer_name text;
    buyer_email text;
    existing orders;
    placed orders;
    book_status text;
BEGIN
    -- Locking the buyer's account orders their concurrent orders one after another, so the pending limit holds
    -- however many tabs they use; it also takes their current name and e-mail.
    SELECT a.name, a.email INTO buyer_name, buyer_email
    FROM accounts a WHERE a.id = ordering_buyer_id AND a.deleted_at IS NULL
    FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'place_order: the buyer''s account is closed' USING ERRCODE = 'PB001', HINT = 'PB001';
    END IF;

    -- The conditional update is the race's referee: of concurrent buyers, the first to lock the row moves it; the
    -- others re-check the status after it commits and match nothing. It moves the book only for a buyer under the
    -- limit who does not hold this book already. The order is written by the same statement, copying the book's
    -- title, author, picture and price as they are at that moment.
    WITH pending AS (
        SELECT count(*) < max_pending AND NOT coalesce(bool_or(o.book_id = wanted_book_id), false) AS may_order
        FROM orders o WHERE o.buyer_id = ordering_buyer_id AND o.status = placed_status
    ),
    reserved AS (
        UPDATE books b SET status = held
        WHERE b.id = wanted_book_id AND b.status = ANY (for_sale) AND (SELECT may_order FROM pending)
        RETURNING b.title, b.author, b.picture_url, b.resale_price
    )
    INSERT INTO orders AS o (id, book_id, buyer_id, title, author, picture_url, price, buyer_name, buyer_email, phone,
                             location, status)
    SELECT new_order_id, wanted_book_id, ordering_buyer_id, r.title, r.author, r.picture_url, r.resale_price,
           buyer_name, buyer_email, contact_phone, meeting_place, placed_status
    FROM reserved r
    RETURNING o.* INTO placed;
    IF FOUND THEN
        RETURN NEXT placed;
        RETURN;
    END IF;

    -- Nothing was reserved: why. Ordering a book again (a second tab, a double click) answers that order.
    SELECT o.* INTO existing FROM orders o
    WHERE o.buyer_id = ordering_buyer_id AND o.status = placed_status AND o.book_id = wanted_book_id;
    IF FOUND THEN
        RETURN NEXT existing;
        RETURN;
    END IF;
    IF (SELECT count(*) FROM orders o WHERE o.buyer_id = ordering_buyer_id AND o.status = placed_status) >= max_pending THEN
        RAISE EXCEPTION 'place_order: the buyer holds the most pending orders allowed' USING ERRCODE = 'PB002', HINT = 'PB002';
    END IF;
    SELECT b.status INTO book_status FROM books b WHERE b.id = wanted_book_id;
    IF book_status IS NULL OR book_status = gone THEN
        RAISE EXCEPTION 'place_order: no such book' USING ERRCODE = 'PB003', HINT = 'PB003';
    END IF;
    RAISE EXCEPTION 'place_order: the book is not for sale' USING ERRCODE = 'PB004', HINT = 'PB004';
END $$;
