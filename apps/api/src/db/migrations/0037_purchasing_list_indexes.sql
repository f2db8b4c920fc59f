-- The purchase order and supplier invoice lists at 500,000 lines each (issue 16: at most 50 ms p95), as measured by
-- apps/api/bench/purchasing.ts: each sort walks an index of (its column, id) forwards or backwards for a page, and
-- each filter has one that starts with it.

-- Orders (the list is always of one type): the sorts by expected date (empty last either way), by status, by
-- supplier (the suppliers' name index leads, then each supplier's orders of the type in id order) and by warehouse
-- (the warehouses by code, then each one's orders of the type in id order).
CREATE INDEX purchase_orders_type_expected_sort ON purchase_orders (type, expected_date, id);
CREATE INDEX purchase_orders_type_expected_sort_desc ON purchase_orders (type, expected_date DESC NULLS LAST, id DESC);
CREATE INDEX purchase_orders_type_status_sort ON purchase_orders (type, status, id);
CREATE INDEX purchase_orders_type_supplier_sort ON purchase_orders (type, supplier_id, id) WHERE supplier_id IS NOT NULL;
CREATE INDEX purchase_orders_type_warehouse_sort ON purchase_orders (type, warehouse_id, id);
CREATE INDEX warehouses_code_sort ON warehouses (code, id);

-- Invoices: newest first by default (the old index ordered id the other way, so no page could walk it), the other
-- sorts, and the status and supplier filters with the default order.
DROP INDEX purchase_invoices_created;
CREATE INDEX purchase_invoices_created_sort ON purchase_invoices (created_at, id);
CREATE INDEX purchase_invoices_invoice_date_sort ON purchase_invoices (invoice_date, id);
CREATE INDEX purchase_invoices_gross_sort ON purchase_invoices (gross_total, id);
CREATE INDEX purchase_invoices_status_sort ON purchase_invoices (status, id);
CREATE INDEX purchase_invoices_status_created ON purchase_invoices (status, created_at, id);
CREATE INDEX purchase_invoices_supplier_created ON purchase_invoices (supplier_id, created_at, id);
