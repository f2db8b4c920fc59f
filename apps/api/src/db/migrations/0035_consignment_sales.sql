-- Consignment (DOMAIN.md "Purchasing": CONSIGNMENT_PO stock is the supplier's until sold; "Consignment settlement
-- for a period: units sold net of returns in that period × the agreed cost").

-- The receipt row (a layer's root: the inbound row with its own cost the units came in by) travels with the units
-- through transfers and returns, on the open layers and on what outbound rows took, so that a sale of supplier-owned
-- units knows which receipt, and so which agreed cost, they came by. Rows made before this migration keep their
-- origin where it is their root (an inbound row that is not linked to an outbound one).
ALTER TABLE stock_layers ADD COLUMN root_movement_id bigint;
ALTER TABLE stock_consumptions ADD COLUMN root_movement_id bigint;
UPDATE stock_layers l SET root_movement_id = l.origin_movement_id
  FROM stock_movements m WHERE m.id = l.origin_movement_id AND m.link_id IS NULL AND m.quantity > 0;
UPDATE stock_consumptions c SET root_movement_id = c.layer_movement_id
  FROM stock_movements m WHERE m.id = c.layer_movement_id AND m.link_id IS NULL AND m.quantity > 0;

-- What was agreed for supplier-owned units received (a consignment order line's net per unit, in the order's
-- currency), by the receipt row: the ledger values those units at zero.
CREATE TABLE consignment_receipt_costs (
  movement_id bigint PRIMARY KEY REFERENCES stock_movements (id),
  partner_id uuid NOT NULL REFERENCES business_partners (id),
  product_id uuid NOT NULL REFERENCES products (id),
  unit_cost numeric(24, 8) NOT NULL CHECK (unit_cost >= 0),
  currency text NOT NULL REFERENCES currencies (code)
);
INSERT INTO consignment_receipt_costs (movement_id, partner_id, product_id, unit_cost, currency)
SELECT m.id, m.owner_partner_id, m.product_id, round(pol.net_amount / pol.quantity, 8), po.currency
  FROM stock_movements m
  JOIN goods_received_notes n ON m.source_type = 'goods_received_note' AND n.id::text = m.source_id
  JOIN goods_received_note_lines gl ON gl.note_id = n.id AND gl.line_no::text = m.source_line
  JOIN purchase_order_lines pol ON pol.id = gl.order_line_id
  JOIN purchase_orders po ON po.id = pol.order_id
 WHERE m.owner_partner_id IS NOT NULL AND m.kind = 'RECEIPT' AND pol.quantity > 0;

-- What is owed to suppliers for their units sold: one row per sale (ISSUE) row and receipt its units came by,
-- negative for units coming back (a return, a reversal). Written by the stock posting service in the posting's
-- transaction; settled by a consignment invoice (purchase_invoices of kind CONSIGNMENT) when it is booked, and
-- released when that invoice is cancelled.
CREATE TABLE consignment_sales (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES business_partners (id),
  product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  -- The London day of the sale or return (the period it counts in).
  sold_on date NOT NULL,
  quantity numeric(18, 4) NOT NULL CHECK (quantity <> 0),
  unit_cost numeric(24, 8) NOT NULL CHECK (unit_cost >= 0),
  currency text NOT NULL REFERENCES currencies (code),
  -- The ledger row that sold (or brought back) the units, and the receipt row they came in by.
  movement_id bigint NOT NULL REFERENCES stock_movements (id),
  receipt_movement_id bigint NOT NULL REFERENCES stock_movements (id),
  -- The sale row a return or reversal brings units back from.
  reverses_movement_id bigint REFERENCES stock_movements (id),
  source_type text NOT NULL,
  source_id text,
  source_line text,
  invoice_id uuid REFERENCES purchase_invoices (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consignment_sales_partner ON consignment_sales (partner_id, sold_on, product_id);
CREATE INDEX consignment_sales_open ON consignment_sales (partner_id, sold_on) WHERE invoice_id IS NULL;
CREATE INDEX consignment_sales_invoice ON consignment_sales (invoice_id) WHERE invoice_id IS NOT NULL;
CREATE INDEX consignment_sales_movement ON consignment_sales (movement_id);
CREATE INDEX consignment_sales_product ON consignment_sales (product_id);

-- A consignment invoice is a supplier invoice (payable and settled like any other) of kind CONSIGNMENT, for the
-- units sold in a period, its lines per product (no order lines).
ALTER TABLE purchase_invoices ADD COLUMN kind text NOT NULL DEFAULT 'STANDARD'
  CHECK (kind IN ('STANDARD', 'CONSIGNMENT'));
ALTER TABLE purchase_invoices ADD COLUMN period_from date;
ALTER TABLE purchase_invoices ADD COLUMN period_to date;
ALTER TABLE purchase_invoices ADD CONSTRAINT purchase_invoices_period_check
  CHECK ((kind = 'CONSIGNMENT') = (period_from IS NOT NULL AND period_to IS NOT NULL) AND (period_from IS NULL OR period_from <= period_to));
CREATE INDEX purchase_invoices_kind ON purchase_invoices (kind, created_at DESC) WHERE kind <> 'STANDARD';

CREATE TABLE consignment_invoice_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES purchase_invoices (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id uuid NOT NULL REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  unit_price numeric(18, 6) NOT NULL CHECK (unit_price >= 0),
  vat_code text NOT NULL CHECK (vat_code IN ('STANDARD', 'REDUCED', 'ZERO', 'EXEMPT')),
  vat_rate numeric(5, 2) NOT NULL,
  net_amount numeric(18, 2) NOT NULL,
  vat_amount numeric(18, 2) NOT NULL,
  CONSTRAINT consignment_invoice_lines_line_key UNIQUE (invoice_id, line_no),
  CONSTRAINT consignment_invoice_lines_product_key UNIQUE (invoice_id, product_id)
);
CREATE INDEX consignment_invoice_lines_product ON consignment_invoice_lines (product_id);
