-- Issue 21: statistics on lower(email), which only a partial index held. PostgreSQL's planner does
-- not read a partial index's statistics, so `lower(w.email) = k.v` was estimated at the default
-- selectivity (12,500 of 50,000 workers per key) and the employee sheet's lookup of a page's
-- e-mails (employee-sheet.ts) scanned every worker of the employer instead of probing the unique
-- index: 25 ms a page of a 50,000-worker employer. Expression statistics (PostgreSQL 14+) give
-- it the real figure; ANALYZE (autovacuum, or the sheet's own after many rows) keeps them.
create statistics workers_lower_email on (lower(email)) from workers;
