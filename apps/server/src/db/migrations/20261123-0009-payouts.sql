-- Issue 5: the employer's streaming account (a ledger, never a stored balance), payroll payouts
-- (one row per attempt, keyed before the bank is called) and the bank's webhook events.
-- See docs/payroll-design.md "Account, execution and payouts" and docs/decisions/0015.

-- Virtual account numbers are handed out from a sequence: unique without retries.
create sequence employer_virtual_account_seq;

create table employer_accounts (
  employer_id uuid primary key references employers(id),
  virtual_account text not null unique,
  created_at timestamptz not null default now()
);

-- Balance = sum(CREDIT) - sum(DEBIT) of an employer. A DEBIT is a payroll's execution (one per
-- payroll); a CREDIT is money the bank reported on the virtual account (one per bank credit id).
create table ledger_entries (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  kind text not null check (kind in ('CREDIT', 'DEBIT')),
  amount bigint not null check (amount > 0),
  reason text not null,
  payroll_id uuid references payrolls(id),
  bank_reference text,
  created_at timestamptz not null default now(),
  check (kind <> 'DEBIT' or payroll_id is not null),
  check (kind <> 'CREDIT' or bank_reference is not null)
);
create unique index ledger_entries_one_debit_per_payroll on ledger_entries (payroll_id) where kind = 'DEBIT';
create unique index ledger_entries_one_credit_per_bank_credit on ledger_entries (bank_reference) where kind = 'CREDIT';
create index ledger_entries_employer on ledger_entries (employer_id, kind) include (amount);

-- One row per payout attempt of a payroll entry. The idempotency key is stored (and unique)
-- before the bank is called and reused by every retry of the attempt.
create table payouts (
  id uuid primary key default gen_random_uuid(),
  payroll_id uuid not null references payrolls(id),
  entry_id uuid not null references payroll_entries(id),
  attempt integer not null check (attempt >= 1),
  idempotency_key text not null unique,
  amount bigint not null check (amount > 0),
  account_number text not null,
  ifsc text not null,
  status text not null default 'INITIATED'
    check (status in ('INITIATED', 'PENDING', 'TRANSFERRED', 'FAILED', 'REVERSED', 'CANCELLED')),
  bank_payout_id text unique,
  utr text,
  failure_reason text,
  -- when a sender last took the payout to send it (null: waiting for its job)
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (entry_id, attempt)
) with (fillfactor = 85); -- room for the (HOT) sent_at update beside the row
-- (No index on payroll_id: nothing reads a payroll's payouts in bulk but the poll, which uses
-- payouts_open, and each index is written again on every status change.)
-- The reconciliation poll's work list: payouts still waiting for the bank, oldest first.
create index payouts_open on payouts (updated_at) where status in ('INITIATED', 'PENDING');

-- Every bank event applied, once per (bank payout, bank status): a repeated webhook finds its row.
create table payout_events (
  bank_payout_id text not null,
  status text not null,
  event_id text not null,
  payout_id uuid references payouts(id),
  received_at timestamptz not null default now(),
  primary key (bank_payout_id, status)
);
create index payout_events_payout on payout_events (payout_id);
