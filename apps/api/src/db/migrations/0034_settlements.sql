-- Settlements of supplier invoices (contracts/purchasing/settlements.ts): one payment to one supplier paying some of
-- their BOOKED invoices, each fully or partly, less supplier credits, plus late-payment interest where chosen.
-- DRAFT (invoices held PROCESSING, their open amounts and the credits' taken) → COMPLETED, or with a cheque
-- CHEQUE_ISSUED → CHEQUE_COLLECTED → CHEQUE_SENT_TO_BANK → COMPLETED (realized) | CHEQUE_RETURNED (all reopened);
-- a DRAFT may be CANCELED (all released). Amounts are in the invoices' currency (`currency`) unless named _gbp or
-- _processor; `exchange_rate` is that currency's rate to GBP effective on the payment date (1 for GBP).
CREATE TABLE purchase_invoice_settlements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind purchaseInvoiceSettlement): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'CHEQUE_ISSUED', 'CHEQUE_COLLECTED',
    'CHEQUE_SENT_TO_BANK', 'COMPLETED', 'CHEQUE_RETURNED', 'CANCELED')),
  supplier_id uuid NOT NULL REFERENCES business_partners (id),
  payment_date date NOT NULL,
  processor_id uuid NOT NULL REFERENCES processors (id),
  -- The specification's payment types.
  payment_type text NOT NULL CHECK (payment_type IN ('CASH', 'PAYPAL', 'BANK_TRANSFER', 'CREDIT_NOTE',
    'SALES_INVOICE', 'EBAY_REFUND', 'SHOPIFY_REFUND', 'AMAZON_REFUND', 'TIKTOK_REFUND')),
  reference text NOT NULL DEFAULT '' CHECK (char_length(reference) <= 100),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  currency text NOT NULL REFERENCES currencies (code),
  exchange_rate numeric(14, 8) NOT NULL CHECK (exchange_rate > 0),
  processor_currency text NOT NULL REFERENCES currencies (code),
  invoices_total numeric(18, 2) NOT NULL DEFAULT 0,
  interest_total numeric(18, 2) NOT NULL DEFAULT 0,
  credits_total numeric(18, 2) NOT NULL DEFAULT 0,
  total_paid numeric(18, 2) NOT NULL DEFAULT 0 CHECK (total_paid >= 0),
  total_paid_processor numeric(18, 2) NOT NULL DEFAULT 0 CHECK (total_paid_processor >= 0),
  exchange_difference_gbp numeric(18, 2) NOT NULL DEFAULT 0,
  -- The cheque, when paid by one: its status follows the specification's cheque statuses.
  cheque_number text CHECK (char_length(cheque_number) BETWEEN 1 AND 40),
  cheque_date date,
  cheque_bank text CHECK (char_length(cheque_bank) BETWEEN 1 AND 120),
  cheque_status text CHECK (cheque_status IN ('issued', 'collected', 'send_to_bank', 'realized', 'returned')),
  cheque_status_at timestamptz,
  -- The remittance advice e-mail queued on completion (null: none was).
  notified_at timestamptz,
  notified_recipients text[],
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  completed_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  CONSTRAINT purchase_invoice_settlements_number_key UNIQUE (number),
  CHECK (total_paid = invoices_total + interest_total - credits_total),
  CHECK ((cheque_number IS NULL) = (cheque_status IS NULL)),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
CREATE INDEX purchase_invoice_settlements_created ON purchase_invoice_settlements (created_at DESC, id);
CREATE INDEX purchase_invoice_settlements_supplier ON purchase_invoice_settlements (supplier_id, payment_date DESC);
CREATE INDEX purchase_invoice_settlements_status ON purchase_invoice_settlements (status, payment_date);
CREATE INDEX purchase_invoice_settlements_payment_date ON purchase_invoice_settlements (payment_date, id);
CREATE INDEX purchase_invoice_settlements_processor ON purchase_invoice_settlements (processor_id);
CREATE INDEX purchase_invoice_settlements_number_trgm ON purchase_invoice_settlements USING gin (number gin_trgm_ops);

