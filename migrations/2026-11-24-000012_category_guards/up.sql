-- Who named a category and when it was last of use: a seller names at most a few new categories a day, and a
-- category nobody has listed a book in for a month leaves the add-book list.
ALTER TABLE categories ADD COLUMN created_by uuid REFERENCES accounts (id);
-- When the category was created or a book was last listed in it.
ALTER TABLE categories ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
UPDATE categories AS c
SET last_used_at = greatest(c.created_at, coalesce((SELECT max(b.created_at) FROM books AS b WHERE b.category_id = c.id), c.created_at));
-- The categories one seller created in the last day.
CREATE INDEX categories_created_by_idx ON categories (created_by, created_at DESC) WHERE created_by IS NOT NULL;
-- The categories used lately (the add-book list's empty ones).
CREATE INDEX categories_last_used_idx ON categories (last_used_at DESC);
-- The grouped listing and the category list order categories by name.
CREATE INDEX categories_name_idx ON categories (name, id);

-- The admin's category actions are recorded beside the account actions. A category may be merged away or deleted,
-- so its id is kept without a reference; what was done (old and new names, where the books went) is spelled out.
ALTER TABLE admin_actions ALTER COLUMN target_id DROP NOT NULL;
ALTER TABLE admin_actions ADD COLUMN category_id uuid;
ALTER TABLE admin_actions ADD COLUMN detail text;
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (
    (action IN ('verify_seller', 'delete_account') AND target_id IS NOT NULL AND category_id IS NULL)
    OR (action IN ('rename_category', 'merge_category', 'delete_category') AND target_id IS NULL AND category_id IS NOT NULL)
);
CREATE INDEX admin_actions_category_idx ON admin_actions (category_id, at DESC) WHERE category_id IS NOT NULL;
