-- Issue 22 item 2, second step (decision 0037): PAN and bank account numbers sealed at rest. The
-- columns keep their names and hold the sealed text (`pe1.<data key>.<...>`); beside each, the
-- value masked but for its last 4 characters (what the screens show, without opening it) and, where
-- SQL compares or groups the value, its keyed hash (HMAC-SHA256 under the blind-index key). Rows an
-- older version wrote in clear are sealed, and their hashes computed, at the first start after this
-- migration (platform/protected-columns.ts `sealOnce`); their masked forms are set here.

-- The blind-index key: one, wrapped under a master key like the data keys; a data-key rotation
-- leaves it alone, so the hashes stay comparable.
create table data_index_key (
  id integer primary key check (id = 1),
  master_key_id text not null,
  wrapped bytea not null,
  created_at timestamptz not null default now()
);

create function pg_temp.masked(v text) returns text language sql immutable
  as $$ select case when length(v) <= 4 then v else repeat('*', length(v) - 4) || right(v, 4) end $$;

alter table workers
  add column pan_masked text,
  add column salary_account_number_masked text,
  add column salary_account_number_hash bytea;
update workers set pan_masked = pg_temp.masked(pan), salary_account_number_masked = pg_temp.masked(salary_account_number)
  where pan is not null or salary_account_number is not null;

alter table worker_bank_accounts add column account_number_masked text;
update worker_bank_accounts set account_number_masked = pg_temp.masked(account_number);
alter table worker_bank_accounts alter column account_number_masked set not null;

alter table payroll_entries
  add column account_number_masked text,
  add column account_number_hash bytea;
update payroll_entries set account_number_masked = pg_temp.masked(account_number);
alter table payroll_entries alter column account_number_masked set not null;
