-- Products: the master record stock, purchase and sales documents refer to by id.
-- SKU is stored upper-cased (the API upper-cases what is typed), so one plain unique index makes it
-- unique whatever the case. Prices and quantities are exact numerics.
-- pg_trgm (a trusted contrib extension, so a database owner may create it) serves "contains"
-- searches on SKU and name at 100 000 products.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sku text NOT NULL CHECK (sku ~ '^[A-Z0-9][A-Z0-9._/-]{0,63}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  brand_id uuid REFERENCES brands (id),
  unit text NOT NULL DEFAULT 'Unit' CHECK (
    unit IN ('Unit', 'Kilogram (Kg)', 'Pound (lb)', 'Liter (l)', 'Meters (m)', 'Inches', 'Feet', 'Gallon', 'Ounce (oz)')
  ),
  kind text NOT NULL DEFAULT 'STOCK' CHECK (kind IN ('STOCK', 'BUNDLE', 'SERVICE')),
  cost_price numeric(16, 4) NOT NULL DEFAULT 0 CHECK (cost_price >= 0),
  sale_price numeric(14, 2) NOT NULL DEFAULT 0 CHECK (sale_price >= 0),
  vat_rate numeric(5, 2) NOT NULL DEFAULT 20 CHECK (vat_rate BETWEEN 0 AND 100),
  weight_kg numeric(9, 3) CHECK (weight_kg >= 0),
  length_cm numeric(8, 2) CHECK (length_cm >= 0),
  width_cm numeric(8, 2) CHECK (width_cm >= 0),
  height_cm numeric(8, 2) CHECK (height_cm >= 0),
  reorder_point numeric(16, 4) NOT NULL DEFAULT 0 CHECK (reorder_point >= 0),
  reorder_quantity numeric(16, 4) NOT NULL DEFAULT 0 CHECK (reorder_quantity >= 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_sku_key ON products (sku);
-- SKU prefix (pickers) and contains (list search) on SKU and name.
CREATE INDEX products_sku_prefix ON products (sku text_pattern_ops);
CREATE INDEX products_sku_trgm ON products USING gin (sku gin_trgm_ops);
CREATE INDEX products_name_trgm ON products USING gin (name gin_trgm_ops);
-- Sorts and filters of the list.
CREATE INDEX products_name ON products (name, id);
CREATE INDEX products_updated_at ON products (updated_at, id);
CREATE INDEX products_sale_price ON products (sale_price, id);
CREATE INDEX products_brand ON products (brand_id) WHERE brand_id IS NOT NULL;
CREATE INDEX products_kind ON products (kind) WHERE kind <> 'STOCK';

-- Barcodes (EAN-8, UPC-A, EAN-13, GTIN-14; check digit verified by the API and the import). Stored as
-- typed; unique across all products as the 14-digit GTIN, so 012345678905 and 0012345678905 clash.
CREATE TABLE product_barcodes (
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position int NOT NULL CHECK (position >= 0),
  barcode text NOT NULL CHECK (barcode ~ '^([0-9]{8}|[0-9]{12,14})$'),
  gtin text GENERATED ALWAYS AS (lpad(barcode, 14, '0')) STORED,
  PRIMARY KEY (product_id, position)
);
CREATE UNIQUE INDEX product_barcodes_gtin_key ON product_barcodes (gtin);
CREATE INDEX product_barcodes_barcode ON product_barcodes (barcode text_pattern_ops);

-- A bundle's components: stock items (checked by the API) with a quantity. A product that is a
-- component cannot be deleted (no cascade on component_id).
CREATE TABLE product_bundle_components (
  bundle_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  component_id uuid NOT NULL REFERENCES products (id),
  position int NOT NULL CHECK (position >= 0),
  quantity numeric(16, 4) NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (bundle_id, component_id),
  CHECK (bundle_id <> component_id)
);
CREATE INDEX product_bundle_components_component ON product_bundle_components (component_id);

-- Images: uploaded files in display order (position 0 is the main image). The file row is also
-- marked attached_entity = 'product' so those who may see products may see it.
CREATE TABLE product_images (
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position int NOT NULL CHECK (position >= 0),
  file_id uuid NOT NULL UNIQUE REFERENCES uploaded_files (id),
  PRIMARY KEY (product_id, position)
);
