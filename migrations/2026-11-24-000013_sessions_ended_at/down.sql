ALTER TABLE accounts DROP COLUMN sessions_ended_at;
