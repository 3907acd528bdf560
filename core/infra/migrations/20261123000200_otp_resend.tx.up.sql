-- Nothing happens twice: a second OTP request within a minute of the first re-sends
-- the same code instead of voiding it. The code stays hashed (code_hash is what Verify checks);
-- code_sealed holds it sealed with AES-GCM under a key derived from the OTP pepper, so the
-- server can send it again. It is cleared when the code is used or voided.
ALTER TABLE otps ADD COLUMN code_sealed bytea;
