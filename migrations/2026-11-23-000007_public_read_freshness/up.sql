-- Public reads (category lists and counts, category pages, the grouped listing, book pages, the advertised strip)
-- may be answered from a server instance's memory. Every committed change to what they show is announced on the
-- channel 'catalogue_changed' (payload: the table), so that each instance, listening on one connection, drops its
-- copies at once. NOTIFY is delivered only when the writing transaction commits, and once per transaction for the
-- same payload.

-- Statements that touch no row (an expiry sweep with nothing to expire) announce nothing.
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

-- Every column of books and categories shows in some public read. A trigger with transition tables takes one event.
CREATE TRIGGER books_inserted_notify AFTER INSERT ON books REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_new_rows();
CREATE TRIGGER books_updated_notify AFTER UPDATE ON books REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed_new_rows();
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

-- Of an account, public reads show only whether a seller is verified (names and contacts are copied onto each
-- listing, and closing an account withdraws its listings, which the books triggers announce). Sign-ins, which
-- update accounts all the time, announce nothing.
CREATE TRIGGER accounts_verified_notify AFTER UPDATE OF verified ON accounts
    FOR EACH ROW WHEN (OLD.verified IS DISTINCT FROM NEW.verified) EXECUTE FUNCTION notify_catalogue_changed();
