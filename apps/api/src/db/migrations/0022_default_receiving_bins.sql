-- Every warehouse has a default receiving bin, so that stock received without a bin (a transfer receipt, a
-- bundling task's output, an inventory import row without a bin) lands in a bin rather than "not in a bin".
-- The bin is named by the existing warehouse_configs.default_receiving_location_id (one row per warehouse,
-- changeable in Advanced Config); a new warehouse gets a RECEIVING bin named there when it is created
-- (apps/api/src/domains/warehouses/warehouse.repository.ts). This backfills the warehouses made before.

-- A warehouse written without its configuration row (possible only by hand) gets one.
INSERT INTO warehouse_configs (warehouse_id)
SELECT w.id FROM warehouses w
WHERE NOT EXISTS (SELECT 1 FROM warehouse_configs c WHERE c.warehouse_id = w.id);

-- A RECEIVING bin for each warehouse without a default receiving bin, unless it already has a bin of that code.
INSERT INTO warehouse_locations (warehouse_id, code, zone)
SELECT c.warehouse_id, 'RECEIVING', 'Receiving'
FROM warehouse_configs c
WHERE c.default_receiving_location_id IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM warehouse_locations l WHERE l.warehouse_id = c.warehouse_id AND upper(l.code) = 'RECEIVING'
  );

-- Named as the default (a RECEIVING bin that was there already is used when it is active).
UPDATE warehouse_configs c
SET default_receiving_location_id = l.id, updated_at = now()
FROM warehouse_locations l
WHERE c.default_receiving_location_id IS NULL
  AND l.warehouse_id = c.warehouse_id
  AND upper(l.code) = 'RECEIVING'
  AND l.active;
