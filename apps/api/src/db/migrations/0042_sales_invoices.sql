-- Sales invoices (DOMAIN.md "Sales and fulfilment"; contract packages/contracts/src/sales/sales-invoices.ts): the
-- customer's order and its UK VAT invoice. PENDING → BOOKED (stock reserved through stock_reservations, source_type
-- 'sales_invoice') → PROCESSING → READY_FOR_DELIVERY → PROCESSED (shipped); CANCELED releases what is reserved.
-- Amounts are in the invoice's currency with the rate to GBP kept; totals and VAT are the server's (per line,
-- half up to the penny), never the client's. Stock moves only through the ledger, never from these tables.

-- Whether the prices of a channel's orders include VAT: the default of a new invoice's flag. Marketplaces sell to
-- consumers at VAT-inclusive prices; hand-made (MANUAL) invoices are written net.
CREATE TABLE sales_channel_settings (
  channel text PRIMARY KEY CHECK (channel IN ('MANUAL', 'AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'SAMSUNG')),
  prices_include_vat boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id)
);
INSERT INTO sales_channel_settings (channel, prices_include_vat) VALUES
  ('MANUAL', false), ('AMAZON', true), ('EBAY', true), ('SHOPIFY', true), ('TIKTOK', true), ('SAMSUNG', true);

CREATE TABLE sales_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind salesInvoice): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'PROCESSING', 'BOOKED', 'PROCESSED', 'CANCELED', 'READY_FOR_DELIVERY')),
  channel text NOT NULL DEFAULT 'MANUAL'
    CHECK (channel IN ('MANUAL', 'AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'SAMSUNG')),
  -- The channel's own order id: one invoice per channel order (the unique index below, not a lookup).
  external_order_id text CHECK (char_length(external_order_id) BETWEEN 1 AND 100),
  customer_id uuid NOT NULL REFERENCES customers (id),
  -- The customer's e-mail as on this invoice.
  email text CHECK (char_length(email) <= 254),
  -- The addresses copied onto the invoice: a later change of the customer does not change what was invoiced.
  billing_name text CHECK (char_length(billing_name) <= 120),
  billing_line1 text NOT NULL CHECK (char_length(billing_line1) BETWEEN 1 AND 120),
  billing_line2 text CHECK (char_length(billing_line2) <= 120),
  billing_city text NOT NULL CHECK (char_length(billing_city) BETWEEN 1 AND 80),
  billing_county text CHECK (char_length(billing_county) <= 80),
  billing_postcode text CHECK (char_length(billing_postcode) <= 12),
  billing_country text NOT NULL CHECK (billing_country ~ '^[A-Z]{2}$'),
  delivery_name text CHECK (char_length(delivery_name) <= 120),
  delivery_line1 text NOT NULL CHECK (char_length(delivery_line1) BETWEEN 1 AND 120),
  delivery_line2 text CHECK (char_length(delivery_line2) <= 120),
  delivery_city text NOT NULL CHECK (char_length(delivery_city) BETWEEN 1 AND 80),
  delivery_county text CHECK (char_length(delivery_county) <= 80),
  delivery_postcode text CHECK (char_length(delivery_postcode) <= 12),
  delivery_country text NOT NULL CHECK (delivery_country ~ '^[A-Z]{2}$'),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  currency text NOT NULL DEFAULT 'GBP' REFERENCES currencies (code),
  -- What one unit of the currency is worth in GBP, as taken on the invoice date or typed; 1 for GBP.
  exchange_rate numeric(14, 8) NOT NULL DEFAULT 1 CHECK (exchange_rate > 0),
  invoice_date date NOT NULL,
  tax_point_date date NOT NULL,
  -- Unit prices and the shipping charge as entered include VAT (net derived per line, contract header).
  prices_include_vat boolean NOT NULL,
  shipping_charge numeric(18, 2) NOT NULL DEFAULT 0 CHECK (shipping_charge >= 0),
  shipping_vat_code text NOT NULL DEFAULT 'STANDARD'
    CHECK (shipping_vat_code IN ('STANDARD', 'REDUCED', 'ZERO', 'EXEMPT')),
  shipping_net numeric(18, 2) NOT NULL DEFAULT 0,
  shipping_vat numeric(18, 2) NOT NULL DEFAULT 0,
  carrier_service_id uuid REFERENCES carrier_services (id),
  payment_type text CHECK (payment_type IN (
    'CASH', 'PAYPAL', 'BANK_TRANSFER', 'CREDIT_NOTE', 'SALES_INVOICE', 'EBAY_REFUND', 'SHOPIFY_REFUND',
    'AMAZON_REFUND', 'TIKTOK_REFUND')),
  payment_reference text NOT NULL DEFAULT '' CHECK (char_length(payment_reference) <= 100),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  -- The sums of the lines and shipping (VAT rounded per line).
  net_total numeric(18, 2) NOT NULL DEFAULT 0,
  vat_total numeric(18, 2) NOT NULL DEFAULT 0,
  gross_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (gross_total = net_total + vat_total),
  -- Kept with the lines so that a list page never sums lines.
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  total_quantity numeric(18, 4) NOT NULL DEFAULT 0,
  -- The lines' shortages recorded when booking kept the invoice PENDING.
  short_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (short_quantity >= 0),
  created_by uuid REFERENCES users (id),
  booked_at timestamptz,
  booked_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sales_invoices_number_key UNIQUE (number),
  CHECK (status <> 'PENDING' OR booked_at IS NULL),
  CHECK (status IN ('PENDING', 'CANCELED') OR booked_at IS NOT NULL),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
-- One invoice per channel order: a second insert of the same (channel, order id) conflicts here, also when two
-- arrive at the same moment.
CREATE UNIQUE INDEX sales_invoices_external_order_key ON sales_invoices (channel, external_order_id)
  WHERE external_order_id IS NOT NULL;
-- The list: each sort walks an index of (its column, id) forwards or backwards for a page; each filter has one that
-- starts with it, then the default order (newest first).
CREATE INDEX sales_invoices_created_sort ON sales_invoices (created_at, id);
CREATE INDEX sales_invoices_invoice_date_sort ON sales_invoices (invoice_date, id);
CREATE INDEX sales_invoices_gross_sort ON sales_invoices (gross_total, id);
CREATE INDEX sales_invoices_status_sort ON sales_invoices (status, id);
CREATE INDEX sales_invoices_channel_sort ON sales_invoices (channel, id);
CREATE INDEX sales_invoices_customer_sort ON sales_invoices (customer_id, id);
CREATE INDEX sales_invoices_warehouse_sort ON sales_invoices (warehouse_id, id);
CREATE INDEX sales_invoices_number_sort ON sales_invoices (number, id);
CREATE INDEX sales_invoices_external_sort ON sales_invoices (external_order_id, id);
CREATE INDEX sales_invoices_status_created ON sales_invoices (status, created_at, id);
CREATE INDEX sales_invoices_channel_created ON sales_invoices (channel, created_at, id);
CREATE INDEX sales_invoices_warehouse_created ON sales_invoices (warehouse_id, created_at, id);
CREATE INDEX sales_invoices_customer_created ON sales_invoices (customer_id, created_at, id);
CREATE INDEX sales_invoices_invoice_date_status ON sales_invoices (invoice_date, status);
CREATE INDEX sales_invoices_short ON sales_invoices (created_at, id) WHERE short_quantity > 0;
-- Search: "contains" on the number, the external order id and the e-mail on the invoice (customers' names and
-- e-mails, and SKUs, have their own trigram indexes).
CREATE INDEX sales_invoices_number_trgm ON sales_invoices USING gin (number gin_trgm_ops);
CREATE INDEX sales_invoices_external_order_trgm ON sales_invoices USING gin (external_order_id gin_trgm_ops);
CREATE INDEX sales_invoices_email_trgm ON sales_invoices USING gin (email gin_trgm_ops);

-- One line per product sold (a product may appear on several lines, e.g. at two prices). Quantities in the product's
-- unit; the unit price as entered (with or without VAT as the invoice says), 4 places. Without VAT: net =
-- round(qty × price × (1 − discount/100), 2), vat = round(net × rate/100, 2). With VAT: gross = round(qty × price ×
-- (1 − discount/100), 2), vat = round(gross × rate/(100 + rate), 2), net = gross − vat. Half up throughout.
CREATE TABLE sales_invoice_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id uuid NOT NULL REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  unit_price numeric(18, 4) NOT NULL CHECK (unit_price >= 0),
  discount_percent numeric(7, 4) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  vat_code text NOT NULL DEFAULT 'STANDARD' CHECK (vat_code IN ('STANDARD', 'REDUCED', 'ZERO', 'EXEMPT')),
  vat_rate numeric(5, 2) NOT NULL DEFAULT 20,
  net_amount numeric(18, 2) NOT NULL,
  vat_amount numeric(18, 2) NOT NULL,
  gross_amount numeric(18, 2) NOT NULL CHECK (gross_amount = net_amount + vat_amount),
  -- What booking found missing when it kept the invoice PENDING (0 once booked).
  short_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (short_quantity >= 0),
  -- The line's reservation once booked (services have none).
  reservation_id uuid REFERENCES stock_reservations (id),
  CONSTRAINT sales_invoice_lines_line_key UNIQUE (invoice_id, line_no),
  CHECK (
    (vat_code = 'STANDARD' AND vat_rate = 20) OR (vat_code = 'REDUCED' AND vat_rate = 5)
    OR (vat_code IN ('ZERO', 'EXEMPT') AND vat_rate = 0)
  )
);
-- Search by SKU (products' trigram index, then the lines of those products) and what refers to a product.
CREATE INDEX sales_invoice_lines_product ON sales_invoice_lines (product_id, invoice_id);
CREATE INDEX sales_invoice_lines_reservation ON sales_invoice_lines (reservation_id) WHERE reservation_id IS NOT NULL;
