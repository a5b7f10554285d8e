-- Back to the definition of 2026-11-24-000010_place_order_in_fewer_statements.
DROP FUNCTION place_order(uuid, uuid, uuid, text, text, bigint, text[], text, text, text);

CREATE FUNCTION place_order(
    wanted_book_id uuid,
    new_order_id uuid,
    ordering_buyer_id uuid,
    contact_phone text,
    meeting_place text,
    max_pending bigint
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
        RAISE EXCEPTION 'place_order: buyer_closed';
    END IF;

    -- The conditional update is the race's referee: of concurrent buyers, the first to lock the row moves it; the
    -- others re-check status = 'available' after it commits and match nothing. It moves the book only for a buyer
    -- under the limit who does not hold this book already. The order is written by the same statement, copying the
    -- book's title, author, picture and price as they are at that moment.
    WITH pending AS (
        SELECT count(*) < max_pending AND NOT coalesce(bool_or(o.book_id = wanted_book_id), false) AS may_order
        FROM orders o WHERE o.buyer_id = ordering_buyer_id AND o.status = 'pending'
    ),
    reserved AS (
        UPDATE books b SET status = 'pending'
        WHERE b.id = wanted_book_id AND b.status = 'available' AND (SELECT may_order FROM pending)
        RETURNING b.title, b.author, b.picture_url, b.resale_price
    )
    INSERT INTO orders AS o (id, book_id, buyer_id, title, author, picture_url, price, buyer_name, buyer_email, phone,
                             location, status)
    SELECT new_order_id, wanted_book_id, ordering_buyer_id, r.title, r.author, r.picture_url, r.resale_price,
           buyer_name, buyer_email, contact_phone, meeting_place, 'pending'
    FROM reserved r
    RETURNING o.* INTO placed;
    IF FOUND THEN
        RETURN NEXT placed;
        RETURN;
    END IF;

    -- Nothing was reserved: why. Ordering a book again (a second tab, a double click) answers that order.
    SELECT o.* INTO existing FROM orders o
    WHERE o.buyer_id = ordering_buyer_id AND o.status = 'pending' AND o.book_id = wanted_book_id;
    IF FOUND THEN
        RETURN NEXT existing;
        RETURN;
    END IF;
    IF (SELECT count(*) FROM orders o WHERE o.buyer_id = ordering_buyer_id AND o.status = 'pending') >= max_pending THEN
        RAISE EXCEPTION 'place_order: too_many_pending';
    END IF;
    SELECT b.status INTO book_status FROM books b WHERE b.id = wanted_book_id;
    IF book_status IS NULL OR book_status = 'withdrawn' THEN
        RAISE EXCEPTION 'place_order: book_not_found';
    END IF;
    RAISE EXCEPTION 'place_order: book_unavailable';
END $$;
