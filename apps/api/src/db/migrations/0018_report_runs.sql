-- Report runs: the FIFO stock process replays every product's valuation from the ledger in the background
-- (apps/api/src/domains/reports/fifo-process.service.ts) and keeps its progress and findings here, so that
-- a browser can follow it, and earlier runs stay readable.
CREATE TABLE fifo_process_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- Written after every batch: a run whose server stopped is recognised (and failed) on the next start.
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  started_by uuid REFERENCES users (id),
  request_id text,
  products_total integer NOT NULL DEFAULT 0 CHECK (products_total >= 0),
  products_done integer NOT NULL DEFAULT 0 CHECK (products_done >= 0),
  movements_done bigint NOT NULL DEFAULT 0 CHECK (movements_done >= 0),
  differences_found integer NOT NULL DEFAULT 0 CHECK (differences_found >= 0),
  failure text,
  CHECK ((status = 'RUNNING') = (finished_at IS NULL))
);
-- One run at a time: two would only compete for the same rows.
CREATE UNIQUE INDEX fifo_process_runs_one_running ON fifo_process_runs ((true)) WHERE status = 'RUNNING';
CREATE INDEX fifo_process_runs_started ON fifo_process_runs (started_at DESC, id);

-- What a run found: one row per figure that differs between the replay and what is stored. Product and
-- warehouse are kept as ids without foreign keys: a report of the past, never a reason to keep a record.
CREATE TABLE fifo_process_differences (
  run_id uuid NOT NULL REFERENCES fifo_process_runs (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  kind text NOT NULL,
  product_id uuid NOT NULL,
  warehouse_id uuid,
  bucket text,
  expected text NOT NULL DEFAULT '',
  stored text NOT NULL DEFAULT '',
  detail text NOT NULL DEFAULT '',
  PRIMARY KEY (run_id, seq)
);
CREATE INDEX fifo_process_differences_kind ON fifo_process_differences (run_id, kind, seq);
