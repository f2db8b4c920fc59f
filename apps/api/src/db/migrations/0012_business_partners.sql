-- Business partners (suppliers and other partners) with their contacts and addresses.
-- Contacts and addresses belong to their partner and are replaced as a whole when it changes.
-- A partner something refers to is deactivated, never deleted (the service checks before deleting).
-- pg_trgm (a trusted contrib extension) serves the list's "contains" search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE business_partners (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,30}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  -- Upper-case without spaces, with its country prefix (GB123456789).
  vat_number text CHECK (vat_number ~ '^[A-Z]{2}[A-Z0-9+*]{2,18}$'),
  -- An ISO 4217 code (GBP, EUR, USD); kept as text so that currencies can be added without a migration here.
  default_currency text NOT NULL DEFAULT 'GBP' CHECK (default_currency ~ '^[A-Z]{3}$'),
  payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 365),
  late_interest_rate numeric(5, 2) CHECK (late_interest_rate > 0 AND late_interest_rate <= 100),
  late_interest_type text CHECK (late_interest_type IN ('simple_interest', 'compound_interest')),
  is_consignment boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  notes text CHECK (char_length(notes) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Late-payment interest is a rate and a type, both or neither.
  CONSTRAINT business_partners_interest_check CHECK ((late_interest_rate IS NULL) = (late_interest_type IS NULL))
);
CREATE UNIQUE INDEX business_partners_code_key ON business_partners (upper(code));
-- Contains searches on code, name and VAT number; sorts of the list.
CREATE INDEX business_partners_code_trgm ON business_partners USING gin (code gin_trgm_ops);
CREATE INDEX business_partners_name_trgm ON business_partners USING gin (name gin_trgm_ops);
CREATE INDEX business_partners_vat_number_trgm ON business_partners USING gin (vat_number gin_trgm_ops);
CREATE INDEX business_partners_code ON business_partners (code, id);
CREATE INDEX business_partners_name ON business_partners (name, id);
CREATE INDEX business_partners_payment_terms ON business_partners (payment_terms_days, id);
CREATE INDEX business_partners_updated_at ON business_partners (updated_at, id);

CREATE TABLE business_partner_contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id uuid NOT NULL REFERENCES business_partners (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  role text CHECK (char_length(role) <= 80),
  email text CHECK (char_length(email) <= 254 AND email = lower(email)),
  phone text CHECK (char_length(phone) <= 32),
  is_primary boolean NOT NULL DEFAULT false,
  UNIQUE (partner_id, position)
);
-- One primary contact per partner.
CREATE UNIQUE INDEX business_partner_contacts_primary_key ON business_partner_contacts (partner_id) WHERE is_primary;
CREATE INDEX business_partner_contacts_email_trgm ON business_partner_contacts USING gin (email gin_trgm_ops);

CREATE TABLE business_partner_addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id uuid NOT NULL REFERENCES business_partners (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  kind text NOT NULL CHECK (kind IN ('billing', 'shipping', 'returns', 'remittance')),
  line1 text NOT NULL CHECK (char_length(line1) BETWEEN 1 AND 120),
  line2 text CHECK (char_length(line2) <= 120),
  city text NOT NULL CHECK (char_length(city) BETWEEN 1 AND 80),
  county text CHECK (char_length(county) <= 80),
  postcode text CHECK (char_length(postcode) <= 12),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  is_default boolean NOT NULL DEFAULT false,
  UNIQUE (partner_id, position)
);
-- One default address of each kind per partner.
CREATE UNIQUE INDEX business_partner_addresses_default_key ON business_partner_addresses (partner_id, kind) WHERE is_default;
