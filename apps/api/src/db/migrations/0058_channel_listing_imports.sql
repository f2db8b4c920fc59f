-- Api Config → Listings can be uploaded from an .xlsx: the import kind channel_listings, for mappings and runs.
ALTER TABLE excel_mappings DROP CONSTRAINT excel_mappings_kind_check;
ALTER TABLE excel_mappings ADD CONSTRAINT excel_mappings_kind_check
  CHECK (kind IN ('products', 'inventory', 'sales_invoices', 'purchase_invoices', 'channel_listings'));
ALTER TABLE import_runs DROP CONSTRAINT import_runs_kind_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_kind_check
  CHECK (kind IN ('products', 'inventory', 'sales_invoices', 'purchase_invoices', 'channel_listings'));
