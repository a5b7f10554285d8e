ALTER TABLE accounts DROP COLUMN language;
