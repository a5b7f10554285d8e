DROP TRIGGER accounts_verified_mark ON accounts;
DROP TRIGGER categories_truncated_mark ON categories;
DROP TRIGGER categories_deleted_mark ON categories;
DROP TRIGGER categories_updated_mark ON categories;
DROP TRIGGER categories_inserted_mark ON categories;
DROP TRIGGER books_truncated_mark ON books;
DROP TRIGGER books_deleted_mark ON books;
DROP TRIGGER books_updated_mark ON books;
DROP TRIGGER books_inserted_mark ON books;
DROP FUNCTION catalogue_changed_old_rows();
DROP FUNCTION catalogue_changed_new_rows();
DROP FUNCTION catalogue_changed();
DROP FUNCTION mark_catalogue_changed();
DROP TABLE catalogue_change_marks;

CREATE FUNCTION notify_catalogue_changed_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM new_rows) THEN
        PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION notify_catalogue_changed_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
        PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
    RETURN NULL;
END $$;

CREATE TRIGGER books_inserted_notify AFTER INSERT ON books REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_new_rows();
CREATE TRIGGER books_updated_notify AFTER UPDATE ON books
    FOR EACH ROW EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER books_deleted_notify AFTER DELETE ON books REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_old_rows();
CREATE TRIGGER books_truncated_notify AFTER TRUNCATE ON books
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER categories_inserted_notify AFTER INSERT ON categories REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_new_rows();
CREATE TRIGGER categories_updated_notify AFTER UPDATE ON categories REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_new_rows();
CREATE TRIGGER categories_deleted_notify AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_old_rows();
CREATE TRIGGER categories_truncated_notify AFTER TRUNCATE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
CREATE TRIGGER accounts_verified_notify AFTER UPDATE OF verified ON accounts
    FOR EACH ROW WHEN (OLD.verified IS DISTINCT FROM NEW.verified) EXECUTE FUNCTION notify_catalogue_changed();
