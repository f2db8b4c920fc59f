-- Supplier invoices ("Client Invoices", DOMAIN.md "Purchasing"): a supplier's invoice against their order lines,
-- matched three ways (ordered, received, invoiced; order price against invoice price) within the tolerances of
-- the configuration (system_settings purchasing.invoiceQuantityTolerance / purchasing.invoicePriceTolerance, %).
-- PENDING → BOOKED → PROCESSING (in a settlement) → PROCESSED (paid), and CANCELED. Amounts are in the invoice's
-- currency (its orders'); the invoice date's rate to GBP is kept for information only: exchange differences
-- never change stock value (IAS 21). A price difference is booked on the receipts matched, at each receipt's rate.
CREATE TABLE purchase_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind purchaseInvoice): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'BOOKED', 'PROCESSING', 'PROCESSED', 'CANCELED')),
  supplier_id uuid NOT NULL REFERENCES business_partners (id),
  -- The supplier's own number: once per supplier among invoices not cancelled.
  supplier_invoice_number text NOT NULL CHECK (char_length(supplier_invoice_number) BETWEEN 1 AND 60),
  invoice_date date NOT NULL,
  -- From the partner's payment terms unless given.
  due_date date NOT NULL CHECK (due_date >= invoice_date),
  currency text NOT NULL REFERENCES currencies (code),
  exchange_rate numeric(14, 8) NOT NULL CHECK (exchange_rate > 0),
  net_total numeric(18, 2) NOT NULL DEFAULT 0,
  vat_total numeric(18, 2) NOT NULL DEFAULT 0,
  gross_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (gross_total = net_total + vat_total),
  -- What is still to pay (settlements lower it).
  open_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (open_amount >= 0),
  -- The supplier's PDF or .xlsx, uploaded through the uploads area.
  upload_id uuid REFERENCES uploaded_files (id),
  notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 2000),
  -- Why a difference beyond the tolerances was accepted at booking.
  difference_reason text NOT NULL DEFAULT '' CHECK (char_length(difference_reason) <= 500),
  created_by uuid REFERENCES users (id),
  booked_at timestamptz,
  approved_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT purchase_invoices_number_key UNIQUE (number),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
CREATE UNIQUE INDEX purchase_invoices_supplier_number_key ON purchase_invoices (supplier_id, lower(supplier_invoice_number))
  WHERE status <> 'CANCELED';
CREATE INDEX purchase_invoices_created ON purchase_invoices (created_at DESC, id);
CREATE INDEX purchase_invoices_supplier ON purchase_invoices (supplier_id, invoice_date DESC);
CREATE INDEX purchase_invoices_status ON purchase_invoices (status, due_date);
CREATE INDEX purchase_invoices_due ON purchase_invoices (due_date, id);
CREATE INDEX purchase_invoices_upload ON purchase_invoices (upload_id) WHERE upload_id IS NOT NULL;
CREATE INDEX purchase_invoices_number_trgm ON purchase_invoices USING gin (number gin_trgm_ops);
CREATE INDEX purchase_invoices_supplier_number_trgm ON purchase_invoices USING gin (supplier_invoice_number gin_trgm_ops);

-- One order line per invoice line. net = round(quantity × unit_price × (1 − discount%/100), 2) half up;
-- vat = round(net × vat_rate/100, 2) half up (contracts/purchasing/vat.ts).
CREATE TABLE purchase_invoice_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES purchase_invoices (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  order_line_id uuid NOT NULL REFERENCES purchase_order_lines (id),
  product_id uuid NOT NULL REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  unit_price numeric(18, 6) NOT NULL CHECK (unit_price >= 0),
  discount_percent numeric(7, 4) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  vat_code text NOT NULL CHECK (vat_code IN ('STANDARD', 'REDUCED', 'ZERO', 'EXEMPT')),
  vat_rate numeric(5, 2) NOT NULL,
  net_amount numeric(18, 2) NOT NULL,
  vat_amount numeric(18, 2) NOT NULL,
  CONSTRAINT purchase_invoice_lines_line_key UNIQUE (invoice_id, line_no),
  CONSTRAINT purchase_invoice_lines_order_line_key UNIQUE (invoice_id, order_line_id)
);
CREATE INDEX purchase_invoice_lines_order_line ON purchase_invoice_lines (order_line_id);
CREATE INDEX purchase_invoice_lines_product ON purchase_invoice_lines (product_id, invoice_id);

-- Which receipt lines an invoice line pays for: the oldest not-yet-invoiced receipt of its order line first.
-- price_difference is what booking added to that receipt line's cost (GBP, at the receipt's rate); a cancelled
-- booked invoice takes it back.
CREATE TABLE purchase_invoice_receipt_matches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_line_id uuid NOT NULL REFERENCES purchase_invoice_lines (id) ON DELETE CASCADE,
  receipt_line_id uuid NOT NULL REFERENCES goods_received_note_lines (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  price_difference numeric(28, 8) NOT NULL DEFAULT 0,
  CONSTRAINT purchase_invoice_receipt_matches_key UNIQUE (invoice_line_id, receipt_line_id)
);
CREATE INDEX purchase_invoice_receipt_matches_receipt ON purchase_invoice_receipt_matches (receipt_line_id);
