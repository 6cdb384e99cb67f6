-- Payroll (issue 5, docs/payroll-design.md "Data", docs/decisions/0014): one row per payroll upload,
-- one entry per sheet row of a processed payroll, and what each entry's deductions repay.

create table payrolls (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  -- the payroll month M, as its first day
  month date not null check (extract(day from month) = 1),
  kind text not null check (kind in ('PAYROLL_UPLOAD', 'PAYROLL_STREAMING_ACCOUNT')),
  status text not null check (status in ('UPLOADED', 'PROCESSING', 'PROCESSED', 'PAYROLL_FROZEN', 'PAYROLL_PROCESSING_FAILED',
    'DISBURSAL_INITIATED', 'DISBURSAL_IN_PROGRESS', 'DISBURSAL_FAILED', 'DISBURSAL_COMPLETED', 'EXPIRED', 'CANCELLED')),
  upload_id uuid not null unique references document_uploads(id),
  original_file_id uuid not null references stored_files(id),
  processed_file_id uuid references stored_files(id),
  admin_id uuid not null references admins(id),
  working_days integer check (working_days between 1 and 31),
  total_entries integer not null default 0 check (total_entries >= 0),
  finalized_entries integer not null default 0 check (finalized_entries >= 0),
  skipped_entries integer not null default 0 check (skipped_entries >= 0),
  -- sums over the FINALIZED entries, paise
  total_salary bigint not null default 0 check (total_salary >= 0),
  total_deductions bigint not null default 0 check (total_deductions >= 0),
  total_payable bigint not null default 0 check (total_payable >= 0),
  -- entries carrying each flag ({"NEW_BANK_ACCOUNT": 3, ...}); flags never change after processing
  flag_counts jsonb not null default '{}',
  failure_reason text,
  frozen_at timestamptz,
  frozen_by uuid references admins(id),
  cancelled_at timestamptz,
  cancelled_by uuid references admins(id),
  executed_at timestamptz,
  executed_by uuid references admins(id),
  expired_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The history (newest first) and "the month's current payroll" (newest not cancelled), per
-- employer; the context (vendor_id) is a filter on a handful of rows a month.
create index payrolls_scope_created on payrolls (employer_id, created_at desc, id desc);
create index payrolls_scope_month on payrolls (employer_id, month, created_at desc);
-- The daily expiry's work list.
create index payrolls_expirable on payrolls (month) where status in ('PROCESSED', 'PAYROLL_FROZEN', 'PAYROLL_PROCESSING_FAILED');

create table payroll_entries (
  id uuid primary key default gen_random_uuid(),
  payroll_id uuid not null references payrolls(id),
  -- the payroll's, copied for scoping; these and worker_id have no foreign keys: checked row by
  -- row, they cost a third of a 50,000-row insert. The payroll's own keys hold the scope, and the
  -- worker is the one the processing just found (workers are never deleted).
  employer_id uuid not null,
  vendor_id uuid,
  worker_id uuid not null,
  -- the sheet's row number, and the entry's place among the payroll's entries (1, 2, ... in sheet
  -- order: the payout screen's order, and a page of the Total tab is a range of it)
  row_number integer not null,
  position integer not null check (position >= 1),
  name text not null,
  employer_employee_code text not null,
  mobile text,
  monthly_salary bigint not null check (monthly_salary > 0),
  working_days integer not null check (working_days between 1 and 31),
  paid_days numeric(5, 2) not null check (paid_days >= 0 and paid_days <= working_days),
  -- round half up of monthly_salary * paid_days / working_days
  salary bigint not null check (salary >= 0),
  deductions bigint not null default 0 check (deductions >= 0),
  -- salary - deductions (negative on a skipped entry whose deductions exceed the salary)
  amount_payable bigint not null,
  account_number text not null,
  ifsc text not null,
  status text not null check (status in ('FINALIZED', 'SKIPPED', 'INITIATED', 'PENDING', 'FAILED', 'TRANSFERRED', 'CANCELLED')),
  skip_reason text,
  flags text[] not null default '{}',
  request_id text,
  utr text,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- what the search box matches ("contains", case-insensitive): name and Employee ID, lower-cased,
  -- with a separator no search text can hold
  search_text text generated always as (lower(name) || chr(1) || lower(employer_employee_code)) stored,
  -- one entry per worker: the sheet refuses an Employee ID repeated within it
  unique (payroll_id, position),
  check (status <> 'SKIPPED' or skip_reason is not null)
);
-- The payout screen at 50,000 entries (decision 0014): a Total page is a range of (payroll_id,
-- position); another tab's page walks (payroll_id, status, position), index-only once vacuumed;
-- the counts per tab come from payroll_entry_counts below; a search reads the payroll's entries
-- once (strpos on search_text).
create index payroll_entries_payroll_status on payroll_entries (payroll_id, status, position) include (id);

-- Entries per payroll and status, with their net amounts (paise, negatives as 0), kept by
-- statement-level triggers (transition tables: a 5,000-row insert updates each count once), so the
-- tab counts and the paid / pending / failed figures never count 50,000 rows. Deltas are applied
-- in key order in one statement (no lock-order deadlocks between concurrent status updates).
create table payroll_entry_counts (
  payroll_id uuid not null references payrolls(id),
  status text not null,
  -- never negative; no check constraint, because an upsert's delta row (-1) is checked before
  -- it meets the existing row
  n integer not null,
  amount bigint not null,
  primary key (payroll_id, status)
);

create function payroll_entry_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into payroll_entry_counts as c (payroll_id, status, n, amount)
    select payroll_id, status, count(*), sum(greatest(amount_payable, 0)) from new_rows group by 1, 2 order by 1, 2
    on conflict (payroll_id, status) do update set n = c.n + excluded.n, amount = c.amount + excluded.amount;
  elsif tg_op = 'DELETE' then
    update payroll_entry_counts c set n = c.n - d.n, amount = c.amount - d.amount
    from (select payroll_id, status, count(*) as n, sum(greatest(amount_payable, 0)) as amount from old_rows group by 1, 2 order by 1, 2) d
    where c.payroll_id = d.payroll_id and c.status = d.status;
  else
    insert into payroll_entry_counts as c (payroll_id, status, n, amount)
    select payroll_id, status, sum(k), sum(a) from (
      select o.payroll_id, o.status, -1 as k, -greatest(o.amount_payable, 0) as a
      from old_rows o join new_rows n on n.id = o.id
      where o.status <> n.status or o.amount_payable <> n.amount_payable or o.payroll_id <> n.payroll_id
      union all
      select n.payroll_id, n.status, 1, greatest(n.amount_payable, 0)
      from old_rows o join new_rows n on n.id = o.id
      where o.status <> n.status or o.amount_payable <> n.amount_payable or o.payroll_id <> n.payroll_id
    ) d
    group by 1, 2 order by 1, 2
    on conflict (payroll_id, status) do update set n = c.n + excluded.n, amount = c.amount + excluded.amount;
  end if;
  return null;
end $$;

create trigger payroll_entries_count_insert after insert on payroll_entries
  referencing new table as new_rows for each statement execute function payroll_entry_counts_apply();
create trigger payroll_entries_count_delete after delete on payroll_entries
  referencing old table as old_rows for each statement execute function payroll_entry_counts_apply();
create trigger payroll_entries_count_update after update on payroll_entries
  referencing old table as old_rows new table as new_rows for each statement execute function payroll_entry_counts_apply();

-- Every deduction names what it repays: an advance (its pending amount) or a top-up EMI.
create table payroll_deductions (
  id uuid primary key default gen_random_uuid(),
  entry_id uuid not null references payroll_entries(id),
  payroll_id uuid not null references payrolls(id),
  -- 1, 2, ...: oldest first within the entry
  position integer not null check (position >= 1),
  transaction_id uuid references transactions(id),
  topup_emi_id uuid references topup_emis(id),
  -- the advance's creation date or the EMI's due date (IST)
  item_date date not null,
  amount bigint not null check (amount > 0),
  check (num_nonnulls(transaction_id, topup_emi_id) = 1),
  unique (entry_id, position)
);
create index payroll_deductions_payroll on payroll_deductions (payroll_id);
create index payroll_deductions_transaction on payroll_deductions (transaction_id) where transaction_id is not null;
create index payroll_deductions_emi on payroll_deductions (topup_emi_id) where topup_emi_id is not null;
