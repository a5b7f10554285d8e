-- The language the account holder reads the marketplace in, chosen on one device and followed on every other;
-- NULL until they choose.
ALTER TABLE accounts ADD COLUMN language text CHECK (language IN ('bn', 'en'));
