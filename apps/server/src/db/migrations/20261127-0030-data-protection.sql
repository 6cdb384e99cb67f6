-- Issue 22 item 2 (decision 0037): data keys, each wrapped under a master key the database never
-- holds (DATA_MASTER_KEYS, or the development file in the data folder). Sealed values name the data
-- key that sealed them, so several are read side by side during a rotation.
create table data_keys (
  id integer primary key check (id > 0),
  master_key_id text not null,
  wrapped bytea not null,
  created_at timestamptz not null default now()
);

-- One row per sealing pass that has run to its end (the first start after this migration seals
-- what older versions wrote in clear), so later starts do not scan the protected tables again.
create table data_sealing_runs (
  name text primary key,
  done_at timestamptz not null default now()
);
