-- Shipping claims (DOMAIN.md "Returns"; contract packages/contracts/src/returns/shipping-claims.ts): a claim against a
-- carrier for a lost or damaged parcel of a shipped sales invoice. OPEN → SUBMITTED → APPROVED | REJECTED, APPROVED →
-- PAID; OPEN → CANCELED. Amounts in GBP to the penny; the limits against the invoice (its value, its lines'
-- quantities over all live claims) are the service's, the ones within a claim are also checked here. Evidence files
-- are uploaded_files rows attached to the claim (attached_entity 'shipping_claim', attached_id its id).

CREATE TABLE shipping_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- From the document number service (kind shippingClaim): gap-free per year, hence no deletes.
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 60),
  status text NOT NULL DEFAULT 'OPEN'
    CHECK (status IN ('OPEN', 'SUBMITTED', 'APPROVED', 'REJECTED', 'PAID', 'CANCELED')),
  kind text NOT NULL CHECK (kind IN ('LOST', 'DAMAGED')),
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  -- The carrier of the invoice's carrier service when the claim was opened.
  carrier_id uuid NOT NULL REFERENCES shipping_carriers (id),
  carrier_service_id uuid REFERENCES carrier_services (id),
  tracking_number text NOT NULL DEFAULT '' CHECK (char_length(tracking_number) <= 100),
  claim_date date NOT NULL,
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  amount_claimed numeric(16, 2) NOT NULL CHECK (amount_claimed > 0),
  carrier_reference text NOT NULL DEFAULT '' CHECK (char_length(carrier_reference) <= 100),
  approved_amount numeric(16, 2) CHECK (approved_amount > 0 AND approved_amount <= amount_claimed),
  rejection_reason text NOT NULL DEFAULT '' CHECK (char_length(rejection_reason) <= 500),
  amount_recovered numeric(16, 2) CHECK (amount_recovered > 0 AND amount_recovered <= approved_amount),
  paid_on date,
  cancel_reason text NOT NULL DEFAULT '' CHECK (char_length(cancel_reason) <= 500),
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  submitted_by uuid REFERENCES users (id),
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id),
  paid_at timestamptz,
  paid_by uuid REFERENCES users (id),
  canceled_at timestamptz,
  canceled_by uuid REFERENCES users (id),
  CONSTRAINT shipping_claims_number_key UNIQUE (number),
  CHECK ((status IN ('APPROVED', 'PAID')) = (approved_amount IS NOT NULL)),
  CHECK ((status = 'PAID') = (amount_recovered IS NOT NULL AND paid_on IS NOT NULL)),
  CHECK ((canceled_at IS NULL) = (status <> 'CANCELED'))
);
-- The list: each sort walks an index of (its column, id); each filter has one that starts with it.
CREATE INDEX shipping_claims_created_sort ON shipping_claims (created_at, id);
CREATE INDEX shipping_claims_claim_date_sort ON shipping_claims (claim_date, id);
CREATE INDEX shipping_claims_amount_sort ON shipping_claims (amount_claimed, id);
CREATE INDEX shipping_claims_number_sort ON shipping_claims (number, id);
CREATE INDEX shipping_claims_status_created ON shipping_claims (status, created_at, id);
CREATE INDEX shipping_claims_kind_created ON shipping_claims (kind, created_at, id);
CREATE INDEX shipping_claims_carrier_created ON shipping_claims (carrier_id, created_at, id);
CREATE INDEX shipping_claims_invoice ON shipping_claims (invoice_id, status);
CREATE INDEX shipping_claims_carrier_service ON shipping_claims (carrier_service_id) WHERE carrier_service_id IS NOT NULL;
-- Search: "contains" on the claim's number and tracking number (the invoice's number has its own index).
CREATE INDEX shipping_claims_number_trgm ON shipping_claims USING gin (number gin_trgm_ops);
CREATE INDEX shipping_claims_tracking_trgm ON shipping_claims USING gin (tracking_number gin_trgm_ops);

-- The products and quantities a claim names: lines of its invoice.
CREATE TABLE shipping_claim_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claim_id uuid NOT NULL REFERENCES shipping_claims (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no > 0),
  invoice_line_id uuid NOT NULL REFERENCES sales_invoice_lines (id),
  quantity numeric(18, 4) NOT NULL CHECK (quantity > 0),
  CONSTRAINT shipping_claim_lines_line_key UNIQUE (claim_id, line_no),
  CONSTRAINT shipping_claim_lines_invoice_line_key UNIQUE (claim_id, invoice_line_id)
);
CREATE INDEX shipping_claim_lines_invoice_line ON shipping_claim_lines (invoice_line_id);
