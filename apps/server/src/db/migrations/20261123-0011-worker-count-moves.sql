-- The per-context worker counts (0006) could not take a negative change: the insert half of
-- "insert ... on conflict do update" proposes a row with n = -1, and the n >= 0 check refuses it
-- before the conflict is resolved, so moving a worker to another context or deleting one failed.
-- Changes are now added to existing rows first; only rows that do not exist yet are inserted.
create or replace function worker_context_counts_add(rows_ jsonb) returns void language sql as $$
  with d as (
    select (r->>'e')::uuid as e, (r->>'v')::uuid as v, sum((r->>'k')::bigint) as k
    from jsonb_array_elements(rows_) r
    group by 1, 2
  ),
  -- In key order, so two statements lock the counts in the same order (no deadlocks).
  locked as (
    select c.employer_id, c.vendor_key from worker_context_counts c join d on d.e = c.employer_id and d.v = c.vendor_key
    order by 1, 2 for update of c
  ),
  updated as (
    update worker_context_counts c set n = c.n + d.k
    from d join locked l on l.employer_id = d.e and l.vendor_key = d.v
    where c.employer_id = d.e and c.vendor_key = d.v
    returning c.employer_id, c.vendor_key
  )
  insert into worker_context_counts as c (employer_id, vendor_key, n)
  select d.e, d.v, d.k from d
  where d.k > 0 and not exists (select 1 from updated u where u.employer_id = d.e and u.vendor_key = d.v)
  order by 1, 2
  on conflict (employer_id, vendor_key) do update set n = c.n + excluded.n;
$$;
