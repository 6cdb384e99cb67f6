-- Issue 26 (decision 0046): bulk writes without a spreadsheet. An upload made with an API key names
-- it (the histories say "API key Payroll sync (Asha Rao)"); an Idempotency-Key is kept with the
-- SHA-256 of its request, so a repeat answers as the first did and another body is refused.
alter table document_uploads add column api_key_id uuid references api_keys(id);

create table idempotency_keys (
  employer_id uuid not null references employers(id),
  key text not null,
  request_hash bytea not null,
  upload_id uuid not null references document_uploads(id),
  created_at timestamptz not null default now(),
  primary key (employer_id, key)
);
