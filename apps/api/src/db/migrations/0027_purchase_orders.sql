-- Purchase orders (DOMAIN.md "Purchasing"): four types, one table. DRAFT → APPROVED → PARTIALLY_RECEIVED →
-- RECEIVED → CLOSED, and CANCELED before any receipt; closing a partly received order cancels what is still
-- to come (its backorder). Amounts are in the order's currency; the rate to GBP taken on the order date (or
-- typed) is kept on it. Stock moves only when goods are received (goods received notes) or, for
-- SEND_INVENTORY, dispatched: through the ledger, never from these tables.
CREATE TABLE purchase_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind purchaseOrder): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  type text NOT NULL CHECK (type IN ('PRIOR_ORDER_PO', 'INVOICE_ORDER_PO', 'CONSIGNMENT_PO', 'SEND_INVENTORY')),
  status text NOT NULL DEFAULT 'DRAFT'
    CHECK (status IN ('DRAFT', 'APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED', 'CANCELED')),
  -- The supplier (a business partner). SEND_INVENTORY has none: it sends own stock to another location.
  supplier_id uuid REFERENCES business_partners (id),
  -- Where the goods arrive; for SEND_INVENTORY the own warehouse they leave from.
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  -- SEND_INVENTORY only: where they go (an Amazon FBA warehouse, for instance), through in transit.
  destination_warehouse_id uuid REFERENCES warehouses (id),
  shipment_reference text NOT NULL DEFAULT '' CHECK (char_length(shipment_reference) <= 100),
  currency text NOT NULL DEFAULT 'GBP' REFERENCES currencies (code),
  -- What one unit of the currency is worth in GBP (exchange_rates' sense), as taken or typed; 1 for GBP.
  exchange_rate numeric(14, 8) NOT NULL DEFAULT 1 CHECK (exchange_rate > 0),
  cost_center_id uuid REFERENCES cost_centers (id),
  order_date date NOT NULL DEFAULT CURRENT_DATE,
  expected_date date,
  payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 365),
  -- The supplier's own reference (their order confirmation or, for INVOICE_ORDER_PO, their invoice).
  supplier_reference text NOT NULL DEFAULT '' CHECK (char_length(supplier_reference) <= 100),
  notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 2000),
  -- Totals in the order's currency: the sums of the lines (VAT rounded per line, DOMAIN.md).
  net_total numeric(18, 2) NOT NULL DEFAULT 0,
  vat_total numeric(18, 2) NOT NULL DEFAULT 0,
  gross_total numeric(18, 2) NOT NULL DEFAULT 0 CHECK (gross_total = net_total + vat_total),
  created_by uuid REFERENCES users (id),
  approved_at timestamptz,
  approved_by uuid REFERENCES users (id),
  -- When the order was last e-mailed to the supplier, and to whom.
  sent_at timestamptz,
  sent_to text NOT NULL DEFAULT '' CHECK (char_length(sent_to) <= 254),
  -- SEND_INVENTORY: when its stock left the source warehouse into transit (the `dispatch` step).
  dispatched_at timestamptz,
  dispatched_by uuid REFERENCES users (id),
  closed_at timestamptz,
  closed_by uuid REFERENCES users (id),
  close_reason text NOT NULL DEFAULT '' CHECK (char_length(close_reason) <= 500),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT purchase_orders_number_key UNIQUE (number),
  CHECK ((type = 'SEND_INVENTORY') = (supplier_id IS NULL)),
  CHECK ((type = 'SEND_INVENTORY') = (destination_warehouse_id IS NOT NULL)),
  CHECK (destination_warehouse_id IS NULL OR destination_warehouse_id <> warehouse_id),
  -- A draft is not approved yet; every later status but CANCELED has been (an approved order may be cancelled).
  CHECK (status <> 'DRAFT' OR approved_at IS NULL),
  CHECK (status IN ('DRAFT', 'CANCELED') OR approved_at IS NOT NULL),
  CHECK ((closed_at IS NULL) = (status <> 'CLOSED')),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
-- The list of each type (500,000 lines answer in milliseconds): the type then the sort column then id, walked
-- forwards or backwards for a page; by status, warehouse or supplier the newest first; the open orders of a
-- supplier (fast receiving matches oldest first).
CREATE INDEX purchase_orders_type_created ON purchase_orders (type, created_at, id);
CREATE INDEX purchase_orders_type_order_date ON purchase_orders (type, order_date, id);
CREATE INDEX purchase_orders_type_gross ON purchase_orders (type, gross_total, id);
CREATE INDEX purchase_orders_type_status ON purchase_orders (type, status, created_at, id);
CREATE INDEX purchase_orders_type_warehouse ON purchase_orders (type, warehouse_id, created_at, id);
CREATE INDEX purchase_orders_supplier ON purchase_orders (supplier_id, status, order_date, id)
  WHERE supplier_id IS NOT NULL;
CREATE INDEX purchase_orders_expected ON purchase_orders (expected_date)
  WHERE status IN ('APPROVED', 'PARTIALLY_RECEIVED');
-- Search: "contains" on the number and the supplier's reference.
CREATE INDEX purchase_orders_number_trgm ON purchase_orders USING gin (number gin_trgm_ops);
CREATE INDEX purchase_orders_supplier_reference_trgm ON purchase_orders USING gin (supplier_reference gin_trgm_ops);

-- One product per line. Quantities in the product's unit; unit cost in the order's currency (6 places, as
-- suppliers quote fractions of a penny). net = round(quantity × unit_cost × (1 − discount%/100), 2) half up;
-- vat = round(net × vat_rate/100, 2) half up. received/rejected are kept by goods received notes, invoiced
-- by supplier invoices, canceled by closing the order (what will not come any more).
CREATE TABLE purchase_order_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id uuid NOT NULL REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  unit_cost numeric(18, 6) NOT NULL CHECK (unit_cost >= 0),
  discount_percent numeric(7, 4) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  -- UK VAT: STANDARD 20, REDUCED 5, ZERO 0, EXEMPT (no VAT, reported apart from zero-rated).
  vat_code text NOT NULL DEFAULT 'STANDARD' CHECK (vat_code IN ('STANDARD', 'REDUCED', 'ZERO', 'EXEMPT')),
  vat_rate numeric(5, 2) NOT NULL DEFAULT 20,
  net_amount numeric(18, 2) NOT NULL,
  vat_amount numeric(18, 2) NOT NULL,
  received_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
  rejected_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (rejected_quantity >= 0),
  invoiced_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (invoiced_quantity >= 0),
  canceled_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (canceled_quantity >= 0),
  -- Where the line's goods go when received (else the warehouse's default receiving bin).
  location_id uuid REFERENCES warehouse_locations (id),
  CONSTRAINT purchase_order_lines_line_key UNIQUE (order_id, line_no),
  CONSTRAINT purchase_order_lines_product_key UNIQUE (order_id, product_id),
  CHECK (
    (vat_code = 'STANDARD' AND vat_rate = 20) OR (vat_code = 'REDUCED' AND vat_rate = 5)
    OR (vat_code IN ('ZERO', 'EXEMPT') AND vat_rate = 0)
  )
);
CREATE INDEX purchase_order_lines_product ON purchase_order_lines (product_id, order_id);
CREATE INDEX purchase_order_lines_location ON purchase_order_lines (location_id) WHERE location_id IS NOT NULL;
