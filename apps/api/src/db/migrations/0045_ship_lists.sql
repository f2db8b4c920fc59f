-- Ship lists (contract packages/contracts/src/sales/ship-lists.ts, whose header tells the flow): a numbered batch of
-- packed (READY_FOR_DELIVERY) sales invoices of one warehouse. OPEN → CONFIRMED (every invoice shipped: stock issued
-- at FIFO cost through the ledger, the invoice PROCESSED) or CANCELED (its invoices free for another list).

CREATE TABLE ship_lists (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind shipList): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CONFIRMED', 'CANCELED')),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  invoice_count integer NOT NULL DEFAULT 0 CHECK (invoice_count >= 0),
  parcel_count integer NOT NULL DEFAULT 0 CHECK (parcel_count >= 0),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  confirmed_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  CONSTRAINT ship_lists_number_key UNIQUE (number),
  CHECK ((confirmed_at IS NULL) = (status <> 'CONFIRMED')),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
CREATE INDEX ship_lists_created_sort ON ship_lists (created_at, id);
CREATE INDEX ship_lists_status_created ON ship_lists (status, created_at, id);
CREATE INDEX ship_lists_warehouse_created ON ship_lists (warehouse_id, created_at, id);
CREATE INDEX ship_lists_number_trgm ON ship_lists USING gin (number gin_trgm_ops);

-- The invoices of a list, in the order they were chosen. `open` is true while the list is OPEN: an invoice is on at
-- most one open list (the partial unique index, which also settles two lists created at the same moment). Once
-- confirmed, the row keeps the carrier service the invoice went with.
CREATE TABLE ship_list_invoices (
  ship_list_id uuid NOT NULL REFERENCES ship_lists (id),
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  position integer NOT NULL CHECK (position >= 1),
  open boolean NOT NULL DEFAULT true,
  carrier_service_id uuid REFERENCES carrier_services (id),
  PRIMARY KEY (ship_list_id, invoice_id)
);
CREATE UNIQUE INDEX ship_list_invoices_open_key ON ship_list_invoices (invoice_id) WHERE open;
CREATE INDEX ship_list_invoices_invoice ON ship_list_invoices (invoice_id);

-- The parcels shipped (written when the list is confirmed). A tracking number is on one shipment only: the unique
-- index is the last word when two lists confirm the same number at once. The label reference is the carrier
-- connector's (carrier labels come with the connectors; empty until then).
CREATE TABLE ship_list_parcels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  ship_list_id uuid NOT NULL REFERENCES ship_lists (id),
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  parcel_no integer NOT NULL CHECK (parcel_no >= 1),
  weight_kg numeric(7, 3) NOT NULL CHECK (weight_kg > 0),
  tracking_number text CHECK (tracking_number ~ '^[A-Z0-9][A-Z0-9/-]{0,59}$'),
  label_reference text CHECK (char_length(label_reference) <= 200),
  CONSTRAINT ship_list_parcels_parcel_key UNIQUE (invoice_id, parcel_no)
);
CREATE UNIQUE INDEX ship_list_parcels_tracking_key ON ship_list_parcels (tracking_number)
  WHERE tracking_number IS NOT NULL;
CREATE INDEX ship_list_parcels_list ON ship_list_parcels (ship_list_id);

-- The shipment facts on the invoice itself (its detail, the packing slip and the channel message read them): when,
-- by whom, on which list, the carrier service, and the parcels as shipped ([{parcelNo, weightKg, trackingNumber,
-- labelReference}], weights as decimal strings).
ALTER TABLE sales_invoices
  ADD COLUMN shipped_at timestamptz,
  ADD COLUMN shipped_by uuid REFERENCES users (id),
  ADD COLUMN ship_list_id uuid REFERENCES ship_lists (id),
  ADD COLUMN ship_list_number text CHECK (char_length(ship_list_number) <= 60),
  ADD COLUMN shipped_carrier_service_id uuid REFERENCES carrier_services (id),
  ADD COLUMN shipment_parcels jsonb CHECK (shipment_parcels IS NULL OR jsonb_typeof(shipment_parcels) = 'array'),
  ADD COLUMN tracking_numbers text[] NOT NULL DEFAULT '{}';
CREATE INDEX sales_invoices_ready ON sales_invoices (warehouse_id, invoice_date, id) WHERE status = 'READY_FOR_DELIVERY';
