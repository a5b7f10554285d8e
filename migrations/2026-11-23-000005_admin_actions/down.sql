DROP INDEX books_seller_idx;
CREATE INDEX books_seller_idx ON books (seller_id, created_at DESC);
DROP TABLE admin_actions;
