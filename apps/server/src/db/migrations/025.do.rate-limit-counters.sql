-- Rate-limit counters shared by every API process (auth/rate-limits.ts): one row per key and window.
-- A row whose expires_at has passed counts as empty; the store restarts it on the next hit and prunes
-- the rest now and then.
CREATE TABLE rate_limit_counters (
  key        text PRIMARY KEY,
  count      integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);
