DROP INDEX books_available_by_language_idx;
DROP INDEX books_available_by_condition_idx;
DROP INDEX books_available_category_cards_idx;
CREATE INDEX books_available_category_cards_idx ON books (category_id, created_at DESC, id DESC)
    INCLUDE (title, author, picture_url, ratings, reviews, original_price, resale_price, location, status, seller_id)
    WHERE status = 'available';
ALTER TABLE books DROP COLUMN more_photos, DROP COLUMN isbn, DROP COLUMN language, DROP COLUMN condition;
