-- Landed costs on goods received notes (DOMAIN.md "Purchasing rules … (decided)"): a freight, duty, insurance or
-- other charge on a posted note, in GBP at the charge date's rate (or a typed one), apportioned over the note's
-- accepted lines by value, quantity, weight or equally (to the penny, the residual penny to the largest line) and
-- applied through the stock core's revalueReceipts (stock_cost_revaluations, cost_of_sales_adjustments).
CREATE TABLE landed_cost_charges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  note_id uuid NOT NULL REFERENCES goods_received_notes (id),
  charge_type text NOT NULL CHECK (charge_type IN ('FREIGHT', 'DUTY', 'INSURANCE', 'OTHER')),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL REFERENCES currencies (code),
  exchange_rate numeric(14, 8) NOT NULL CHECK (exchange_rate > 0),
  amount_gbp numeric(18, 2) NOT NULL CHECK (amount_gbp >= 0),
  basis text NOT NULL CHECK (basis IN ('VALUE', 'QUANTITY', 'WEIGHT', 'EQUAL')),
  charge_date date NOT NULL,
  -- What went to the layers still in stock and to cost of sales (GBP, 8 places as the ledger).
  in_stock numeric(28, 8) NOT NULL DEFAULT 0,
  cost_of_sales numeric(28, 8) NOT NULL DEFAULT 0,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX landed_cost_charges_note ON landed_cost_charges (note_id, created_at);

-- The shares per note line, as apportioned (they add up to amount_gbp exactly).
CREATE TABLE landed_cost_charge_lines (
  charge_id uuid NOT NULL REFERENCES landed_cost_charges (id),
  line_no integer NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id),
  accepted_quantity numeric(18, 4) NOT NULL,
  basis_value numeric NOT NULL,
  share numeric(18, 2) NOT NULL,
  in_stock numeric(28, 8) NOT NULL DEFAULT 0,
  cost_of_sales numeric(28, 8) NOT NULL DEFAULT 0,
  PRIMARY KEY (charge_id, line_no)
);
CREATE INDEX landed_cost_charge_lines_product ON landed_cost_charge_lines (product_id);

-- Receiving a Send Inventory order at its destination: own stock out of transit, no supplier and no exchange rate.
ALTER TABLE goods_received_notes ALTER COLUMN supplier_id DROP NOT NULL;
DO $$
DECLARE c record;
BEGIN
  FOR c IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'goods_received_notes'::regclass AND contype = 'c'
      AND pg_get_constraintdef(oid) LIKE '%exchange_rate IS NULL%'
  LOOP
    EXECUTE format('ALTER TABLE goods_received_notes DROP CONSTRAINT %I', c.conname);
  END LOOP;
END
$$;
ALTER TABLE goods_received_notes
  ADD CONSTRAINT goods_received_notes_rate_check
    CHECK (exchange_rate IS NULL OR status = 'POSTED'),
  ADD CONSTRAINT goods_received_notes_posted_rate_check
    CHECK (status <> 'POSTED' OR exchange_rate IS NOT NULL OR supplier_id IS NULL);
