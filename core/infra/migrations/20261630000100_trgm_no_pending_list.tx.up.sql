-- The trigram indexes are searched on every admin list search (users.search_text: buyers, KYC,
-- purchases by buyer; ref_norm(reference_number): purchases by reference). With GIN's fast
-- update on, each new row version goes to the index's pending list, and every search reads that
-- whole list and rechecks each entry; with autovacuum off or behind, the list of the purchases'
-- reference index held 15,000 entries (53 pages) after one approve benchmark, read by each search
-- (docs/performance.md). Off: each insert goes into the index itself, searches read no list.
ALTER INDEX users_search_trgm_idx SET (fastupdate = off);

--bun:split

ALTER INDEX purchases_ref_norm_trgm_idx SET (fastupdate = off);

--bun:split

ALTER INDEX companies_search_trgm_idx SET (fastupdate = off);

--bun:split

-- What is already pending goes into the indexes now.
SELECT gin_clean_pending_list('users_search_trgm_idx'::regclass),
       gin_clean_pending_list('purchases_ref_norm_trgm_idx'::regclass),
       gin_clean_pending_list('companies_search_trgm_idx'::regclass);

--bun:split

-- Room on each new page for a row's next version (an approval's balance credit, a purchase's
-- review): an update that changes no indexed column and finds room on its page is a HOT update,
-- which writes no index entry.
ALTER TABLE users SET (fillfactor = 90);

--bun:split

ALTER TABLE purchases SET (fillfactor = 90);
