-- Credits applied by a settlement carry their exchange difference in GBP (IAS 21): the credit was recorded at the
-- rate of its own day, and offsets the invoices at the payment date's rate. credit_date and credit_rate are that day
-- and rate; amount_gbp at the payment date's rate, booked_gbp at the credit's; exchange_difference_gbp =
-- booked_gbp − amount_gbp (+: a loss). Rows written before this carry the settlement's own rate (no difference).
ALTER TABLE purchase_invoice_settlement_credits
  ADD COLUMN credit_date date,
  ADD COLUMN credit_rate numeric(14, 8),
  ADD COLUMN amount_gbp numeric(18, 2),
  ADD COLUMN booked_gbp numeric(18, 2),
  ADD COLUMN exchange_difference_gbp numeric(18, 2);

UPDATE purchase_invoice_settlement_credits a
SET credit_date = (c.created_at AT TIME ZONE 'Europe/London')::date,
  credit_rate = s.exchange_rate,
  amount_gbp = round(a.amount * s.exchange_rate, 2),
  booked_gbp = round(a.amount * s.exchange_rate, 2),
  exchange_difference_gbp = 0
FROM supplier_credits c, purchase_invoice_settlements s
WHERE c.id = a.credit_id AND s.id = a.settlement_id;

ALTER TABLE purchase_invoice_settlement_credits
  ALTER COLUMN credit_date SET NOT NULL,
  ALTER COLUMN credit_rate SET NOT NULL,
  ADD CONSTRAINT purchase_invoice_settlement_credits_rate_check CHECK (credit_rate > 0),
  ALTER COLUMN amount_gbp SET NOT NULL,
  ALTER COLUMN booked_gbp SET NOT NULL,
  ALTER COLUMN exchange_difference_gbp SET NOT NULL;
