-- The platform's job runner (apps/api/src/platform/jobs/): background work of every area in one table, claimed
-- by a server with FOR UPDATE SKIP LOCKED, kept alive by a heartbeat, and taken back only when the heartbeat is
-- stale, so several API servers can share one database and none ever takes a live server's work.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Registered by an area with the runner (e.g. 'imports.run', 'reports.fifo_process').
  kind text NOT NULL CHECK (char_length(kind) BETWEEN 1 AND 100),
  -- The area's record the job works on (an import run's id, …): at most one job per (kind, key).
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 200),
  payload jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(payload) = 'object'),
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  -- Attempts started so far; after max_attempts failures the job is FAILED for good (until retried by a person).
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1),
  -- Not claimed before this instant: the backoff after a failed attempt.
  run_after timestamptz NOT NULL DEFAULT now(),
  -- The server that holds it (RUNNING) or held it last (DONE, FAILED); none while it waits. With the last
  -- sign of life from the attempt under way.
  claimed_by text,
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  progress_done bigint NOT NULL DEFAULT 0 CHECK (progress_done >= 0),
  progress_total bigint CHECK (progress_total >= 0),
  last_error text,
  created_by uuid REFERENCES users (id),
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (status <> 'RUNNING' OR (claimed_by IS NOT NULL AND heartbeat_at IS NOT NULL)),
  CHECK (status <> 'QUEUED' OR claimed_by IS NULL),
  CHECK ((status IN ('DONE', 'FAILED')) = (finished_at IS NOT NULL))
);
CREATE UNIQUE INDEX jobs_kind_key ON jobs (kind, key);
-- What a server looks for when it has room: the oldest waiting job of a kind whose time has come.
CREATE INDEX jobs_queued ON jobs (kind, run_after, created_at) WHERE status = 'QUEUED';
-- What the stale sweep reads, and what pruning deletes.
CREATE INDEX jobs_running ON jobs (heartbeat_at) WHERE status = 'RUNNING';
CREATE INDEX jobs_done ON jobs (finished_at) WHERE status = 'DONE';

-- The transactional outbox (apps/api/src/platform/outbox.ts): a business change writes the events it
-- causes in its own transaction, so a change that rolls back emits nothing and one that commits loses none.
-- The runner delivers each event at least once to every handler registered for its type.
CREATE TABLE outbox_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 100),
  -- What the event is about (e.g. product:warehouse), for reading and for handlers that group by it.
  key text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(payload) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Backoff after a handler failed.
  deliver_after timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX outbox_events_pending ON outbox_events (deliver_after, id) WHERE status = 'PENDING';
CREATE INDEX outbox_events_type ON outbox_events (type, id);
CREATE INDEX outbox_events_delivered ON outbox_events (delivered_at) WHERE status = 'DELIVERED';

-- Which handler has had which event, written in the handler's own (nested) transaction with its effect:
-- a redelivery finds the pair and skips that handler, so its effect happens once.
CREATE TABLE outbox_deliveries (
  event_id bigint NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
  handler text NOT NULL,
  delivered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, handler)
);

-- Failed sign-in attempts (apps/api/src/domains/identity/rate-limit.ts), in the database so every API
-- server counts the same ones. Rows older than the window are of no use and are deleted as they expire.
CREATE TABLE sign_in_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Per user and address ('u["alice","10.0.0.1"]') or per address ('i"10.0.0.1"'): the keys the limiter checks.
  key text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_key ON sign_in_failures (key, failed_at);
CREATE INDEX sign_in_failures_expires ON sign_in_failures (expires_at);
