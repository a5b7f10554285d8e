-- Reviews of completed orders by their buyers, the sellers' answers, and what the seller score reads.

-- One review per order (reviews_order_key), written by the order's buyer within 14 days of the handover (checked by
-- the server's domain rules); the seller may answer it once. seller_id and book_id are copied from the order's book
-- when the review is written (a book never changes seller), so a seller's reviews are read by one index.
CREATE TABLE reviews (
    id            uuid        PRIMARY KEY,
    order_id      uuid        NOT NULL REFERENCES orders (id),
    book_id       uuid        NOT NULL REFERENCES books (id),
    seller_id     uuid        NOT NULL REFERENCES accounts (id),
    buyer_id      uuid        NOT NULL REFERENCES accounts (id),
    as_described  integer     NOT NULL CHECK (as_described BETWEEN 1 AND 5),
    communication integer     NOT NULL CHECK (communication BETWEEN 1 AND 5),
    on_time       integer     NOT NULL CHECK (on_time BETWEEN 1 AND 5),
    -- Trimmed, 1 to 1,000 characters; no comment is NULL.
    comment       text        CHECK (char_length(comment) BETWEEN 1 AND 1000),
    created_at    timestamptz NOT NULL DEFAULT now(),
    answer        text        CHECK (char_length(answer) BETWEEN 1 AND 1000),
    answered_at   timestamptz,
    CONSTRAINT reviews_answer_has_time CHECK ((answer IS NULL) = (answered_at IS NULL)),
    CONSTRAINT reviews_order_key UNIQUE (order_id)
);
-- A seller's reviews, newest first (their page), and their count and rating sum (the score) from the index alone.
CREATE INDEX reviews_seller_idx ON reviews (seller_id, created_at DESC, id DESC)
    INCLUDE (buyer_id, as_described, communication, on_time);

-- The seller score counts a seller's orders that ended (closed_at is set when an order completes, is cancelled or
-- expires): through books_seller_idx to the seller's books, then here to each book's ended orders, newest first.
-- Only ended orders are in it, so placing an order (the busiest write) never touches it.
CREATE INDEX orders_ended_by_book_idx ON orders (book_id, closed_at DESC) INCLUDE (status, cancel_reason)
    WHERE closed_at IS NOT NULL;

-- Book pages carry their seller's score, and every instance keeps copies of it while the catalogue's marks stand
-- still: a review written or answered, and a closure (a closed buyer's reviews leave the score), move them on.
CREATE TRIGGER reviews_inserted_mark AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_new_rows();
CREATE TRIGGER reviews_updated_mark AFTER UPDATE ON reviews REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed_new_rows();
CREATE TRIGGER accounts_closed_mark AFTER UPDATE OF deleted_at ON accounts
    FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION catalogue_changed();
