-- Accounts learn which Firebase identity signs in to them. Nullable: seeded accounts exist before their identity.
ALTER TABLE accounts ADD COLUMN firebase_uid text CHECK (length(firebase_uid) BETWEEN 1 AND 128);
-- Every request resolves its caller by id; a new session finds the account by identity.
CREATE UNIQUE INDEX accounts_firebase_uid_key ON accounts (firebase_uid) WHERE firebase_uid IS NOT NULL;
-- A session for a new identity checks every account (live or deleted) ever opened with its e-mail.
CREATE INDEX accounts_email_idx ON accounts (lower(email), created_at DESC);
