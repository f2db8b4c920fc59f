-- A tracking number names a parcel within its carrier's network: two carriers may issue the same text. A parcel
-- now keeps the carrier it went with, and a number is used once per carrier (the unique index keeps its name, so the
-- ship list's confirm still reads a race on it as SHIP_LIST_TRACKING_NUMBER_USED).
ALTER TABLE ship_list_parcels ADD COLUMN carrier_id uuid REFERENCES shipping_carriers (id);

UPDATE ship_list_parcels p
SET carrier_id = cs.carrier_id
FROM ship_list_invoices li
JOIN carrier_services cs ON cs.id = li.carrier_service_id
WHERE li.ship_list_id = p.ship_list_id AND li.invoice_id = p.invoice_id;

DROP INDEX ship_list_parcels_tracking_key;
CREATE UNIQUE INDEX ship_list_parcels_tracking_key ON ship_list_parcels (carrier_id, tracking_number)
  WHERE tracking_number IS NOT NULL;
