-- Issue 13 (decision 0024): an advance held for the employer's approval. With the employer config's
-- isEmployeeApprovalEnabled on, the worker side creates an advance USER_REQUESTED with
-- employer_approval PENDING; an admin approves it (it may then move on) or rejects it
-- (LENDER_REJECTED with the reason). Null: the advance never waited for the employer.
-- status_reason: why an advance ended (rejected by the employer, or no longer within the limits).
alter table transactions
  add column employer_approval text check (employer_approval in ('PENDING', 'APPROVED', 'REJECTED')),
  add column employer_decided_at timestamptz,
  add column employer_decided_by uuid references admins (id),
  add column status_reason text;
-- The pending list of a context, oldest first.
create index transactions_employer_approval_pending on transactions (employer_id, vendor_id, created_at, id) where employer_approval = 'PENDING';
