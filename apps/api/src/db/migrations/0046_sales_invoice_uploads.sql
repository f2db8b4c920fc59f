-- Sales invoice Excel upload (contract sales/sales-invoice-uploads.ts): a run of the import engine (kind
-- sales_invoices) keeps the screen's choices (default channel and warehouse, book on import) and, once applied,
-- what it skipped; each invoice it writes names the run, so the run's answer lists them and a run taken up again
-- after an interruption counts its own earlier writes as created, not skipped.
ALTER TABLE import_runs ADD COLUMN options jsonb CHECK (options IS NULL OR jsonb_typeof(options) = 'object');
ALTER TABLE import_runs ADD COLUMN outcome jsonb CHECK (outcome IS NULL OR jsonb_typeof(outcome) = 'object');
ALTER TABLE sales_invoices ADD COLUMN import_run_id uuid REFERENCES import_runs (id);
CREATE INDEX sales_invoices_import_run ON sales_invoices (import_run_id, created_at, id) WHERE import_run_id IS NOT NULL;
