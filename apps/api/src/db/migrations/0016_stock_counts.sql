-- Inventory stock process: counting sessions (cycle counts). A session snapshots the book quantities of a
-- warehouse's bins (or one zone's) when it starts; counters record what they find; an approver posts the
-- differences through the posting service (apps/api/src/domains/stock-counts). Numbers CNT-YYYY-NNNNN come
-- from document_number_counters (kind 'stockCount'), gap-free per year like the other documents.
CREATE TABLE stock_counts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE,
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  -- Only the bins of this zone are counted; null: the whole warehouse (stock not in a bin included).
  zone text CHECK (zone IS NULL OR char_length(zone) BETWEEN 1 AND 40),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SUBMITTED', 'POSTED', 'CANCELED')),
  -- Counters do not see the book quantities (they count without knowing what to expect).
  blind boolean NOT NULL DEFAULT false,
  notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 1000),
  -- Posting: units not counted are taken as none there (otherwise they are left as they are).
  zero_uncounted boolean,
  created_by uuid NOT NULL REFERENCES users (id),
  submitted_at timestamptz,
  submitted_by uuid REFERENCES users (id),
  posted_at timestamptz,
  posted_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'POSTED') = (posted_at IS NOT NULL)),
  CHECK ((status = 'CANCELED') = (canceled_at IS NOT NULL))
);
CREATE INDEX stock_counts_created ON stock_counts (created_at DESC, id DESC);
CREATE INDEX stock_counts_warehouse ON stock_counts (warehouse_id, status);
CREATE INDEX stock_counts_status ON stock_counts (status, created_at DESC);
CREATE INDEX stock_counts_creator ON stock_counts (created_by);

-- One line per product and bin counted (location null: stock not in a bin). book_quantity is the bin's
-- balance when the session started (0 for a product found that was not expected); counted_quantity stays
-- null until someone counts it. The posted_* columns keep what posting found and did: the bin's balance at
-- that moment (stock may have moved since the snapshot), the difference posted and its value.
CREATE TABLE stock_count_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  count_id uuid NOT NULL REFERENCES stock_counts (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id),
  location_id uuid REFERENCES warehouse_locations (id),
  book_quantity numeric(18, 4) NOT NULL,
  -- Whether the line was in the snapshot (false: added by a scan of something not expected there).
  expected boolean NOT NULL DEFAULT true,
  counted_quantity numeric(18, 4) CHECK (counted_quantity >= 0),
  counted_by uuid REFERENCES users (id),
  counted_at timestamptz,
  posted_book_quantity numeric(18, 4),
  posted_difference numeric(18, 4),
  posted_value numeric(28, 8),
  movement_id bigint REFERENCES stock_movements (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (count_id, product_id, location_id)
);
CREATE INDEX stock_count_lines_product ON stock_count_lines (product_id);
CREATE INDEX stock_count_lines_location ON stock_count_lines (location_id) WHERE location_id IS NOT NULL;
CREATE INDEX stock_count_lines_counter ON stock_count_lines (counted_by) WHERE counted_by IS NOT NULL;

-- Inventory bulk upload: an import run's mode also says how an inventory file's quantities are read
-- ("set": the bin's new quantity; "add": a signed change).
ALTER TABLE import_runs DROP CONSTRAINT import_runs_mode_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_mode_check CHECK (mode IN ('insert', 'upsert', 'set', 'add'));
