-- Warehouses, their locations (bins) and each warehouse's advanced configuration.
-- Codes are unique whatever their case and stored upper-case; a bin's code is unique within its warehouse.
CREATE TABLE warehouses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,30}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  kind text NOT NULL DEFAULT 'OWN' CHECK (kind IN ('OWN', 'AMAZON_FBA', 'THIRD_PARTY', 'CONSIGNMENT')),
  address_line1 text NOT NULL DEFAULT '' CHECK (char_length(address_line1) <= 120),
  address_line2 text NOT NULL DEFAULT '' CHECK (char_length(address_line2) <= 120),
  city text NOT NULL DEFAULT '' CHECK (char_length(city) <= 80),
  postcode text NOT NULL DEFAULT '' CHECK (char_length(postcode) <= 16),
  country text NOT NULL DEFAULT 'GB' CHECK (country ~ '^[A-Z]{2}$'),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX warehouses_code_key ON warehouses (upper(code));
CREATE INDEX warehouses_name ON warehouses (lower(name));
CREATE INDEX warehouses_city ON warehouses (lower(city));
CREATE INDEX warehouses_updated_at ON warehouses (updated_at);

-- A bin belongs to one warehouse and goes with it; (warehouse_id, id) is unique so that other tables can
-- require, by foreign key, that a bin they name is one of a given warehouse's.
CREATE TABLE warehouse_locations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,30}$'),
  zone text NOT NULL DEFAULT '' CHECK (char_length(zone) <= 40),
  pick_sequence integer NOT NULL DEFAULT 0 CHECK (pick_sequence BETWEEN 0 AND 999999),
  pickable boolean NOT NULL DEFAULT true,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (warehouse_id, id)
);
CREATE UNIQUE INDEX warehouse_locations_code_key ON warehouse_locations (warehouse_id, upper(code));
CREATE INDEX warehouse_locations_pick ON warehouse_locations (warehouse_id, pick_sequence, code);
CREATE INDEX warehouse_locations_zone ON warehouse_locations (warehouse_id, lower(zone), code);
CREATE INDEX warehouse_locations_updated_at ON warehouse_locations (warehouse_id, updated_at);

-- One row per warehouse, written when the warehouse is created. The default bins must be the
-- warehouse's own (composite foreign keys); a bin named here cannot be deleted.
CREATE TABLE warehouse_configs (
  warehouse_id uuid PRIMARY KEY REFERENCES warehouses (id) ON DELETE CASCADE,
  allow_negative_stock boolean NOT NULL DEFAULT false,
  default_receiving_location_id uuid,
  default_returns_location_id uuid,
  over_receipt_tolerance numeric(5, 2) NOT NULL DEFAULT 0 CHECK (over_receipt_tolerance BETWEEN 0 AND 100),
  picking_order text NOT NULL DEFAULT 'PICK_SEQUENCE'
    CHECK (picking_order IN ('PICK_SEQUENCE', 'LOCATION_CODE', 'FIFO_OLDEST_FIRST')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (warehouse_id, default_receiving_location_id) REFERENCES warehouse_locations (warehouse_id, id),
  FOREIGN KEY (warehouse_id, default_returns_location_id) REFERENCES warehouse_locations (warehouse_id, id)
);
CREATE INDEX warehouse_configs_receiving ON warehouse_configs (default_receiving_location_id)
  WHERE default_receiving_location_id IS NOT NULL;
CREATE INDEX warehouse_configs_returns ON warehouse_configs (default_returns_location_id)
  WHERE default_returns_location_id IS NOT NULL;
