DROP TRIGGER books_updated_notify ON books;
CREATE TRIGGER books_updated_notify AFTER UPDATE ON books REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_new_rows();

DROP FUNCTION place_order(uuid, uuid, uuid, text, text, bigint);
