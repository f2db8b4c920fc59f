-- Goods received notes (DOMAIN.md "Purchasing"): what arrived against an approved purchase order, all or part,
-- several per order. DRAFT → POSTED, or a draft CANCELED. Posting writes RECEIPT rows into the ledger (through
-- the stock posting service, source_type 'goods_received_note', source_id the note's id, source_line its
-- line_no) at the order line's unit cost after discount converted to GBP at the received date's rate, kept here;
-- a consignment order's goods come in supplier-owned, valued at zero. Rejected units are recorded, not stocked.
CREATE TABLE goods_received_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind goodReceivedNote): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'POSTED', 'CANCELED')),
  purchase_order_id uuid NOT NULL REFERENCES purchase_orders (id),
  supplier_id uuid NOT NULL REFERENCES business_partners (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  -- The day the goods arrived: the ledger's posting day and the exchange rate's day.
  received_date date NOT NULL,
  -- The supplier's delivery note or the carrier's reference.
  delivery_reference text NOT NULL DEFAULT '' CHECK (char_length(delivery_reference) <= 100),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  -- The order's currency, and at posting the rate to GBP used (exchange_rates' sense) and its effective date.
  currency text NOT NULL REFERENCES currencies (code),
  exchange_rate numeric(14, 8) CHECK (exchange_rate > 0),
  rate_date date,
  -- Supplier-owned stock (a CONSIGNMENT_PO receipt).
  consigned boolean NOT NULL DEFAULT false,
  created_by uuid REFERENCES users (id),
  posted_at timestamptz,
  posted_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT goods_received_notes_number_key UNIQUE (number),
  CHECK ((posted_at IS NULL) = (status <> 'POSTED')),
  CHECK ((exchange_rate IS NULL) = (status <> 'POSTED')),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
CREATE INDEX goods_received_notes_created ON goods_received_notes (created_at DESC, id);
CREATE INDEX goods_received_notes_order ON goods_received_notes (purchase_order_id, created_at);
CREATE INDEX goods_received_notes_supplier ON goods_received_notes (supplier_id, received_date DESC);
CREATE INDEX goods_received_notes_warehouse ON goods_received_notes (warehouse_id, received_date DESC);
CREATE INDEX goods_received_notes_status ON goods_received_notes (status, created_at DESC);
CREATE INDEX goods_received_notes_number_trgm ON goods_received_notes USING gin (number gin_trgm_ops);

-- One order line per receipt line. received = accepted + rejected; accepted units go into stock (into the bin,
-- else the order line's location, else the warehouse's default receiving bin). unit_cost is the order line's
-- net (after discount) per unit in the order's currency; unit_cost_gbp is it at the rate used, set at posting.
CREATE TABLE goods_received_note_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  note_id uuid NOT NULL REFERENCES goods_received_notes (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  order_line_id uuid NOT NULL REFERENCES purchase_order_lines (id),
  product_id uuid NOT NULL REFERENCES products (id),
  received_quantity numeric(18, 4) NOT NULL CHECK (received_quantity > 0),
  accepted_quantity numeric(18, 4) NOT NULL CHECK (accepted_quantity >= 0),
  rejected_quantity numeric(18, 4) NOT NULL CHECK (rejected_quantity >= 0),
  location_id uuid REFERENCES warehouse_locations (id),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  unit_cost numeric NOT NULL CHECK (unit_cost >= 0),
  unit_cost_gbp numeric,
  CONSTRAINT goods_received_note_lines_line_key UNIQUE (note_id, line_no),
  CONSTRAINT goods_received_note_lines_order_line_key UNIQUE (note_id, order_line_id),
  CHECK (accepted_quantity + rejected_quantity = received_quantity)
);
CREATE INDEX goods_received_note_lines_order_line ON goods_received_note_lines (order_line_id);
CREATE INDEX goods_received_note_lines_product ON goods_received_note_lines (product_id, note_id);
CREATE INDEX goods_received_note_lines_location ON goods_received_note_lines (location_id)
  WHERE location_id IS NOT NULL;
