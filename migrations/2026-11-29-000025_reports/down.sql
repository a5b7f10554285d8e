DELETE FROM admin_actions WHERE action IN ('hide_book', 'restore_book', 'dismiss_reports');
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (
    (action IN ('verify_seller', 'delete_account') AND target_id IS NOT NULL AND category_id IS NULL)
    OR (action IN ('rename_category', 'merge_category', 'delete_category') AND target_id IS NULL AND category_id IS NOT NULL)
);
ALTER TABLE admin_actions DROP COLUMN book_id;
DROP TABLE reports;
UPDATE books SET status = 'available' WHERE status = 'hidden';
ALTER TABLE books DROP CONSTRAINT books_hidden_says_why, DROP COLUMN hidden_by, DROP COLUMN hidden_reason;
ALTER TABLE books DROP CONSTRAINT books_status_check;
ALTER TABLE books ADD CONSTRAINT books_status_check CHECK (status IN ('available', 'pending', 'sold', 'withdrawn'));
