-- Credit notes / refunds (DOMAIN.md "Returns"; contract packages/contracts/src/returns/credit-notes.ts): money given
-- back against a shipped sales invoice, or a received return ticket of one. DRAFT → APPROVED (refunded) or CANCELED
-- (a draft only). A credit note's gross plus the other not-cancelled ones of its invoice never exceeds the invoice's
-- gross (what was paid): checked under the invoice row's lock. Amounts in the invoice's currency.
CREATE TABLE credit_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind creditNote): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'APPROVED', 'CANCELED')),
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  return_ticket_id uuid REFERENCES return_tickets (id),
  customer_id uuid NOT NULL REFERENCES customers (id),
  -- The invoice's channel: the list's channel filter without a join.
  channel text NOT NULL CHECK (channel IN ('MANUAL', 'AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'SAMSUNG')),
  credit_date date NOT NULL,
  payment_type text NOT NULL CHECK (payment_type IN (
    'CASH', 'PAYPAL', 'BANK_TRANSFER', 'CREDIT_NOTE', 'SALES_INVOICE', 'EBAY_REFUND', 'SHOPIFY_REFUND',
    'AMAZON_REFUND', 'TIKTOK_REFUND')),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 2000),
  currency text NOT NULL REFERENCES currencies (code),
  exchange_rate numeric(14, 8) NOT NULL CHECK (exchange_rate > 0),
  prices_include_vat boolean NOT NULL,
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  net_total numeric(18, 2) NOT NULL,
  vat_total numeric(18, 2) NOT NULL,
  gross_total numeric(18, 2) NOT NULL CHECK (gross_total > 0 AND gross_total = net_total + vat_total),
  gross_gbp numeric(18, 2) NOT NULL,
  refund_date date,
  refund_reference text NOT NULL DEFAULT '' CHECK (char_length(refund_reference) <= 100),
  created_by uuid REFERENCES users (id),
  approved_at timestamptz,
  approved_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT credit_notes_number_key UNIQUE (number),
  CHECK ((approved_at IS NULL) = (status <> 'APPROVED')),
  CHECK ((refund_date IS NULL) = (status <> 'APPROVED')),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
-- The list: newest first, each filter with an index that starts with it; sorts by (column, id).
CREATE INDEX credit_notes_created ON credit_notes (created_at, id);
CREATE INDEX credit_notes_status_created ON credit_notes (status, created_at, id);
CREATE INDEX credit_notes_channel_created ON credit_notes (channel, created_at, id);
CREATE INDEX credit_notes_payment_type_created ON credit_notes (payment_type, created_at, id);
CREATE INDEX credit_notes_credit_date ON credit_notes (credit_date, id);
CREATE INDEX credit_notes_customer ON credit_notes (customer_id, created_at, id);
CREATE INDEX credit_notes_number_sort ON credit_notes (number, id);
CREATE INDEX credit_notes_gross_sort ON credit_notes (gross_total, id);
-- What an invoice has had refunded (the money rule reads it under the invoice's lock).
CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id, status);
CREATE INDEX credit_notes_return_ticket ON credit_notes (return_ticket_id) WHERE return_ticket_id IS NOT NULL;
CREATE INDEX credit_notes_number_trgm ON credit_notes USING gin (number gin_trgm_ops);

CREATE TABLE credit_note_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  credit_note_id uuid NOT NULL REFERENCES credit_notes (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no >= 1),
  kind text NOT NULL CHECK (kind IN ('ITEM', 'SHIPPING', 'GOODWILL')),
  -- ITEM lines: the invoice line credited (its product, price, discount and VAT code).
  invoice_line_id uuid REFERENCES sales_invoice_lines (id),
  product_id uuid REFERENCES products (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  unit_price numeric(18, 4) NOT NULL CHECK (unit_price >= 0),
  discount_percent numeric(7, 4) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  vat_code text NOT NULL CHECK (vat_code IN ('STANDARD', 'REDUCED', 'ZERO', 'EXEMPT')),
  vat_rate numeric(5, 2) NOT NULL,
  net_amount numeric(18, 2) NOT NULL,
  vat_amount numeric(18, 2) NOT NULL,
  gross_amount numeric(18, 2) NOT NULL CHECK (gross_amount = net_amount + vat_amount),
  CONSTRAINT credit_note_lines_line_key UNIQUE (credit_note_id, line_no),
  CHECK ((kind = 'ITEM') = (invoice_line_id IS NOT NULL AND product_id IS NOT NULL))
);
CREATE INDEX credit_note_lines_invoice_line ON credit_note_lines (invoice_line_id) WHERE invoice_line_id IS NOT NULL;
CREATE INDEX credit_note_lines_product ON credit_note_lines (product_id, credit_note_id) WHERE product_id IS NOT NULL;
