-- Returns to supplier (RMA, DOMAIN.md "Purchasing"): DRAFT → APPROVED (the supplier's RMA number) → SHIPPED (stock
-- out) → CREDITED (the supplier's credit note, kept as an open supplier credit that later settlements offset) or
-- REPLACED (the replacement units received back at the cost they left with); CANCELED before shipping.
-- Shipping posts ISSUE rows through the stock posting service (source_type 'rma', source_id the RMA's id,
-- source_line its line_no): a line naming a goods received note line takes its units from that receipt's layers
-- (the decided rule), else FIFO. A replacement posts RECEIPT rows of the same source.
CREATE TABLE rmas (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind rma): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'DRAFT'
    CHECK (status IN ('DRAFT', 'APPROVED', 'SHIPPED', 'CREDITED', 'REPLACED', 'CANCELED')),
  supplier_id uuid NOT NULL REFERENCES business_partners (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  rma_date date NOT NULL,
  -- The supplier's currency: what its credit is in.
  currency text NOT NULL REFERENCES currencies (code),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  supplier_rma_number text NOT NULL DEFAULT '' CHECK (char_length(supplier_rma_number) <= 100),
  credit_amount numeric(14, 2) CHECK (credit_amount > 0),
  credit_reference text NOT NULL DEFAULT '' CHECK (char_length(credit_reference) <= 100),
  created_by uuid REFERENCES users (id),
  approved_at timestamptz,
  approved_by uuid REFERENCES users (id),
  shipped_at timestamptz,
  shipped_by uuid REFERENCES users (id),
  closed_at timestamptz,
  closed_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rmas_number_key UNIQUE (number),
  CHECK (status NOT IN ('APPROVED', 'SHIPPED', 'CREDITED', 'REPLACED') OR approved_at IS NOT NULL),
  CHECK (status <> 'DRAFT' OR approved_at IS NULL),
  CHECK (status IN ('DRAFT', 'CANCELED') OR supplier_rma_number <> ''),
  CHECK ((shipped_at IS NULL) = (status NOT IN ('SHIPPED', 'CREDITED', 'REPLACED'))),
  CHECK ((credit_amount IS NULL) = (status <> 'CREDITED')),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
CREATE INDEX rmas_created ON rmas (created_at DESC, id);
CREATE INDEX rmas_supplier ON rmas (supplier_id, rma_date DESC);
CREATE INDEX rmas_warehouse ON rmas (warehouse_id, rma_date DESC);
CREATE INDEX rmas_status ON rmas (status, created_at DESC);
CREATE INDEX rmas_number_trgm ON rmas USING gin (number gin_trgm_ops);

-- What goes back: the product, how many, why, the receipt line the units came from (optional), the bin they are
-- taken from (optional: the bins in picking order), and at shipping the GBP unit cost and value they left with.
CREATE TABLE rma_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rma_id uuid NOT NULL REFERENCES rmas (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id uuid NOT NULL REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
  grn_line_id uuid REFERENCES goods_received_note_lines (id),
  location_id uuid REFERENCES warehouse_locations (id),
  unit_cost numeric,
  value numeric,
  CONSTRAINT rma_lines_line_key UNIQUE (rma_id, line_no)
);
CREATE INDEX rma_lines_product ON rma_lines (product_id, rma_id);
CREATE INDEX rma_lines_grn_line ON rma_lines (grn_line_id) WHERE grn_line_id IS NOT NULL;
CREATE INDEX rma_lines_location ON rma_lines (location_id) WHERE location_id IS NOT NULL;

-- What suppliers owe us back (a credited RMA): in the supplier's currency; open_amount is what settlements have not
-- yet offset. One per source document.
CREATE TABLE supplier_credits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  supplier_id uuid NOT NULL REFERENCES business_partners (id),
  currency text NOT NULL REFERENCES currencies (code),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  open_amount numeric(14, 2) NOT NULL CHECK (open_amount >= 0 AND open_amount <= amount),
  reference text NOT NULL DEFAULT '' CHECK (char_length(reference) <= 100),
  source_type text NOT NULL CHECK (source_type IN ('rma')),
  source_id uuid NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT supplier_credits_source_key UNIQUE (source_type, source_id)
);
CREATE INDEX supplier_credits_open ON supplier_credits (supplier_id, currency) WHERE open_amount > 0;
