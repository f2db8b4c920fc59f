-- Landed costs and price differences (DOMAIN.md "Purchasing rules … (decided)"): a receipt's freight, duty or
-- invoice price difference revalues the layers of that receipt still in stock; the share of the units already
-- gone is a cost of sales adjustment, dated with the change. Past periods are never reposted by it.

-- Two more kinds of value-only ledger rows: the value a change added to the receipt's layers in one warehouse
-- and bucket, linked to the receipt row (the document is the receipt's: source type, id and line).
DO $$
DECLARE c record;
BEGIN
  FOR c IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'stock_movements'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%REVALUATION%'
  LOOP
    EXECUTE format('ALTER TABLE stock_movements DROP CONSTRAINT %I', c.conname);
  END LOOP;
END
$$;
ALTER TABLE stock_movements
  ADD CONSTRAINT stock_movements_kind_check CHECK (
    kind IN (
      'RECEIPT', 'OPENING', 'ADJUSTMENT', 'COUNT', 'ISSUE', 'RETURN', 'TRANSFER_OUT', 'TRANSFER_IN',
      'TRANSIT_OUT', 'TRANSIT_IN', 'BUNDLE_CONSUME', 'BUNDLE_PRODUCE', 'WRITE_OFF', 'REVALUATION',
      'LANDED_COST', 'PRICE_DIFFERENCE'
    )
  ),
  ADD CONSTRAINT stock_movements_value_only_check
    CHECK ((kind IN ('REVALUATION', 'LANDED_COST', 'PRICE_DIFFERENCE')) = (quantity = 0)),
  ADD CONSTRAINT stock_movements_value_only_link_check
    CHECK (kind NOT IN ('REVALUATION', 'LANDED_COST', 'PRICE_DIFFERENCE') OR link_id IS NOT NULL);

-- The changes themselves, the FIFO engine's input (stock/fifo.ts, revalue): an amount on one receipt row at an
-- instant. A replay (a backdated posting, the FIFO stock process) splits it again from the history as it is.
CREATE TABLE stock_cost_revaluations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('LANDED_COST', 'PRICE_DIFFERENCE')),
  product_id uuid NOT NULL REFERENCES products (id),
  receipt_movement_id bigint NOT NULL REFERENCES stock_movements (id),
  posted_at timestamptz NOT NULL,
  -- An id taken from the ledger's sequence at posting: the change's place among rows of the same instant.
  order_id bigint NOT NULL UNIQUE,
  amount numeric(28, 8) NOT NULL,
  -- The receipt's document (as its ledger row), with its number as people know it (GRN-2026-00003).
  source_type text NOT NULL CHECK (source_type ~ '^[a-z][a-z_]{0,39}$'),
  source_id text,
  source_line text,
  source_number text NOT NULL DEFAULT '' CHECK (char_length(source_number) <= 60),
  reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
  user_id uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX stock_cost_revaluations_product ON stock_cost_revaluations (product_id, posted_at, order_id);
CREATE INDEX stock_cost_revaluations_receipt ON stock_cost_revaluations (receipt_movement_id, kind, posted_at);

-- What cost changes sent to cost of sales: the share of units already gone (SOLD, in the warehouse they left,
-- with the outbound rows that took them), of supplier-owned units (CONSIGNED: valued at zero to us) and what a
-- credit could not take from a layer without going below zero (BELOW_ZERO). Gross-margin reports read it.
-- A later backdated posting that changes the split adds a row of the difference, never edits one.
CREATE TABLE cost_of_sales_adjustments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  revaluation_id bigint NOT NULL REFERENCES stock_cost_revaluations (id),
  kind text NOT NULL CHECK (kind IN ('LANDED_COST', 'PRICE_DIFFERENCE')),
  cause text NOT NULL CHECK (cause IN ('SOLD', 'CONSIGNED', 'BELOW_ZERO')),
  product_id uuid NOT NULL REFERENCES products (id),
  warehouse_id uuid NOT NULL REFERENCES warehouses (id),
  amount numeric(28, 8) NOT NULL,
  -- The day of the change (London): the period it belongs to.
  posted_on date NOT NULL,
  posted_at timestamptz NOT NULL,
  movement_ids bigint[] NOT NULL DEFAULT '{}',
  source_type text NOT NULL,
  source_id text,
  source_line text,
  reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 500),
  user_id uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX cost_of_sales_adjustments_day ON cost_of_sales_adjustments (posted_on, product_id);
CREATE INDEX cost_of_sales_adjustments_product ON cost_of_sales_adjustments (product_id, posted_on);
CREATE INDEX cost_of_sales_adjustments_revaluation ON cost_of_sales_adjustments (revaluation_id);

-- Both append-only, as the ledger.
CREATE FUNCTION cost_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER stock_cost_revaluations_no_update BEFORE UPDATE OR DELETE ON stock_cost_revaluations
  FOR EACH ROW EXECUTE FUNCTION cost_records_append_only();
CREATE TRIGGER cost_of_sales_adjustments_no_update BEFORE UPDATE OR DELETE ON cost_of_sales_adjustments
  FOR EACH ROW EXECUTE FUNCTION cost_records_append_only();
