-- Employees list at 100,000 workers per employer (issue 3 "Speed", docs/decisions/0011).
--
-- 1. The list's order is (created_at desc, id asc) within the context: the employer's own workers
--    (vendor_id is null) or one vendor's. PostgreSQL derives "this column is constant" for an
--    index's leading columns only from `=`, not from `is null`, so an index on
--    (employer_id, vendor_id, created_at, id) still needs a sort of the whole context for the
--    employer's own workers. Two partial indexes give the order in both contexts: a page reads
--    its offset plus 10 entries, and the download walks the index without sorting. They replace
--    workers_scope_created, which lacked the id tie-breaker.
create index workers_own_created on workers (employer_id, created_at desc, id asc) where vendor_id is null;
create index workers_vendor_created on workers (employer_id, vendor_id, created_at desc, id asc) where vendor_id is not null;
drop index if exists workers_scope_created;

-- 2. The search box: "contains" (ILIKE '%text%') on Employee ID, mobile, full name and e-mail.
--    A btree cannot serve a leading wildcard; trigram GIN indexes can (3 characters or more),
--    combined by a BitmapOr across the four columns. pg_trgm is a trusted extension.
create extension if not exists pg_trgm;
create index workers_trgm_employee_id on workers using gin (employer_worker_id gin_trgm_ops);
create index workers_trgm_mobile on workers using gin (mobile gin_trgm_ops);
create index workers_trgm_full_name on workers using gin (full_name gin_trgm_ops);
create index workers_trgm_email on workers using gin (email gin_trgm_ops);

-- 3. The list's total without search or filters (what the screen shows as it opens) is a count of
--    the whole context: 100,000 index entries per request, too slow for hundreds of requests a
--    second. It is kept per context by statement-level triggers (transition tables, so a bulk
--    insert updates each count once) and read from here; the zero uuid stands for "no vendor".
create table worker_context_counts (
  employer_id uuid not null references employers(id),
  vendor_key uuid not null,
  n bigint not null check (n >= 0),
  primary key (employer_id, vendor_key)
);

create function worker_context_counts_add(rows_ jsonb) returns void language sql as $$
  -- rows_: [{e: employer_id, v: vendor_key, k: delta}], applied in key order (no lock-order deadlocks).
  insert into worker_context_counts as c (employer_id, vendor_key, n)
  select (r->>'e')::uuid, (r->>'v')::uuid, sum((r->>'k')::bigint)
  from jsonb_array_elements(rows_) r
  group by 1, 2
  order by 1, 2
  on conflict (employer_id, vendor_key) do update set n = c.n + excluded.n;
$$;

create function worker_context_counts_apply() returns trigger language plpgsql as $$
declare
  zero constant uuid := '00000000-0000-0000-0000-000000000000';
  deltas jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('e', e, 'v', v, 'k', k)) into deltas
    from (select employer_id as e, coalesce(vendor_id, zero) as v, count(*) as k from new_rows group by 1, 2) g;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('e', e, 'v', v, 'k', -k)) into deltas
    from (select employer_id as e, coalesce(vendor_id, zero) as v, count(*) as k from old_rows group by 1, 2) g;
  else
    -- Only a worker that moved to another context changes a count.
    select jsonb_agg(d) into deltas from (
      select jsonb_build_object('e', o.employer_id, 'v', coalesce(o.vendor_id, zero), 'k', -1) as d
      from old_rows o join new_rows n on n.id = o.id
      where o.employer_id <> n.employer_id or o.vendor_id is distinct from n.vendor_id
      union all
      select jsonb_build_object('e', n.employer_id, 'v', coalesce(n.vendor_id, zero), 'k', 1)
      from old_rows o join new_rows n on n.id = o.id
      where o.employer_id <> n.employer_id or o.vendor_id is distinct from n.vendor_id
    ) moved;
  end if;
  if deltas is not null then perform worker_context_counts_add(deltas); end if;
  return null;
end $$;

create trigger workers_count_insert after insert on workers
  referencing new table as new_rows for each statement execute function worker_context_counts_apply();
create trigger workers_count_delete after delete on workers
  referencing old table as old_rows for each statement execute function worker_context_counts_apply();
create trigger workers_count_update after update on workers
  referencing old table as old_rows new table as new_rows for each statement execute function worker_context_counts_apply();

insert into worker_context_counts (employer_id, vendor_key, n)
select employer_id, coalesce(vendor_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*) from workers group by 1, 2;
