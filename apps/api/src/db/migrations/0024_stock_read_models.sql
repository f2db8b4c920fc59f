-- Two read models of the stock ledger, kept by the database in the writing transaction itself, so that no path
-- that writes the ledger or the levels (post(), a backdated rebuild, a bulk load) can leave them behind.

-- ── 1. Each product's stock value, summed over its warehouses ──────────────────────────────────────────────
-- The inventory summary sorted by value pages through value_desc / value_asc instead of summing every level.
-- One row per product (made with the product), value = sum(stock_levels.value) of the product at every commit.
-- Only the value is kept: it changes only under post()'s product lock, so the row is never a second lock order
-- (reservations change reserved and available, which are not kept here).
CREATE TABLE stock_product_values (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  value numeric(28, 8) NOT NULL DEFAULT 0
);
CREATE INDEX stock_product_values_value_asc ON stock_product_values (value, product_id);
CREATE INDEX stock_product_values_value_desc ON stock_product_values (value DESC, product_id);

INSERT INTO stock_product_values (product_id, value)
SELECT p.id, coalesce((SELECT sum(l.value) FROM stock_levels l WHERE l.product_id = p.id), 0)
FROM products p;

CREATE FUNCTION stock_product_values_add_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_product_values (product_id) SELECT id FROM new_products ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_product_values_products AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION stock_product_values_add_products();

-- New level rows: one statement's rows at once (a bulk load writes thousands per statement).
CREATE FUNCTION stock_product_values_level_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_product_values v SET value = v.value + n.value
  FROM (SELECT product_id, sum(value) AS value FROM new_levels GROUP BY product_id HAVING sum(value) <> 0) n
  WHERE v.product_id = n.product_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_product_values_level_insert AFTER INSERT ON stock_levels
  REFERENCING NEW TABLE AS new_levels FOR EACH STATEMENT EXECUTE FUNCTION stock_product_values_level_inserts();

-- A level's value changed (a posting, a revaluation): the difference. The WHEN clause keeps reservations and
-- every other update that leaves the value alone from running the function at all.
CREATE FUNCTION stock_product_values_level_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE stock_product_values SET value = value - OLD.value WHERE product_id = OLD.product_id;
  ELSE
    UPDATE stock_product_values SET value = value + (NEW.value - OLD.value) WHERE product_id = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_product_values_level_update AFTER UPDATE OF value ON stock_levels
  FOR EACH ROW WHEN (OLD.value IS DISTINCT FROM NEW.value) EXECUTE FUNCTION stock_product_values_level_change();
CREATE TRIGGER stock_product_values_level_delete AFTER DELETE ON stock_levels
  FOR EACH ROW WHEN (OLD.value <> 0) EXECUTE FUNCTION stock_product_values_level_change();

-- ── 2. Checkpoints: stock and value per product × warehouse at the start of each month ────────────────────
-- Stock and value as at any instant is the sum of the ledger rows posted before it. A checkpoint holds that sum
-- at a cut (the start of a London month), so an as-at reads the nearest checkpoint and only the rows between it
-- and the instant (added going forward, taken off going back). Exact at every commit: a row posted before a cut
-- (a backdated posting, a revaluation dated in the past) adds itself to every later checkpoint of its product
-- and warehouse in the same statement. Made by apps/api/src/domains/stock/checkpoints.ts, each from the one
-- before plus a month of rows, under a lock that waits for the postings under way (and holds new ones for as
-- long as it takes), so no row is ever counted twice or missed.
CREATE TABLE stock_checkpoint_cuts (
  cut timestamptz PRIMARY KEY,
  -- Rows of the checkpoint when it was made (the cost of reading it, for choosing where to start an as-at).
  row_count integer NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE stock_checkpoints (
  cut timestamptz NOT NULL REFERENCES stock_checkpoint_cuts (cut) ON DELETE CASCADE,
  product_id uuid NOT NULL,
  warehouse_id uuid NOT NULL,
  on_hand numeric(18, 4) NOT NULL,
  in_transit numeric(18, 4) NOT NULL,
  value numeric(28, 8) NOT NULL,
  PRIMARY KEY (cut, product_id, warehouse_id)
);

CREATE FUNCTION stock_checkpoints_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Conflicts only with a checkpoint being made (SHARE ROW EXCLUSIVE), never with another posting. Taken
  -- before the cuts are read, so a checkpoint made meanwhile is either waited for and then seen, or waits for
  -- this transaction and then counts its rows itself.
  LOCK TABLE stock_checkpoint_cuts IN ROW EXCLUSIVE MODE;
  IF EXISTS (SELECT 1 FROM stock_checkpoint_cuts c WHERE c.cut > (SELECT min(n.posted_at) FROM new_rows n)) THEN
    INSERT INTO stock_checkpoints AS k (cut, product_id, warehouse_id, on_hand, in_transit, value)
    SELECT c.cut, n.product_id, n.warehouse_id,
      coalesce(sum(n.quantity) FILTER (WHERE n.bucket = 'STOCK'), 0),
      coalesce(sum(n.quantity) FILTER (WHERE n.bucket = 'TRANSIT'), 0),
      sum(n.value)
    FROM new_rows n JOIN stock_checkpoint_cuts c ON c.cut > n.posted_at
    GROUP BY c.cut, n.product_id, n.warehouse_id
    ON CONFLICT (cut, product_id, warehouse_id) DO UPDATE
    SET on_hand = k.on_hand + excluded.on_hand, in_transit = k.in_transit + excluded.in_transit,
      value = k.value + excluded.value;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER stock_checkpoints_follow AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_checkpoints_follow();
