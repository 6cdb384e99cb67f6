-- Dashboard (spec 2.4, decision 0016): the figures are sums over a business-date window of one
-- employer and one context (the employer's own workers, vendor_id is null, or one vendor). The
-- indexes of 0004 are in the lists' order and carry no amount, so a sum over six cycles (a quarter
-- of a million rows at 1,000,000 transactions) would read every row from the heap. These cover the
-- window with status and amount included: an index-only scan of the window's entries.
create index transactions_own_window on transactions (employer_id, created_at) include (status, amount) where vendor_id is null;
create index transactions_vendor_window on transactions (employer_id, vendor_id, created_at) include (status, amount) where vendor_id is not null;
create index salary_topups_own_window on salary_topup_applications (employer_id, created_at) include (status, amount) where vendor_id is null;
create index salary_topups_vendor_window on salary_topup_applications (employer_id, vendor_id, created_at) include (status, amount) where vendor_id is not null;
