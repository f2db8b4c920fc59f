-- Channels and carriers (Api Config and the API area). One row per account of a sales channel or a carrier; its
-- credentials sealed (platform/secrets.ts) field by field, never readable through the API.
CREATE TABLE channel_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL
    CHECK (type IN ('AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'ROYAL_MAIL', 'DHL', 'DPD', 'PARCELFORCE')),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  environment text NOT NULL DEFAULT 'PRODUCTION' CHECK (environment IN ('PRODUCTION', 'SANDBOX')),
  marketplace text CHECK (char_length(marketplace) <= 200),
  -- An override of the provider's address (the local fakes); administrators only, https only in production.
  base_url text CHECK (char_length(base_url) <= 300),
  enabled boolean NOT NULL DEFAULT true,
  -- { field: sealed value }: sealed with the purpose `channel_account:<id>:<field>`.
  credentials jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(credentials) = 'object'),
  settings jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(settings) = 'object'),
  last_test_at timestamptz,
  last_test_ok boolean,
  last_test_message text,
  created_by uuid REFERENCES users (id),
  updated_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX channel_accounts_name_key ON channel_accounts (lower(name));
CREATE INDEX channel_accounts_type ON channel_accounts (type, name);

-- A product's identity on one account: the SKU the channel knows it by, and the channel's ids (ASIN, eBay offer and
-- listing, Shopify inventory item and location). Stock pushes go per listing.
CREATE TABLE channel_listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id),
  sku text NOT NULL CHECK (char_length(sku) BETWEEN 1 AND 100),
  external_id text CHECK (char_length(external_id) <= 200),
  external_ref text CHECK (char_length(external_ref) <= 200),
  -- The last quantity the channel accepted (Shopify's compare-and-set reads it).
  pushed_quantity bigint,
  pushed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX channel_listings_sku_key ON channel_listings (account_id, sku);
CREATE INDEX channel_listings_product ON channel_listings (product_id, account_id);

-- What a channel sold that no listing maps (an order line's SKU that is no listing's nor a product's).
CREATE TABLE channel_unmapped_skus (
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  sku text NOT NULL CHECK (char_length(sku) BETWEEN 1 AND 100),
  title text,
  orders integer NOT NULL DEFAULT 1,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, sku)
);

-- Sales invoices know the account their order came from (two Amazon accounts are two sources).
ALTER TABLE sales_invoices ADD COLUMN channel_account_id uuid REFERENCES channel_accounts (id);
CREATE INDEX sales_invoices_channel_account ON sales_invoices (channel_account_id) WHERE channel_account_id IS NOT NULL;

-- Orders and returns as pulled, kept by account, external id and update time: the same version pulled twice
-- (overlapping windows) is one row; a newer version is a new row, applied after the older ones.
CREATE TABLE channel_inbox (
  id bigserial PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ORDER', 'RETURN')),
  external_id text NOT NULL CHECK (char_length(external_id) BETWEEN 1 AND 100),
  external_updated_at timestamptz NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'NEW' CHECK (status IN ('NEW', 'APPLIED', 'IGNORED', 'FAILED')),
  error text,
  received_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz
);
CREATE UNIQUE INDEX channel_inbox_version_key ON channel_inbox (account_id, kind, external_id, external_updated_at);
CREATE INDEX channel_inbox_new ON channel_inbox (account_id, id) WHERE status = 'NEW';

-- Where each account's pulls stand: the end of the last window pulled, per stream (orders, returns, tracking).
CREATE TABLE channel_cursors (
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  stream text NOT NULL CHECK (stream IN ('ORDERS', 'RETURNS', 'TRACKING', 'STOCK', 'FBA_INVENTORY')),
  cursor_at timestamptz,
  last_run_at timestamptz,
  last_ok_at timestamptz,
  last_error text,
  next_run_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, stream)
);

-- Every message exchanged with a channel or carrier about one order, invoice, credit note or return, in the
-- specification's process types (CREATE_ORDER … UPLOAD_INVOICE, FAILED_ once its last attempt failed). An outgoing
-- one is delivered by a job (channels.deliver, keyed by this row's id), so a crash between commit and delivery
-- loses nothing and a retry is the job's.
CREATE TABLE channel_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  operation text NOT NULL
    CHECK (operation IN ('ORDER', 'CANCEL', 'SHIPMENT', 'DELIVERY', 'REFUND', 'RETURN', 'INVOICE', 'LABEL')),
  process_type text CHECK (process_type IN (
    'CREATE_ORDER', 'CANCEL_ORDER', 'CREATE_RETURN_ORDER', 'CANCEL_RETURN_ORDER', 'COMPLETE_RETURN_ORDER',
    'STATUS_SHIPPED', 'STATUS_DELIVERED', 'UPLOAD_INVOICE', 'FAILED_CREATE_ORDER', 'FAILED_CANCEL_ORDER',
    'FAILED_STATUS_SHIPPED', 'FAILED_STATUS_DELIVERED', 'FAILED_UPLOAD_INVOICE')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DONE', 'FAILED', 'SKIPPED')),
  external_order_id text,
  sales_invoice_id uuid REFERENCES sales_invoices (id),
  credit_note_id uuid REFERENCES credit_notes (id),
  return_ticket_id uuid REFERENCES return_tickets (id),
  -- The outbox event it came from (an outgoing message is made once per event and account).
  source_event_id bigint,
  payload jsonb NOT NULL DEFAULT '{}',
  result jsonb,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX channel_messages_event_key ON channel_messages (source_event_id, account_id)
  WHERE source_event_id IS NOT NULL;
CREATE INDEX channel_messages_account_at ON channel_messages (account_id, created_at DESC, id);
CREATE INDEX channel_messages_status ON channel_messages (status, operation, created_at DESC) WHERE status <> 'DONE';
CREATE INDEX channel_messages_invoice ON channel_messages (sales_invoice_id) WHERE sales_invoice_id IS NOT NULL;

-- The absolute quantity waiting to be pushed per account and listing: a newer quantity replaces a pending one.
CREATE TABLE channel_stock_queue (
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES channel_listings (id) ON DELETE CASCADE,
  quantity bigint NOT NULL CHECK (quantity >= 0),
  queued_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  PRIMARY KEY (account_id, listing_id)
);
CREATE INDEX channel_stock_queue_due ON channel_stock_queue (account_id, queued_at);

-- Amazon's fulfilment-centre quantities per account and SKU, as last read from the FBA Inventory API.
CREATE TABLE channel_fba_inventory (
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  sku text NOT NULL,
  asin text,
  fnsku text,
  product_name text,
  fulfillable bigint NOT NULL DEFAULT 0,
  inbound bigint NOT NULL DEFAULT 0,
  reserved bigint NOT NULL DEFAULT 0,
  unfulfillable bigint NOT NULL DEFAULT 0,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, sku)
);
