-- Payout details (docs/security.md, "Payout details"): beneficiary.update rows now keep account
-- numbers as their last 4 digits only (••••1234). Rows written before keep the whole number in
-- before and after: they are masked the same way, so the Activity screen holds no number to pay into.
UPDATE audit_log SET
    before = CASE WHEN jsonb_typeof(before) = 'object' AND before ? 'accountNumber'
                       AND before->>'accountNumber' NOT LIKE '••••%'
        THEN jsonb_set(before, '{accountNumber}', to_jsonb('••••' || right(before->>'accountNumber', 4)))
        ELSE before END,
    after = CASE WHEN jsonb_typeof(after) = 'object' AND after ? 'accountNumber'
                      AND after->>'accountNumber' NOT LIKE '••••%'
        THEN jsonb_set(after, '{accountNumber}', to_jsonb('••••' || right(after->>'accountNumber', 4)))
        ELSE after END
WHERE action = 'beneficiary.update';
