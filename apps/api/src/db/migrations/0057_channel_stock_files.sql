-- Stock files (contract packages/contracts/src/channels/stock-files.ts): for an account whose stock goes to a file
-- rather than the channel's API, each STOCK run (scheduled or Run now) produces an .xlsx of every listing's
-- quantity to list; the newest few per account are kept for download, older ones pruned.
CREATE TABLE channel_stock_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  produced_at timestamptz NOT NULL DEFAULT now(),
  row_count integer NOT NULL CHECK (row_count >= 0),
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  -- The run that produced it (a job of channels.pull) and who asked, when someone did.
  job_id uuid,
  created_by uuid REFERENCES users (id)
);
CREATE INDEX channel_stock_files_account ON channel_stock_files (account_id, produced_at DESC, id);
