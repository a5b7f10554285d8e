DROP TRIGGER accounts_closed_mark ON accounts;
DROP INDEX orders_ended_by_book_idx;
DROP TABLE reviews;
