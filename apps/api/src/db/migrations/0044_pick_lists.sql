-- Pick lists (contract packages/contracts/src/sales/pick-lists.ts, whose header tells the flow): a batch of BOOKED
-- sales invoices of one warehouse, OPEN → CONFIRMED or CANCELED. Putting an invoice on a list moves it BOOKED →
-- PROCESSING; confirming packs the fully picked ones (READY_FOR_DELIVERY) and sends short ones back to BOOKED or on
-- partly with a back-order. Picking posts nothing: the reservations stay until shipping.

CREATE TABLE pick_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind pickList): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CONFIRMED', 'CANCELED')),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  -- The list's choice for short invoices, made at confirmation.
  short_pick text CHECK (short_pick IN ('BACK_TO_BOOKED', 'PARTIAL')),
  invoice_count integer NOT NULL DEFAULT 0 CHECK (invoice_count >= 0),
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  required_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (required_quantity >= 0),
  picked_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (picked_quantity >= 0),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  confirmed_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  CONSTRAINT pick_lists_number_key UNIQUE (number),
  CHECK (picked_quantity <= required_quantity),
  CHECK ((confirmed_at IS NULL) = (status <> 'CONFIRMED')),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
CREATE INDEX pick_lists_created_sort ON pick_lists (created_at, id);
CREATE INDEX pick_lists_status_created ON pick_lists (status, created_at, id);
CREATE INDEX pick_lists_warehouse_created ON pick_lists (warehouse_id, created_at, id);
CREATE INDEX pick_lists_number_trgm ON pick_lists USING gin (number gin_trgm_ops);

-- One line per product to pick: the bin it is picked from is chosen when the list is made (its pick sequence kept,
-- so the order of a printed sheet never changes under the picker).
CREATE TABLE pick_list_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  pick_list_id uuid NOT NULL REFERENCES pick_lists (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id),
  location_id uuid REFERENCES warehouse_locations (id),
  required numeric(18, 4) NOT NULL CHECK (required > 0),
  picked numeric(18, 4) NOT NULL DEFAULT 0 CHECK (picked >= 0),
  CONSTRAINT pick_list_lines_product_key UNIQUE (pick_list_id, product_id),
  CHECK (picked <= required)
);
CREATE INDEX pick_list_lines_product ON pick_list_lines (product_id);
CREATE INDEX pick_list_lines_location ON pick_list_lines (location_id) WHERE location_id IS NOT NULL;

-- The invoices on a list. `outcome` is set when the list is confirmed or cancelled; while it is empty the invoice is
-- on this (open) list, and the unique index makes sure it is on no other at the same time.
CREATE TABLE pick_list_invoices (
  pick_list_id uuid NOT NULL REFERENCES pick_lists (id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  seq integer NOT NULL CHECK (seq >= 1),
  outcome text CHECK (outcome IN ('PICKED', 'BACK_TO_BOOKED', 'PARTIAL', 'RELEASED')),
  backorder_id uuid REFERENCES sales_invoices (id),
  PRIMARY KEY (pick_list_id, invoice_id)
);
CREATE UNIQUE INDEX pick_list_invoices_open ON pick_list_invoices (invoice_id) WHERE outcome IS NULL;
CREATE INDEX pick_list_invoices_invoice ON pick_list_invoices (invoice_id, pick_list_id);

-- What each invoice line asks of the list, and what confirmation allocated to it (oldest invoice first).
CREATE TABLE pick_list_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  pick_list_id uuid NOT NULL REFERENCES pick_lists (id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  -- The line as it was; a PARTIAL pick may remove a line with nothing picked, the item stays.
  invoice_line_id uuid REFERENCES sales_invoice_lines (id) ON DELETE SET NULL,
  line_no integer NOT NULL CHECK (line_no >= 1),
  product_id uuid NOT NULL REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  allocated numeric(18, 4) NOT NULL DEFAULT 0 CHECK (allocated >= 0),
  CHECK (allocated <= quantity)
);
CREATE INDEX pick_list_items_list ON pick_list_items (pick_list_id, product_id);
CREATE INDEX pick_list_items_invoice ON pick_list_items (invoice_id);
CREATE INDEX pick_list_items_line ON pick_list_items (invoice_line_id) WHERE invoice_line_id IS NOT NULL;

-- The invoice's current list (while PROCESSING) and, for a back-order, the invoice it was split off.
ALTER TABLE sales_invoices
  ADD COLUMN pick_list_id uuid REFERENCES pick_lists (id),
  ADD COLUMN backorder_of uuid REFERENCES sales_invoices (id);
CREATE INDEX sales_invoices_pick_list ON sales_invoices (pick_list_id) WHERE pick_list_id IS NOT NULL;
CREATE INDEX sales_invoices_backorder_of ON sales_invoices (backorder_of) WHERE backorder_of IS NOT NULL;
-- The candidates of a list: a warehouse's BOOKED invoices, oldest first.
CREATE INDEX sales_invoices_booked_warehouse ON sales_invoices (warehouse_id, invoice_date, created_at, id)
  WHERE status = 'BOOKED';
