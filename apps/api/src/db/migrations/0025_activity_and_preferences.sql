-- System-log rows name their record as a person does (TR-2026-00001, a SKU, a warehouse code), not by id;
-- and every user keeps their own notification preferences and how far they have read the activity.

ALTER TABLE system_logs ADD COLUMN reference text;

-- The readable reference of a log row: what the row itself carries (a document's number, a SKU, a code, a
-- username), else its entity id when that is already readable (documents, currencies, configuration groups,
-- files), else the record looked up by id, else a name the row carries. NULL when nothing names it (a
-- record deleted before this column existed, say). Used when a row is written (the trigger below) and, for
-- rows written before, when they are read.
CREATE FUNCTION system_log_reference(p_entity text, p_entity_id text, p_before jsonb, p_after jsonb)
RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  ref text;
  rid uuid;
  payload jsonb := coalesce(p_after, p_before);
  skus text[];
BEGIN
  ref := coalesce(
    p_after ->> 'number', p_before ->> 'number',
    p_after ->> 'sku', p_before ->> 'sku',
    p_after ->> 'code', p_before ->> 'code',
    p_after ->> 'username', p_before ->> 'username'
  );
  IF ref IS NOT NULL THEN RETURN ref; END IF;
  -- A change of stock names its products (an adjustment's entity id is its first ledger row's number).
  IF p_entity = 'stock' AND jsonb_typeof(payload) = 'object' THEN
    SELECT array_agg(DISTINCT p.sku ORDER BY p.sku) INTO skus FROM products p
    WHERE p.id::text IN (
      SELECT payload ->> 'productId'
      UNION ALL
      SELECT m ->> 'productId' FROM jsonb_array_elements(
        CASE WHEN jsonb_typeof(payload -> 'movements') = 'array' THEN payload -> 'movements' ELSE '[]' END) m);
    IF cardinality(skus) > 3 THEN
      RETURN array_to_string(skus[1:3], ', ') || ' +' || (cardinality(skus) - 3);
    ELSIF cardinality(skus) > 0 THEN
      RETURN array_to_string(skus, ', ');
    END IF;
  END IF;
  IF p_entity_id IS NULL THEN RETURN NULL; END IF;
  -- A manual override is numbered by its ledger row: named by that row's product.
  IF p_entity = 'stock_override' AND p_entity_id ~ '^[0-9]{1,18}$' THEN
    ref := (SELECT p.sku FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE m.id = p_entity_id::bigint);
    IF ref IS NOT NULL THEN RETURN ref; END IF;
  END IF;
  IF p_entity_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN RETURN p_entity_id; END IF;
  rid := p_entity_id::uuid;
  ref := CASE p_entity
    WHEN 'product' THEN (SELECT sku FROM products WHERE id = rid)
    WHEN 'stock' THEN (SELECT sku FROM products WHERE id = rid)
    WHEN 'stock_reservation' THEN
      (SELECT p.sku FROM stock_reservations r JOIN products p ON p.id = r.product_id WHERE r.id = rid)
    WHEN 'warehouse' THEN (SELECT code FROM warehouses WHERE id = rid)
    WHEN 'warehouse_configuration' THEN (SELECT code FROM warehouses WHERE id = rid)
    WHEN 'warehouse_location' THEN
      (SELECT w.code || ' / ' || l.code FROM warehouse_locations l JOIN warehouses w ON w.id = l.warehouse_id WHERE l.id = rid)
    WHEN 'brand' THEN (SELECT code FROM brands WHERE id = rid)
    WHEN 'cost_center' THEN (SELECT code FROM cost_centers WHERE id = rid)
    WHEN 'processor' THEN (SELECT code FROM processors WHERE id = rid)
    WHEN 'shipping_carrier' THEN (SELECT code FROM shipping_carriers WHERE id = rid)
    WHEN 'business_partner' THEN (SELECT code FROM business_partners WHERE id = rid)
    WHEN 'customer' THEN (SELECT name FROM customers WHERE id = rid)
    WHEN 'exchange_rate' THEN (SELECT currency || ' ' || effective_date::text FROM exchange_rates WHERE id = rid)
    WHEN 'excel_mapping' THEN (SELECT name FROM excel_mappings WHERE id = rid)
    WHEN 'role' THEN (SELECT name FROM roles WHERE id = rid)
    WHEN 'user' THEN (SELECT username FROM users WHERE id = rid)
    WHEN 'user_preferences' THEN (SELECT username FROM users WHERE id = rid)
    ELSE CASE WHEN p_entity LIKE '%\_import' THEN (SELECT file_name FROM import_runs WHERE id = rid) END
  END;
  RETURN coalesce(ref, p_after ->> 'name', p_before ->> 'name', p_after ->> 'fileName', p_before ->> 'fileName');
END
$$;

CREATE FUNCTION system_logs_set_reference() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reference IS NULL THEN
    NEW.reference := system_log_reference(NEW.entity, NEW.entity_id, NEW.before, NEW.after);
  END IF;
  RETURN NEW;
END
$$;

-- Every writer of the log (the request's audit, sign-in, bulk imports writing rows in one statement) gets
-- the reference without knowing of it.
CREATE TRIGGER system_logs_reference BEFORE INSERT ON system_logs
  FOR EACH ROW EXECUTE FUNCTION system_logs_set_reference();

-- One row per user who has changed a preference or read their activity; no row: the defaults.
CREATE TABLE user_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- Activity kind (ActivityKind of the contracts) -> wanted; a kind absent is wanted.
  notifications jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(notifications) = 'object'),
  email_on_task_assignment boolean NOT NULL DEFAULT true,
  -- The newest activity row the user has seen: rows after it (by others) are unread.
  activity_seen_id bigint NOT NULL DEFAULT 0 CHECK (activity_seen_id >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
