DROP INDEX accounts_email_idx;
DROP INDEX accounts_firebase_uid_key;
ALTER TABLE accounts DROP COLUMN firebase_uid;
