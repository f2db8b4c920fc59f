-- System configuration: one row per setting that differs from its default, key `group.field` and a
-- JSON value the API checks against the setting's schema (packages/contracts, configuration).
CREATE TABLE system_settings (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);

-- Document numbers: the last number given per document kind and calendar year. The row is locked by
-- the transaction that takes a number (INSERT … ON CONFLICT DO UPDATE), so numbers are gap-free: a
-- transaction that rolls back gives its number back, and the next one waits for it.
CREATE TABLE document_number_counters (
  kind text NOT NULL CHECK (kind ~ '^[a-z][A-Za-z]*$'),
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
  last_value bigint NOT NULL CHECK (last_value >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, year)
);
