-- Workers (employees and contractors) and what the worker side creates: profiles, bank accounts,
-- documents, agreements, attendance days, wage advances (transactions) and salary top-ups.
-- Money in integer paise (bigint); business dates as date (Asia/Kolkata).
create table workers (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  worker_type text not null default 'EMPLOYEE' check (worker_type in ('EMPLOYEE', 'CONTRACTOR')),
  employer_worker_id text not null,
  full_name text not null,
  email text,
  mobile text,
  address text,
  joined_at date,
  terminated_at date,
  employment_status text not null default 'ACTIVE' check (employment_status in ('ACTIVE', 'IN_PROBATION', 'INACTIVE')),
  upi_id text,
  pan text,
  designation text,
  current_monthly_salary bigint not null check (current_monthly_salary >= 0),
  max_withdrawal_salary_percent numeric(5, 2) check (max_withdrawal_salary_percent between 0 and 100),
  max_withdrawal_per_transaction bigint check (max_withdrawal_per_transaction >= 0),
  max_withdrawal_per_day bigint check (max_withdrawal_per_day >= 0),
  salary_account_number text,
  department_id text,
  grade_id text,
  branch_id text,
  branch_location text,
  is_transaction_allowed boolean not null default true,
  user_id uuid,
  approval_status text check (approval_status in ('PENDING', 'APPROVED', 'REJECTED')),
  approval_requested_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Within an employer an employee id, an e-mail and a mobile each belong to one worker.
create unique index workers_employer_worker_id on workers (employer_id, lower(employer_worker_id));
create unique index workers_employer_email on workers (employer_id, lower(email)) where email is not null;
create unique index workers_employer_mobile on workers (employer_id, mobile) where mobile is not null;
create index workers_scope_created on workers (employer_id, vendor_id, created_at desc);
create index workers_pending on workers (employer_id, approval_status) where approval_status = 'PENDING';

create table worker_profiles (
  worker_id uuid primary key references workers(id),
  gender text,
  date_of_birth date,
  address jsonb,
  verification jsonb not null default '{}',
  updated_at timestamptz not null default now()
);

create table worker_bank_accounts (
  id uuid primary key default gen_random_uuid(),
  worker_id uuid not null references workers(id),
  account_number text not null,
  ifsc text not null,
  is_primary boolean not null default false,
  created_at timestamptz not null default now()
);
create index worker_bank_accounts_worker on worker_bank_accounts (worker_id);

create table worker_documents (
  id uuid primary key default gen_random_uuid(),
  worker_id uuid not null references workers(id),
  kind text not null,
  mime_type text not null,
  content bytea not null,
  status text not null default 'PENDING' check (status in ('VERIFIED', 'PENDING', 'INCORRECT')),
  created_at timestamptz not null default now()
);
create index worker_documents_worker on worker_documents (worker_id, kind);

create table worker_agreements (
  id uuid primary key default gen_random_uuid(),
  worker_id uuid not null references workers(id),
  agreement_type text not null,
  signed_at timestamptz not null,
  content bytea,
  created_at timestamptz not null default now()
);
create index worker_agreements_worker on worker_agreements (worker_id);

create table attendance_days (
  worker_id uuid not null references workers(id),
  day date not null,
  status text not null check (status in ('PRESENT', 'ABSENT', 'HALF_DAY', 'LEAVE', 'HOLIDAY')),
  source_document_id uuid,
  primary key (worker_id, day)
);

create table transactions (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  worker_id uuid not null references workers(id),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('USER_REQUESTED', 'LENDER_APPROVED', 'LENDER_REJECTED', 'AGREEMENT_SIGNED', 'TRANSFER_INITIATED', 'TRANSFERRED', 'TRANSFER_FAILED', 'REPAID', 'DEDUCTED_FROM_SALARY', 'CANCELLED', 'EXPIRED')),
  repaid_amount bigint not null default 0 check (repaid_amount >= 0),
  latest_repayment_date date,
  worker_snapshot jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index transactions_scope_created on transactions (employer_id, created_at desc);
create index transactions_worker_created on transactions (worker_id, created_at desc);

create table transaction_events (
  id bigserial primary key,
  transaction_id uuid not null references transactions(id),
  status text not null,
  created_at timestamptz not null default now()
);
create index transaction_events_tx on transaction_events (transaction_id, id);

create table repayments (
  id uuid primary key default gen_random_uuid(),
  transaction_id uuid not null references transactions(id),
  amount bigint not null check (amount > 0),
  paid_on date not null,
  source text not null check (source in ('DIRECT', 'SALARY_DEDUCTION')),
  created_at timestamptz not null default now()
);
create index repayments_tx on repayments (transaction_id);

create table salary_topup_applications (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  worker_id uuid not null references workers(id),
  amount bigint not null check (amount > 0),
  tenure_months integer not null check (tenure_months between 1 and 24),
  emi_amount bigint not null check (emi_amount > 0),
  emi_start_date date,
  approval_date date,
  disbursal_date date,
  status text not null check (status in ('INITIATED', 'USER_DOC_UPLOAD_PENDING', 'VERIFICATION_PENDING', 'AGREEMENT_PENDING', 'ENACH_PENDING', 'APPLICATION_APPROVED', 'REJECTED', 'DISBURSAL_INITIATED', 'DISBURSAL_FAILED', 'DISBURSED', 'REPAID')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index salary_topups_scope_created on salary_topup_applications (employer_id, created_at desc);

create table topup_emis (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references salary_topup_applications(id),
  due_date date not null,
  amount bigint not null check (amount > 0),
  status text not null default 'DUE' check (status in ('DUE', 'DEDUCTED', 'PAID')),
  unique (application_id, due_date)
);
