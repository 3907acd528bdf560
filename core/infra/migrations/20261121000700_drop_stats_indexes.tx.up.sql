-- Issue 8 (performance): two covering indexes served the dashboard's aggregates over users and
-- purchases; since migration …0300 those figures come from company_stat_deltas, and no query
-- reads the indexes (core/perf TestPlansUseIndexes EXPLAINs every list, search and dashboard
-- query). They only cost writes: users_company_stats_idx holds stock_balance, so every balance
-- credit of an approval was a non-HOT update through all of users' indexes (a trigram one
-- included); purchases_company_status_amount_idx was one more index (372 MB at 5M purchases) to
-- maintain on every purchase insert and status change.
DROP INDEX IF EXISTS users_company_stats_idx;

--bun:split

DROP INDEX IF EXISTS purchases_company_status_amount_idx;
