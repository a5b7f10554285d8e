DROP TABLE owed_refunds;
DROP TABLE card_attempts;
