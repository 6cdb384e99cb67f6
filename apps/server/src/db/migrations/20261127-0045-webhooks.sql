-- Issue 26 (decision 0045): webhooks. An endpoint per employer URL with the events it wants and its
-- signing secret (sealed at rest like every secret the portal must read back: decision 0037); an
-- event per thing that happened; a delivery per event and endpoint, with its attempts.
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  url text not null,
  events text[] not null,
  secret text not null,
  previous_secret text,
  previous_secret_until timestamptz,
  created_by uuid not null references admins(id),
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create index webhook_endpoints_employer on webhook_endpoints (employer_id) where removed_at is null;

create table webhook_events (
  id uuid primary key default gen_random_uuid(),
  employer_id uuid not null references employers(id),
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references webhook_events(id),
  endpoint_id uuid not null references webhook_endpoints(id),
  employer_id uuid not null references employers(id),
  status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
  attempts integer not null default 0,
  last_status_code integer,
  last_error text,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_deliveries_employer on webhook_deliveries (employer_id, created_at desc);
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc);
