-- Issue 26 (decision 0044): API keys. A key is a caller with a role's resources (spec 6), optionally
-- bound to one vendor, made by an admin whose name it acts under. Only the SHA-256 of the secret is
-- kept (the secret has 256 random bits, so a fast hash is enough); `shown` is its first characters.
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  name text not null,
  shown text not null,
  secret_hash bytea not null unique,
  resources jsonb not null,
  created_by uuid not null references admins(id),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid references admins(id)
);
create index api_keys_employer on api_keys (employer_id, created_at desc);
-- One active key of a name per employer: the activity trail names the key.
create unique index api_keys_active_name on api_keys (employer_id, lower(name)) where revoked_at is null;

-- Every change made with a key is attributed to it in the activity trail.
alter table activities add column api_key_id uuid references api_keys(id);
