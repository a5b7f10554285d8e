DROP INDEX admin_actions_category_idx;
DELETE FROM admin_actions WHERE category_id IS NOT NULL;
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN ('verify_seller', 'delete_account'));
ALTER TABLE admin_actions DROP COLUMN detail;
ALTER TABLE admin_actions DROP COLUMN category_id;
ALTER TABLE admin_actions ALTER COLUMN target_id SET NOT NULL;

DROP INDEX categories_name_idx;
DROP INDEX categories_last_used_idx;
DROP INDEX categories_created_by_idx;
ALTER TABLE categories DROP COLUMN last_used_at;
ALTER TABLE categories DROP COLUMN created_by;
