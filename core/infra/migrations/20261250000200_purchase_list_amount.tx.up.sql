-- Purchase Requests and Purchase History sorted by amount (GET /admin/transaction/list?sort=amount):
-- one status of one company in final-amount order, read as an index range in either direction
-- (tools/perf TestPlansUseIndexes).
CREATE INDEX purchases_company_status_final_idx ON purchases (company_id, status, final_amount, id);
