-- The landing dashboard (domains/dashboards/home.repository.ts). Its other reads use the indexes of open statuses,
-- of purchase orders waiting for goods (purchase_orders_expected), of invoices by shipment instant
-- (sales_invoices_shipped_at) and of failed channel messages (channel_messages_status).

-- 30 days of sales per channel: read from the index alone, not one heap row per invoice.
CREATE INDEX IF NOT EXISTS sales_invoices_day_sales
  ON sales_invoices (invoice_date) INCLUDE (channel, status, gross_total, exchange_rate);

-- Products watched by a reorder point: the count visits only them, then their level rows by primary key.
CREATE INDEX IF NOT EXISTS products_reorder_watched
  ON products (id) WHERE reorder_point > 0 AND kind = 'STOCK' AND active;
