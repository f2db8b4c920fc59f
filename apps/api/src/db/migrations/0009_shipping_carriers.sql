-- Shipping carriers with their services and tracking URL template, and the connector they go
-- through (connectors come later). A carrier or service something refers to is deactivated, not deleted.
CREATE TABLE shipping_carriers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,30}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  -- An https address with {trackingNumber} where the parcel's number goes.
  tracking_url_template text CHECK (
    char_length(tracking_url_template) <= 500
    AND tracking_url_template LIKE 'https://%'
    AND strpos(tracking_url_template, '{trackingNumber}') > 0
  ),
  integration text NOT NULL DEFAULT 'NONE' CHECK (integration IN ('NONE', 'ROYAL_MAIL', 'PARCELFORCE', 'DPD', 'DHL')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shipping_carriers_code_key ON shipping_carriers (upper(code));
CREATE INDEX shipping_carriers_name ON shipping_carriers (lower(name));
CREATE INDEX shipping_carriers_integration ON shipping_carriers (integration);
CREATE INDEX shipping_carriers_updated_at ON shipping_carriers (updated_at);

-- A carrier's services (e.g. Royal Mail Tracked 24). The code is the carrier's own service code where
-- it has one (Royal Mail Click & Drop serviceCode, Parcelforce ExpressLink ServiceCode).
CREATE TABLE carrier_services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  carrier_id uuid NOT NULL REFERENCES shipping_carriers (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,30}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  tracked boolean NOT NULL DEFAULT false,
  signature boolean NOT NULL DEFAULT false,
  delivery_days smallint CHECK (delivery_days BETWEEN 0 AND 60),
  active boolean NOT NULL DEFAULT true,
  -- The order the services are listed in.
  position smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Codes are stored in capitals (the check above), so this is unique whatever the case. Checked at
  -- commit: saving a carrier may swap two services' codes, which is unique only once both are written.
  CONSTRAINT carrier_services_code_key UNIQUE (carrier_id, code) DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX carrier_services_name ON carrier_services (lower(name));

-- The two UK carriers the business ships with from the start, with their public tracking pages.
WITH rm AS (
  INSERT INTO shipping_carriers (code, name, tracking_url_template, integration)
  VALUES ('ROYAL_MAIL', 'Royal Mail', 'https://www.royalmail.com/track-your-item#/tracking-results/{trackingNumber}', 'ROYAL_MAIL')
  RETURNING id
), pf AS (
  INSERT INTO shipping_carriers (code, name, tracking_url_template, integration)
  VALUES ('PARCELFORCE', 'Parcelforce Worldwide', 'https://www.parcelforce.com/track-trace?trackNumber={trackingNumber}', 'PARCELFORCE')
  RETURNING id
)
INSERT INTO carrier_services (carrier_id, code, name, tracked, signature, delivery_days, position)
SELECT rm.id, s.code, s.name, s.tracked, s.signature, s.days, s.position
FROM rm, (VALUES
  ('TPN24', 'Tracked 24', true, false, 1, 1),
  ('TPS48', 'Tracked 48', true, false, 2, 2),
  ('CRL24', 'Royal Mail 24 (1st Class)', false, false, 1, 3),
  ('CRL48', 'Royal Mail 48 (2nd Class)', false, false, 2, 4),
  ('SD1', 'Special Delivery Guaranteed by 1pm', true, true, 1, 5)
) AS s (code, name, tracked, signature, days, position)
UNION ALL
SELECT pf.id, s.code, s.name, s.tracked, s.signature, s.days, s.position
FROM pf, (VALUES
  ('SND', 'express24', true, true, 1, 1),
  ('SUP', 'express48', true, true, 2, 2),
  ('S09', 'express9', true, true, 1, 3),
  ('SAM', 'expressAM', true, true, 1, 4)
) AS s (code, name, tracked, signature, days, position);
