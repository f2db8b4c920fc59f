-- Stock: the append-only ledger, the balances kept from it, FIFO cost layers and reservations.
-- Every change of stock is one or more ledger rows written by the posting service
-- (apps/api/src/domains/stock/posting.service.ts) in the transaction of the document that caused it.

-- The ledger. Quantities are signed (+ in, − out); value is the row's GBP value at posting (signed,
-- 8 places so that quantity × unit cost is kept exactly). A REVALUATION row moves no quantity and
-- changes the value of the row it links to, dated when that change takes effect.
CREATE TABLE stock_movements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  posted_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  location_id uuid,
  bucket text NOT NULL DEFAULT 'STOCK' CHECK (bucket IN ('STOCK', 'TRANSIT')),
  kind text NOT NULL CHECK (
    kind IN (
      'RECEIPT', 'OPENING', 'ADJUSTMENT', 'COUNT', 'ISSUE', 'RETURN', 'TRANSFER_OUT', 'TRANSFER_IN',
      'TRANSIT_OUT', 'TRANSIT_IN', 'BUNDLE_CONSUME', 'BUNDLE_PRODUCE', 'WRITE_OFF', 'REVALUATION'
    )
  ),
  quantity numeric(18, 4) NOT NULL,
  value numeric(28, 8) NOT NULL,
  unit_cost numeric(24, 8),
  -- Supplier-owned (consignment) stock received: the supplier. Null: the stock is ours.
  owner_partner_id uuid REFERENCES business_partners (id),
  -- TRANSFER_IN, TRANSIT_IN and RETURN: the outbound row whose layers they bring back;
  -- REVALUATION: the row it revalues.
  link_id bigint REFERENCES stock_movements (id),
  source_type text NOT NULL CHECK (source_type ~ '^[a-z][a-z_]{0,39}$'),
  source_id text,
  source_line text,
  reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
  user_id uuid REFERENCES users (id),
  CHECK ((kind = 'REVALUATION') = (quantity = 0)),
  CHECK (kind <> 'REVALUATION' OR link_id IS NOT NULL),
  CHECK (bucket = 'STOCK' OR location_id IS NULL),
  FOREIGN KEY (warehouse_id, location_id) REFERENCES warehouse_locations (warehouse_id, id)
);
CREATE INDEX stock_movements_product ON stock_movements (product_id, posted_at, id);
CREATE INDEX stock_movements_posted ON stock_movements (posted_at) INCLUDE (product_id, warehouse_id, bucket, quantity, value);
CREATE INDEX stock_movements_warehouse ON stock_movements (warehouse_id, posted_at);
CREATE INDEX stock_movements_location ON stock_movements (location_id) WHERE location_id IS NOT NULL;
CREATE INDEX stock_movements_link ON stock_movements (link_id) WHERE link_id IS NOT NULL;
CREATE INDEX stock_movements_source ON stock_movements (source_type, source_id);
CREATE INDEX stock_movements_owner ON stock_movements (owner_partner_id) WHERE owner_partner_id IS NOT NULL;

-- Append-only, enforced by the database for every role, the owner's included: a mistake is undone by
-- a reversing entry, never by changing history.
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER stock_movements_no_update BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
CREATE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION stock_movements_append_only();
REVOKE UPDATE, DELETE, TRUNCATE ON stock_movements FROM PUBLIC;

-- Per product and warehouse: kept in the posting's transaction. on_hand is the STOCK bucket (ours and
-- consigned), in_transit the TRANSIT bucket, value the FIFO value of both (consigned stock counts zero).
-- available = on_hand − reserved.
CREATE TABLE stock_levels (
  product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  on_hand numeric(18, 4) NOT NULL DEFAULT 0,
  reserved numeric(18, 4) NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  in_transit numeric(18, 4) NOT NULL DEFAULT 0 CHECK (in_transit >= 0),
  consigned numeric(18, 4) NOT NULL DEFAULT 0 CHECK (consigned >= 0),
  value numeric(28, 8) NOT NULL DEFAULT 0,
  -- The unit cost of the newest layer made or taken here (own stock): the provisional cost of a deficit.
  last_unit_cost numeric(24, 8),
  available numeric(18, 4) GENERATED ALWAYS AS (on_hand - reserved) STORED,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_id, warehouse_id)
);
CREATE INDEX stock_levels_warehouse ON stock_levels (warehouse_id, product_id);

