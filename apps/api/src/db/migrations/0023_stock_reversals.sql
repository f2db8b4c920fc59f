-- Reversing a posted manual stock override or stock count: a new posting of the opposite difference at the
-- original's cost (apps/api/src/domains/stock/reversal.service.ts). The ledger stays append-only: each reversing
-- row names the row it reverses in link_id (an inbound reversal brings back what the outbound row took; an
-- outbound one takes back exactly the layers the inbound row made). What was reversed, by whom and with which
-- posting is kept here, once per original: the unique key refuses a second reversal even under concurrency.
CREATE TABLE stock_reversals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The original: a manual stock override (source_id: its ledger row's id) or a stock count (the session's id).
  source_type text NOT NULL CHECK (source_type IN ('manual_stock', 'stock_count')),
  source_id text NOT NULL,
  -- The reversing posting's ledger rows (their link_id names the original rows).
  movement_ids bigint[] NOT NULL CHECK (cardinality(movement_ids) > 0),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  reversed_by uuid NOT NULL REFERENCES users (id),
  reversed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_type, source_id)
);
CREATE INDEX stock_reversals_movements ON stock_reversals USING gin (movement_ids);
CREATE INDEX stock_reversals_user ON stock_reversals (reversed_by);

-- A posted count can be reversed: REVERSED keeps its posting date and says when it was undone.
DO $$
DECLARE c record;
BEGIN
  FOR c IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'stock_counts'::regclass AND contype = 'c'
      AND (pg_get_constraintdef(oid) LIKE '%posted_at%' OR pg_get_constraintdef(oid) LIKE '%''SUBMITTED''%')
  LOOP
    EXECUTE format('ALTER TABLE stock_counts DROP CONSTRAINT %I', c.conname);
  END LOOP;
END
$$;
ALTER TABLE stock_counts
  ADD COLUMN reversed_at timestamptz,
  ADD COLUMN reversed_by uuid REFERENCES users (id),
  ADD CONSTRAINT stock_counts_status_check CHECK (status IN ('OPEN', 'SUBMITTED', 'POSTED', 'REVERSED', 'CANCELED')),
  ADD CONSTRAINT stock_counts_posted_check CHECK ((status IN ('POSTED', 'REVERSED')) = (posted_at IS NOT NULL)),
  ADD CONSTRAINT stock_counts_reversed_check CHECK ((status = 'REVERSED') = (reversed_at IS NOT NULL));
CREATE INDEX stock_counts_reverser ON stock_counts (reversed_by) WHERE reversed_by IS NOT NULL;

-- Its own permission, beside the manual stock ones, granted to the Administrator (who holds every permission).
UPDATE permissions SET sort_order = sort_order + 1
WHERE sort_order > (SELECT sort_order FROM permissions WHERE name = 'edit_manual_stock');
INSERT INTO permissions (name, area, sort_order)
  SELECT 'reverse_stock_adjustment', 'inventory', sort_order + 1 FROM permissions WHERE name = 'edit_manual_stock';
INSERT INTO role_permissions (role_id, permission)
  SELECT r.id, 'reverse_stock_adjustment' FROM roles r WHERE r.name = 'Administrator';

-- The inventory summary shows the value in transit apart from the value on hand: the few TRANSIT layers, read
-- per page of products or summed for the totals without scanning every layer.
CREATE INDEX stock_layers_transit ON stock_layers (product_id, warehouse_id) INCLUDE (remaining_value)
  WHERE bucket = 'TRANSIT';
