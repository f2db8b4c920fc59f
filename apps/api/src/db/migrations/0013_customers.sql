-- Customers with their billing and shipping addresses and the ids sales channels know them by.
-- The e-mail address is optional and not unique (marketplaces hide or relay buyers' addresses);
-- a channel's external id belongs to one customer only.
-- pg_trgm (a trusted contrib extension) serves the list's "contains" search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  email text CHECK (char_length(email) <= 254 AND email = lower(email)),
  phone text CHECK (char_length(phone) <= 32),
  active boolean NOT NULL DEFAULT true,
  notes text CHECK (char_length(notes) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Contains searches on name, e-mail and phone; sorts of the list.
CREATE INDEX customers_name_trgm ON customers USING gin (name gin_trgm_ops);
CREATE INDEX customers_email_trgm ON customers USING gin (email gin_trgm_ops);
CREATE INDEX customers_phone_trgm ON customers USING gin (phone gin_trgm_ops);
CREATE INDEX customers_name ON customers (name, id);
CREATE INDEX customers_email ON customers (email, id);
CREATE INDEX customers_created_at ON customers (created_at, id);
CREATE INDEX customers_updated_at ON customers (updated_at, id);

CREATE TABLE customer_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  kind text NOT NULL CHECK (kind IN ('billing', 'shipping')),
  line1 text NOT NULL CHECK (char_length(line1) BETWEEN 1 AND 120),
  line2 text CHECK (char_length(line2) <= 120),
  city text NOT NULL CHECK (char_length(city) BETWEEN 1 AND 80),
  county text CHECK (char_length(county) <= 80),
  postcode text CHECK (char_length(postcode) <= 12),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  is_default boolean NOT NULL DEFAULT false,
  UNIQUE (customer_id, position)
);
-- One default address of each kind per customer.
CREATE UNIQUE INDEX customer_addresses_default_key ON customer_addresses (customer_id, kind) WHERE is_default;

CREATE TABLE customer_channel_ids (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  channel text NOT NULL CHECK (channel IN ('MANUAL', 'AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK', 'SAMSUNG')),
  external_id text NOT NULL CHECK (char_length(external_id) BETWEEN 1 AND 100),
  PRIMARY KEY (customer_id, position)
);
-- An external id names one customer of its channel.
CREATE UNIQUE INDEX customer_channel_ids_key ON customer_channel_ids (channel, external_id);
CREATE INDEX customer_channel_ids_external_id_trgm ON customer_channel_ids USING gin (external_id gin_trgm_ops);