-- Per product, warehouse and bin (location null: stock not in a bin).
CREATE TABLE stock_bin_balances (
  product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  location_id uuid,
  on_hand numeric(18, 4) NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (product_id, warehouse_id, location_id),
  FOREIGN KEY (warehouse_id, location_id) REFERENCES warehouse_locations (warehouse_id, id)
);
CREATE INDEX stock_bin_balances_warehouse ON stock_bin_balances (warehouse_id, location_id);
CREATE INDEX stock_bin_balances_location ON stock_bin_balances (location_id) WHERE location_id IS NOT NULL;

-- FIFO cost layers still open, per product, warehouse and bucket. A layer is known by the inbound row that
-- made it and a sequence (a transfer brings several layers at once); received_at is the date that orders
-- FIFO and travels with the layer through transfers and returns. remaining_value is exact: a partial take is
-- valued pro rata (8 places, half up) and the take that empties a layer carries what is left.
-- A layer with a negative remaining is a deficit: stock issued beyond what the warehouse held (only where it
-- allows negative stock), valued provisionally and settled by the next inbound row.
-- These rows are derived: a backdated posting rebuilds the product's layers from the ledger.
CREATE TABLE stock_layers (
  origin_movement_id bigint NOT NULL REFERENCES stock_movements (id),
  seq integer NOT NULL CHECK (seq >= 0),
  product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  bucket text NOT NULL CHECK (bucket IN ('STOCK', 'TRANSIT')),
  owner_partner_id uuid REFERENCES business_partners (id),
  received_at timestamptz NOT NULL,
  unit_cost numeric(24, 8) NOT NULL,
  quantity numeric(18, 4) NOT NULL,
  remaining numeric(18, 4) NOT NULL CHECK (remaining <> 0),
  remaining_value numeric(28, 8) NOT NULL,
  PRIMARY KEY (origin_movement_id, seq)
);
CREATE INDEX stock_layers_fifo ON stock_layers (product_id, warehouse_id, bucket, received_at, origin_movement_id, seq);
CREATE INDEX stock_layers_received ON stock_layers (received_at);

-- Which layers each outbound row took, in order (derived, rebuilt with the layers).
CREATE TABLE stock_consumptions (
  movement_id bigint NOT NULL REFERENCES stock_movements (id),
  seq integer NOT NULL CHECK (seq >= 0),
  product_id uuid NOT NULL REFERENCES products (id),
  layer_movement_id bigint NOT NULL REFERENCES stock_movements (id),
  layer_seq integer NOT NULL,
  owner_partner_id uuid REFERENCES business_partners (id),
  received_at timestamptz NOT NULL,
  unit_cost numeric(24, 8) NOT NULL,
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  value numeric(28, 8) NOT NULL,
  is_deficit boolean NOT NULL DEFAULT false,
  PRIMARY KEY (movement_id, seq)
);
CREATE INDEX stock_consumptions_product ON stock_consumptions (product_id);
CREATE INDEX stock_consumptions_layer ON stock_consumptions (layer_movement_id);

-- Stock held for sales documents: counted in stock_levels.reserved while open.
CREATE TABLE stock_reservations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  open_quantity numeric(18, 4) NOT NULL CHECK (open_quantity >= 0),
  issued_quantity numeric(18, 4) NOT NULL DEFAULT 0 CHECK (issued_quantity >= 0),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RELEASED', 'ISSUED')),
  source_type text NOT NULL,
  source_id text,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (open_quantity + issued_quantity <= quantity),
  CHECK ((status = 'OPEN') = (open_quantity > 0))
);
CREATE INDEX stock_reservations_product ON stock_reservations (product_id, warehouse_id) WHERE status = 'OPEN';
CREATE INDEX stock_reservations_source ON stock_reservations (source_type, source_id);
