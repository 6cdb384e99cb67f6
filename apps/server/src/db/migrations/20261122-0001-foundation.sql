-- Foundation: employers, vendors, roles, admins, identity, activity, dev outbox.
create table employers (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  config jsonb not null default '{"isEmployeeApprovalEnabled": false, "fileUploadLinkEnabled": false}',
  metadata jsonb not null default '{"departmentIds": [], "gradeIds": [], "branchIds": []}',
  created_at timestamptz not null default now()
);

create table vendors (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  name text not null,
  logo_url text,
  email text,
  mobile text,
  contract_start_date date,
  created_at timestamptz not null default now()
);
create index vendors_employer on vendors (employer_id);

create table roles (
  id uuid primary key,
  name text not null,
  role_type text not null check (role_type in ('EMPLOYER', 'VENDOR')),
  description text not null,
  resources jsonb not null
);

create table admins (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  name text not null,
  email text not null,
  mobile text not null,
  branch_location text not null,
  role_ids uuid[] not null,
  status text not null default 'INVITED' check (status in ('INVITED', 'ACTIVE', 'REMOVED')),
  password_hash text,
  password_changed_at timestamptz,
  email_verified_at timestamptz,
  mfa_phone text,
  mfa_enrolled_at timestamptz,
  failed_logins integer not null default 0,
  locked_until timestamptz,
  last_active_at timestamptz,
  invited_by uuid references admins(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  removed_at timestamptz
);
-- One live admin per e-mail across all employers: sign-in is by e-mail alone.
create unique index admins_email_live on admins (lower(email)) where status <> 'REMOVED';
create index admins_employer on admins (employer_id, vendor_id);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references admins(id),
  token_hash bytea not null unique,
  mfa_verified boolean not null,
  password_verified_at timestamptz not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_admin on sessions (admin_id) where revoked_at is null;

create table sign_in_attempts (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references admins(id),
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  completed_at timestamptz
);

create table otp_codes (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references admins(id),
  purpose text not null check (purpose in ('SIGN_IN', 'ENROL')),
  bound_to uuid not null,
  phone text not null,
  code_hash bytea not null,
  expires_at timestamptz not null,
  wrong_tries integer not null default 0,
  consumed_at timestamptz,
  invalidated_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_codes_bound on otp_codes (bound_to, created_at desc);

create table action_codes (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references admins(id),
  kind text not null check (kind in ('INVITE', 'VERIFY_EMAIL', 'RESET_PASSWORD')),
  code_hash bytea not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create table activities (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  vendor_id uuid references vendors(id),
  admin_id uuid not null references admins(id),
  action_type text not null,
  target_type text,
  target_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index activities_employer_time on activities (employer_id, created_at desc);

create table outbox_messages (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('EMAIL', 'SMS')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now()
);
create index outbox_recipient on outbox_messages (recipient, created_at desc);

create table app_secrets (
  name text primary key,
  value bytea not null
);
