-- Excel mappings: saved "file header → field" answers per import kind, reused by every .xlsx import.
CREATE TABLE excel_mappings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  kind text NOT NULL CHECK (kind IN ('products', 'inventory', 'sales_invoices', 'purchase_invoices')),
  is_default boolean NOT NULL DEFAULT false,
  -- [{ "header": "Item code", "field": "sku" }, …] in the order the person arranged them.
  columns jsonb NOT NULL CHECK (jsonb_typeof(columns) = 'array'),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX excel_mappings_name_key ON excel_mappings (kind, lower(name));
-- At most one default per kind.
CREATE UNIQUE INDEX excel_mappings_default_key ON excel_mappings (kind) WHERE is_default;
CREATE INDEX excel_mappings_name ON excel_mappings (lower(name), id);
CREATE INDEX excel_mappings_updated_at ON excel_mappings (updated_at, id);

-- Import runs: one uploaded .xlsx applied as one kind of record, by a server-side job whose progress
-- is kept here (rows_done of rows_total) for the web page to poll. A run writes all its rows or none.
CREATE TABLE import_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('products', 'inventory', 'sales_invoices', 'purchase_invoices')),
  file_id uuid NOT NULL REFERENCES uploaded_files (id),
  file_name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('insert', 'upsert')),
  -- The mapping used is copied into `columns`, so deleting the saved mapping leaves the history whole.
  mapping_id uuid REFERENCES excel_mappings (id) ON DELETE SET NULL,
  mapping_name text,
  columns jsonb,
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'VALIDATING', 'APPLYING', 'APPLIED', 'FAILED')),
  rows_total int CHECK (rows_total >= 0),
  rows_done int NOT NULL DEFAULT 0 CHECK (rows_done >= 0),
  created_count int NOT NULL DEFAULT 0 CHECK (created_count >= 0),
  updated_count int NOT NULL DEFAULT 0 CHECK (updated_count >= 0),
  error_count int NOT NULL DEFAULT 0 CHECK (error_count >= 0),
  -- The first problems by row and field (capped; error_count counts them all).
  errors jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(errors) = 'array'),
  failure_code text,
  failure_message text,
  -- { readMs, checkMs, applyMs, totalMs } once finished.
  timings jsonb,
  created_by uuid NOT NULL REFERENCES users (id),
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  -- Refreshed while the job works; a run in progress whose job stopped beating was interrupted.
  heartbeat_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX import_runs_kind_created ON import_runs (kind, created_at DESC, id DESC);
CREATE INDEX import_runs_kind_file_name ON import_runs (kind, lower(file_name), id);
CREATE INDEX import_runs_kind_status ON import_runs (kind, status, created_at DESC);
CREATE INDEX import_runs_mapping ON import_runs (mapping_id) WHERE mapping_id IS NOT NULL;
-- The job's queue: runs waiting or under way.
CREATE INDEX import_runs_active ON import_runs (created_at) WHERE status IN ('QUEUED', 'VALIDATING', 'APPLYING');
-- A stored file is imported once: a second run of it may start only after the first failed.
CREATE UNIQUE INDEX import_runs_file_key ON import_runs (file_id) WHERE status <> 'FAILED';
