-- Transactions and Salary Topups screens (spec 2.12, 2.13): a search is one employer and one
-- context (vendor_id is null for the employer's own workers, else that vendor), a business-date
-- range, newest first, at most 20,000 rows. transactions_scope_created (employer_id, created_at)
-- reads the vendors' rows as well and filters them out, and cannot break ties by id. PostgreSQL
-- does not take `vendor_id is null` as an equality when it looks for an index in the wanted
-- order, so the employer's own rows get partial indexes; a vendor's rows one keyed by vendor_id.
-- Each is read from the newest row of the window, in order, and the scan stops at the cap.
create index transactions_own_created on transactions (employer_id, created_at desc, id desc) where vendor_id is null;
-- One status chosen in the filter (Transferred, Deducted From Salary or Repaid): that status's rows
-- in order, instead of reading past the others.
create index transactions_own_status_created on transactions (employer_id, status, created_at desc, id desc) where vendor_id is null;
create index transactions_vendor_created on transactions (employer_id, vendor_id, created_at desc, id desc) where vendor_id is not null;

create index salary_topups_own_created on salary_topup_applications (employer_id, created_at desc, id desc) where vendor_id is null;
create index salary_topups_vendor_created on salary_topup_applications (employer_id, vendor_id, created_at desc, id desc) where vendor_id is not null;
