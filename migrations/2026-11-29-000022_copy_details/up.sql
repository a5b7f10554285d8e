-- The copy being sold: its condition grade, the language it is written in, its ISBN and up to five photos.
--
-- Listings written before grades existed read as 'good' (an ordinary read copy) until their seller edits them: a
-- constant default, so adding the column rewrites no row.
ALTER TABLE books
    ADD COLUMN condition text NOT NULL DEFAULT 'good'
        CONSTRAINT books_condition_known CHECK (condition IN ('like_new', 'very_good', 'good', 'acceptable')),
    ADD COLUMN language text
        CONSTRAINT books_language_known CHECK (language IN ('bn', 'en', 'other')),
    -- Kept as the 13 digits of an ISBN-13 (an ISBN-10 is converted on the way in).
    ADD COLUMN isbn text
        CONSTRAINT books_isbn_thirteen_digits CHECK (isbn ~ '^97[89][0-9]{10}$'),
    -- The photos after the cover (picture_url), in the seller's order: with the cover, at most five.
    ADD COLUMN more_photos text[] NOT NULL DEFAULT '{}'
        CONSTRAINT books_at_most_five_photos CHECK (cardinality(more_photos) <= 4 AND array_position(more_photos, NULL) IS NULL);

-- A title written in Bengali letters is a Bangla book in practice; the rest are left for their sellers to say.
UPDATE books SET language = 'bn' WHERE title ~ '[\u0980-\u09FF]';

-- The category page's cards are read from this index alone; a card now shows the copy's grade, so the index carries it.
DROP INDEX books_available_category_cards_idx;
CREATE INDEX books_available_category_cards_idx ON books (category_id, created_at DESC, id DESC)
    INCLUDE (title, author, picture_url, ratings, reviews, original_price, resale_price, location, status, seller_id, condition)
    WHERE status = 'available';

-- Filtering by grade or language, newest first, across the shop or within a category (the category is the second
-- column, so one index serves both): a rare grade or language is found without walking every available book.
CREATE INDEX books_available_by_condition_idx ON books (condition, category_id, created_at DESC, id DESC)
    WHERE status = 'available';
CREATE INDEX books_available_by_language_idx ON books (language, category_id, created_at DESC, id DESC)
    WHERE status = 'available' AND language IS NOT NULL;
