-- Issue 8 (performance): company_stat_deltas is small but churns (every fold deletes the rows it
-- replaces); let autovacuum visit it after 1,000 dead rows instead of 20 % of the table. Readers
-- also vacuum it at most once a second per process (core/stats).
ALTER TABLE company_stat_deltas SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
    autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);