-- One invoice per line. open_before is the invoice's open amount when the settlement took `amount` of it.
-- The interest proposal is worked on `amount` at the payment date; interest_amount is what is added (0 unless
-- include_interest). amount_gbp at the payment date's rate, booked_gbp at the invoice's; the difference is an
-- exchange gain or loss (IAS 21), never a stock value.
CREATE TABLE purchase_invoice_settlement_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  settlement_id uuid NOT NULL REFERENCES purchase_invoice_settlements (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  invoice_id uuid NOT NULL REFERENCES purchase_invoices (id),
  open_before numeric(18, 2) NOT NULL CHECK (open_before >= amount),
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  days_late integer NOT NULL DEFAULT 0 CHECK (days_late >= 0),
  interest_basis text NOT NULL CHECK (interest_basis IN ('none', 'contractual', 'statutory', 'unavailable')),
  interest_type text CHECK (interest_type IN ('simple_interest', 'compound_interest')),
  interest_rate numeric(9, 4),
  base_rate numeric(9, 4),
  interest_reference_date date,
  interest_proposal numeric(18, 2) NOT NULL DEFAULT 0 CHECK (interest_proposal >= 0),
  fixed_sum numeric(18, 2) NOT NULL DEFAULT 0 CHECK (fixed_sum >= 0),
  include_interest boolean NOT NULL DEFAULT false,
  interest_amount numeric(18, 2) NOT NULL DEFAULT 0 CHECK (interest_amount >= 0),
  amount_gbp numeric(18, 2) NOT NULL,
  booked_gbp numeric(18, 2) NOT NULL,
  exchange_difference_gbp numeric(18, 2) NOT NULL,
  CONSTRAINT purchase_invoice_settlement_lines_line_key UNIQUE (settlement_id, line_no),
  CONSTRAINT purchase_invoice_settlement_lines_invoice_key UNIQUE (settlement_id, invoice_id),
  CHECK (include_interest OR interest_amount = 0)
);
CREATE INDEX purchase_invoice_settlement_lines_invoice ON purchase_invoice_settlement_lines (invoice_id);

-- Supplier credits a settlement applies (each at most what was left of it).
CREATE TABLE purchase_invoice_settlement_credits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  settlement_id uuid NOT NULL REFERENCES purchase_invoice_settlements (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 1),
  credit_id uuid NOT NULL REFERENCES supplier_credits (id),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  CONSTRAINT purchase_invoice_settlement_credits_key UNIQUE (settlement_id, credit_id)
);
CREATE INDEX purchase_invoice_settlement_credits_credit ON purchase_invoice_settlement_credits (credit_id);

-- Each status a settlement's cheque reached: the day it happened, a note, who recorded it.
CREATE TABLE purchase_invoice_settlement_cheque_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  settlement_id uuid NOT NULL REFERENCES purchase_invoice_settlements (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('issued', 'collected', 'send_to_bank', 'realized', 'returned')),
  event_date date NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX purchase_invoice_settlement_cheque_events_settlement
  ON purchase_invoice_settlement_cheque_events (settlement_id, created_at);

-- The Bank of England base rate (%) in force from each date until the next: UK statutory late-payment interest is
-- 8% over the rate in force on 31 December (debts late in January–June) or 30 June (July–December).
CREATE TABLE bank_base_rates (
  effective_date date PRIMARY KEY,
  rate_percent numeric(7, 4) NOT NULL CHECK (rate_percent >= 0 AND rate_percent < 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The Monetary Policy Committee's decisions since August 2018 (Bank of England, "Official Bank Rate history").
INSERT INTO bank_base_rates (effective_date, rate_percent) VALUES
  ('2018-08-02', 0.75),
  ('2020-03-11', 0.25),
  ('2020-03-19', 0.10),
  ('2021-12-16', 0.25),
  ('2022-02-03', 0.50),
  ('2022-03-17', 0.75),
  ('2022-05-05', 1.00),
  ('2022-06-16', 1.25),
  ('2022-08-04', 1.75),
  ('2022-09-22', 2.25),
  ('2022-11-03', 3.00),
  ('2022-12-15', 3.50),
  ('2023-02-02', 4.00),
  ('2023-03-23', 4.25),
  ('2023-05-11', 4.50),
  ('2023-06-22', 5.00),
  ('2023-08-03', 5.25),
  ('2024-08-01', 5.00),
  ('2024-11-07', 4.75),
  ('2025-02-06', 4.50),
  ('2025-05-08', 4.25),
  ('2025-08-07', 4.00),
  ('2025-12-18', 3.75);
