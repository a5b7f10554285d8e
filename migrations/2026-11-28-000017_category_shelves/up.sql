-- A category page is read from a nearby mark in the category's newest-first order (the server keeps every 8th
-- book's place): a page costs one descent of this index and the few entries after it. The index carries each card's
-- columns, so those entries are the whole answer and no table row is fetched per book. Counting stays on the slim
-- books_available_by_category_idx, which a count reads in half the pages. The widest entry the listing rules allow
-- (title 200, author 120 and place 200 characters of four bytes each, a picture address) stays under the B-tree's
-- entry limit, and PostgreSQL compresses entries before that limit is reached.
CREATE INDEX books_available_category_cards_idx ON books (category_id, created_at DESC, id DESC)
    INCLUDE (title, author, picture_url, ratings, reviews, original_price, resale_price, location, status, seller_id)
    WHERE status = 'available';

-- Each card shows whether its seller is verified: read from this index alone, without a fetch from the accounts
-- table per card.
CREATE INDEX accounts_verified_by_id_idx ON accounts (id) INCLUDE (verified);
