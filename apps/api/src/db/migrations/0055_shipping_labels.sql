-- Carrier labels made from a ship list (contract packages/contracts/src/channels/labels.ts): one shipment at the
-- carrier per invoice of the list, through the enabled carrier account of the service's carrier's integration. The
-- invoice's number is the carrier's reference, so asking again never makes a second shipment; one live (CREATED)
-- label per invoice of a list, by the partial unique index. A failed attempt stays as a FAILED row with its reason.
CREATE TABLE shipping_labels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES channel_accounts (id),
  ship_list_id uuid NOT NULL REFERENCES ship_lists (id),
  invoice_id uuid NOT NULL REFERENCES sales_invoices (id),
  carrier_service_id uuid NOT NULL REFERENCES carrier_services (id),
  status text NOT NULL CHECK (status IN ('CREATED', 'CANCELLED', 'FAILED')),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 60),
  external_id text CHECK (char_length(external_id) <= 200),
  tracking_numbers text[] NOT NULL DEFAULT '{}',
  label_pdf bytea,
  label_zpl text,
  error text CHECK (char_length(error) <= 2000),
  -- [{ weightKg }] as decimal strings, in parcel order.
  parcels jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(parcels) = 'array'),
  -- Tracking (Royal Mail Sync): the carrier's last word on delivery.
  delivered_at timestamptz,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  CHECK ((cancelled_at IS NULL) = (status <> 'CANCELLED')),
  CHECK (status <> 'CREATED' OR external_id IS NOT NULL)
);
CREATE UNIQUE INDEX shipping_labels_live_key ON shipping_labels (ship_list_id, invoice_id) WHERE status = 'CREATED';
CREATE INDEX shipping_labels_list ON shipping_labels (ship_list_id, created_at);
CREATE INDEX shipping_labels_invoice ON shipping_labels (invoice_id);
CREATE INDEX shipping_labels_account_created ON shipping_labels (account_id, created_at, id);
CREATE INDEX shipping_labels_created ON shipping_labels (created_at, id);
