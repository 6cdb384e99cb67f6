-- Issue 12: the streaming account's own identity. The payroll calls of a streaming-account payroll
-- name the account (execute by streaming account id); the virtual account number comes from a
-- sequence and is guessable, so the calls take this random id instead, always checked against the
-- caller's employer. Existing accounts get theirs here (the default is evaluated per row).
alter table employer_accounts add column id uuid not null default gen_random_uuid();
alter table employer_accounts add constraint employer_accounts_id_key unique (id);
