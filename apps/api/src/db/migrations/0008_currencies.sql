-- Currencies (the specification's list: GBP, EUR, USD), their dated exchange rates to GBP, and the
-- payment processors and accounts money moves through, each in a currency.

-- The code is the key, so other tables refer to a currency by its code (`REFERENCES currencies (code)`).
-- Currencies are fixed by the specification: never inserted or deleted by the product, only renamed
-- or deactivated. Decimal places are the ISO 4217 minor unit.
CREATE TABLE currencies (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  symbol text NOT NULL CHECK (char_length(symbol) BETWEEN 1 AND 5),
  decimal_places smallint NOT NULL CHECK (decimal_places BETWEEN 0 AND 4),
  -- The books are kept in the base currency: its rate is 1 on every date and it stays active.
  is_base boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (active OR NOT is_base)
);
CREATE UNIQUE INDEX currencies_one_base ON currencies (is_base) WHERE is_base;

INSERT INTO currencies (code, name, symbol, decimal_places, is_base) VALUES
  ('GBP', 'Pound sterling', '£', 2, true),
  ('EUR', 'Euro', '€', 2, false),
  ('USD', 'US dollar', '$', 2, false);

-- What one unit of the currency is worth in GBP from the effective date on (1 EUR = 0.865 GBP):
-- base amount = amount × rate. One rate per currency and day; the base currency has none (it is 1).
CREATE TABLE exchange_rates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  currency text NOT NULL REFERENCES currencies (code) CHECK (currency <> 'GBP'),
  effective_date date NOT NULL,
  rate numeric(14, 8) NOT NULL CHECK (rate > 0),
  source text NOT NULL DEFAULT '' CHECK (char_length(source) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Also the index of "the latest rate on or before a day" and of the history, latest first.
CREATE UNIQUE INDEX exchange_rates_currency_date_key ON exchange_rates (currency, effective_date);

CREATE TABLE processors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,30}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  type text NOT NULL CHECK (type IN ('CASH', 'PAYPAL', 'BANK_ACCOUNT', 'MARKETPLACE_BALANCE', 'CARD')),
  currency text NOT NULL REFERENCES currencies (code),
  bank_name text CHECK (char_length(bank_name) BETWEEN 1 AND 120),
  account_name text CHECK (char_length(account_name) BETWEEN 1 AND 120),
  sort_code text CHECK (sort_code ~ '^[0-9]{6}$'),
  account_number text CHECK (account_number ~ '^[0-9]{8}$'),
  iban text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  paypal_email text CHECK (char_length(paypal_email) BETWEEN 3 AND 254),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type <> 'PAYPAL' OR paypal_email IS NOT NULL),
  CHECK (type <> 'BANK_ACCOUNT' OR (bank_name IS NOT NULL AND account_name IS NOT NULL
    AND (sort_code IS NULL) = (account_number IS NULL) AND (sort_code IS NOT NULL OR iban IS NOT NULL)))
);
CREATE UNIQUE INDEX processors_code_key ON processors (upper(code));
CREATE INDEX processors_name ON processors (lower(name));
CREATE INDEX processors_currency ON processors (currency);
CREATE INDEX processors_type ON processors (type);
CREATE INDEX processors_updated_at ON processors (updated_at);
