-- Landed charges on supplier invoices (issue 16, "later, from an invoice"): a forwarder's, broker's or the goods
-- supplier's invoice carries freight, duty, insurance or other charges for one or more posted goods received notes
-- (of any supplier). Each charge is part of the invoice's totals and VAT (so settlements pay it); booking the
-- invoice applies it as landed costs through the same service as a charge typed on a receipt: one
-- landed_cost_charges row per receipt named, each recording the invoice and charge it came from. Cancelling a
-- booked invoice takes the charges back on the day of cancelling (reversed_*), as its price differences are.
CREATE TABLE purchase_invoice_charges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_id uuid NOT NULL REFERENCES purchase_invoices (id) ON DELETE CASCADE,
  charge_no integer NOT NULL CHECK (charge_no > 0),
  charge_type text NOT NULL CHECK (charge_type IN ('FREIGHT', 'DUTY', 'INSURANCE', 'OTHER')),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 200),
  -- In the invoice's currency.
  net_amount numeric(18, 2) NOT NULL CHECK (net_amount > 0),
  vat_code text NOT NULL CHECK (vat_code IN ('STANDARD', 'REDUCED', 'ZERO', 'EXEMPT')),
  vat_rate numeric(5, 2) NOT NULL,
  vat_amount numeric(18, 2) NOT NULL CHECK (vat_amount >= 0),
  basis text NOT NULL CHECK (basis IN ('VALUE', 'QUANTITY', 'WEIGHT', 'EQUAL')),
  CONSTRAINT purchase_invoice_charges_no_key UNIQUE (invoice_id, charge_no)
);

-- The posted receipts a charge is for (at least one, checked by the service).
CREATE TABLE purchase_invoice_charge_notes (
  charge_id uuid NOT NULL REFERENCES purchase_invoice_charges (id) ON DELETE CASCADE,
  note_id uuid NOT NULL REFERENCES goods_received_notes (id),
  PRIMARY KEY (charge_id, note_id)
);
CREATE INDEX purchase_invoice_charge_notes_note ON purchase_invoice_charge_notes (note_id);

ALTER TABLE landed_cost_charges
  ADD COLUMN purchase_invoice_id uuid REFERENCES purchase_invoices (id),
  ADD COLUMN invoice_charge_id uuid REFERENCES purchase_invoice_charges (id),
  -- Taken back (the invoice cancelled): when, and what went back out of the layers and cost of sales.
  ADD COLUMN reversed_at timestamptz,
  ADD COLUMN reversed_in_stock numeric(28, 8) NOT NULL DEFAULT 0,
  ADD COLUMN reversed_cost_of_sales numeric(28, 8) NOT NULL DEFAULT 0,
  ADD CONSTRAINT landed_cost_charges_invoice_check CHECK ((purchase_invoice_id IS NULL) = (invoice_charge_id IS NULL));
CREATE INDEX landed_cost_charges_invoice ON landed_cost_charges (purchase_invoice_id) WHERE purchase_invoice_id IS NOT NULL;
