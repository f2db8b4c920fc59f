-- Inventory transfers: stock moved from one warehouse to another through the destination's in-transit
-- bucket. DRAFT → DISPATCHED (out of the source, into transit at the destination) → PARTIALLY_RECEIVED →
-- RECEIVED (out of transit into the destination's bins, shortfalls written off with a reason); CANCELED
-- before dispatch. The stock itself moves only through the ledger (source_type 'inventory_transfer',
-- source_id the transfer's id, source_line its line number); these tables hold the document and what
-- each line has been through, so that lists need not read the ledger.
CREATE TABLE inventory_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind inventoryTransfer): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'DRAFT'
    CHECK (status IN ('DRAFT', 'DISPATCHED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELED')),
  from_warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  to_warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  expected_date date,
  notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 2000),
  created_by uuid REFERENCES users (id),
  dispatched_at timestamptz,
  dispatched_by uuid REFERENCES users (id),
  -- The receipt that closed the last line (partial receipts are in the ledger and the system log).
  received_at timestamptz,
  received_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT inventory_transfers_number_key UNIQUE (number),
  CHECK (from_warehouse_id <> to_warehouse_id),
  -- Each status carries the stamps of the steps it went through, and only those.
  CHECK ((dispatched_at IS NULL) = (status IN ('DRAFT', 'CANCELED'))),
  CHECK ((received_at IS NULL) = (status <> 'RECEIVED')),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
CREATE INDEX inventory_transfers_status ON inventory_transfers (status, created_at);
CREATE INDEX inventory_transfers_from ON inventory_transfers (from_warehouse_id, created_at);
CREATE INDEX inventory_transfers_to ON inventory_transfers (to_warehouse_id, created_at);
CREATE INDEX inventory_transfers_created_at ON inventory_transfers (created_at, id);

-- One product per line (the same product twice is one line with the sum). Bins are optional: no source
-- bin takes from the bins in picking order, no destination bin receives into the default receiving bin.
-- dispatched = received + discrepancy + what is still in transit; a line is closed when nothing is.
CREATE TABLE inventory_transfer_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  transfer_id uuid NOT NULL REFERENCES inventory_transfers (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id uuid NOT NULL REFERENCES products (id),
  from_location_id uuid REFERENCES warehouse_locations (id),
  to_location_id uuid REFERENCES warehouse_locations (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  dispatched_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (dispatched_quantity >= 0),
  received_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
  discrepancy_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (discrepancy_quantity >= 0),
  discrepancy_reason text NOT NULL DEFAULT '' CHECK (char_length(discrepancy_reason) <= 500),
  CONSTRAINT inventory_transfer_lines_line_key UNIQUE (transfer_id, line_no),
  CONSTRAINT inventory_transfer_lines_product_key UNIQUE (transfer_id, product_id),
  CHECK (received_quantity + discrepancy_quantity <= dispatched_quantity),
  CHECK (discrepancy_quantity = 0 OR discrepancy_reason <> '')
);
CREATE INDEX inventory_transfer_lines_product ON inventory_transfer_lines (product_id);
CREATE INDEX inventory_transfer_lines_from_location ON inventory_transfer_lines (from_location_id)
  WHERE from_location_id IS NOT NULL;
CREATE INDEX inventory_transfer_lines_to_location ON inventory_transfer_lines (to_location_id)
  WHERE to_location_id IS NOT NULL;
