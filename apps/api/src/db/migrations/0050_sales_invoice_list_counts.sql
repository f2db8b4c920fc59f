-- The sales invoice list at a million lines (issue 17: search and filters in at most 50 ms p95, measured by
-- apps/api/bench/order-to-cash.ts). The tabs count each status only up to a cap (SALES_INVOICE_COUNT_CAP), one
-- bounded count per status: with these, a channel's or a warehouse's count per status reads its own index entries
-- alone (index-only), never the invoices themselves.
CREATE INDEX IF NOT EXISTS sales_invoices_channel_status ON sales_invoices (channel, status);
CREATE INDEX IF NOT EXISTS sales_invoices_warehouse_status ON sales_invoices (warehouse_id, status);
-- A date range bounds the creation instants of its invoices (their least and greatest, read from this index alone),
-- so that the newest-first page starts its walk where the range's invoices are.
CREATE INDEX IF NOT EXISTS sales_invoices_invoice_date_created ON sales_invoices (invoice_date, created_at);
