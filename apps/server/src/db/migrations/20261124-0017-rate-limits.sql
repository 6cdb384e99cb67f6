-- Issue 15: the request rate limits (@fastify/rate-limit: identity calls per minute and per hour,
-- the File Upload link's uploads) are counted here, so that every API process of a deployment
-- shares one count per route and client instead of each allowing the whole limit. One row per
-- route and client key: the hits of its current fixed window and when that window ends. Rows whose
-- window has ended are deleted now and then by the API processes (platform/rate-limit-store.ts).
-- Unlogged: the counters are not worth a WAL write per request; a crash of the database empties the
-- table, which only starts every window afresh.
create unlogged table rate_limit_hits (
  key text primary key,
  hits integer not null check (hits > 0),
  window_ends_at timestamptz not null
);
create index rate_limit_hits_window_ends_at on rate_limit_hits (window_ends_at);
