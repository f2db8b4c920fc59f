import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema.ts';

/**
 * Data of the order-to-cash bench (order-to-cash.ts), written set-based in SQL into the real tables:
 * - `stockProducts`: products each holding stock in one warehouse's bins, written through the stock core's own tables
 *   as one opening RECEIPT per product (ledger row, its FIFO layer, the level and the bin balance), so that the
 *   ledger equals the balances (checkStock) exactly as if the stock had been received;
 * - `invoiceHistory`: two years of sales invoices and their lines (many customers, channels, statuses, warehouses),
 *   the lines' amounts and the heads' totals computed alike (net + VAT per line, the head the sum of its lines).
 */

type Db = Kysely<Database>;

const COLOURS = ['Blue', 'Red', 'Green', 'Black', 'White', 'Walnut', 'Oak', 'Steel', 'Copper', 'Grey'];
const THINGS = ['kettle', 'lamp', 'chair', 'shelf', 'mug', 'bottle', 'cable', 'charger', 'towel', 'pillow', 'clock'];
const FIRST = ['Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Noah', 'Oliver', 'George', 'Arthur', 'Leo', 'Harry', 'Jack'];
const LAST = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Wright'];
const TOWNS = ['Leeds', 'York', 'Hull', 'Bristol', 'Bath', 'Derby', 'Luton', 'Leicester', 'Norwich', 'Exeter'];

export interface StockData {
  warehouseId: string;
  warehouseIds: string[];
  productIds: string[];
  skus: string[];
}

/** `products` products (SKU OC-000001 …) with `quantity` units each in the first of three warehouses. */
export async function stockProducts(db: Db, o: { products: number; quantity: number }): Promise<StockData> {
  const warehouseIds: string[] = [];
  for (const w of [1, 2, 3]) {
    const wh = await sql<{ id: string }>`
      INSERT INTO warehouses (code, name, kind) VALUES (${`OCW${w}`}, ${`Order-to-cash warehouse ${w}`}, 'OWN')
      RETURNING id`.execute(db);
    const id = (wh.rows[0] as { id: string }).id;
    await sql`
      INSERT INTO warehouse_locations (warehouse_id, code, zone, pick_sequence)
      SELECT ${id}::uuid, 'A-' || lpad(i::text, 3, '0'), 'Zone A', i FROM generate_series(1, 100) i`.execute(db);
    const recv = await sql<{ id: string }>`
      INSERT INTO warehouse_locations (warehouse_id, code, zone, pick_sequence, pickable)
      VALUES (${id}::uuid, 'RECV', 'Receiving', 0, false) RETURNING id`.execute(db);
    await sql`
      INSERT INTO warehouse_configs (warehouse_id, default_receiving_location_id)
      VALUES (${id}::uuid, ${(recv.rows[0] as { id: string }).id}::uuid)`.execute(db);
    warehouseIds.push(id);
  }
  const warehouseId = warehouseIds[0] as string;
  await sql`
    INSERT INTO products (sku, name, cost_price, sale_price)
    SELECT 'OC-' || lpad(i::text, 6, '0'),
      (${COLOURS}::text[])[1 + i % ${COLOURS.length}] || ' ' || (${THINGS}::text[])[1 + (i / ${COLOURS.length}) % ${THINGS.length}]
        || ' ' || i,
      (1 + i % 150) + (i % 100) / 100.0, (3 + i % 300) + 0.99
    FROM generate_series(1, ${o.products}) i`.execute(db);
  // One opening receipt per product into a pickable bin, then what the posting service derives from it.
  await sql`
    INSERT INTO stock_movements (posted_at, created_at, product_id, warehouse_id, location_id, bucket, kind, quantity,
      value, unit_cost, source_type, reason)
    SELECT now() - interval '1 day', now() - interval '1 day', p.id, ${warehouseId}::uuid, b.id, 'STOCK', 'RECEIPT',
      ${o.quantity}, ${o.quantity} * p.cost_price, p.cost_price, 'bench_receipt', 'Order-to-cash bench opening stock'
    FROM products p
    JOIN (SELECT id, row_number() OVER (ORDER BY code) - 1 AS k FROM warehouse_locations
          WHERE warehouse_id = ${warehouseId}::uuid AND pickable) b
      ON b.k = (substr(p.sku, 4)::int % 100)
    WHERE p.sku LIKE 'OC-%'
    ORDER BY p.id`.execute(db);
  await sql`
    INSERT INTO stock_layers (origin_movement_id, seq, product_id, warehouse_id, bucket, owner_partner_id, received_at,
      unit_cost, quantity, remaining, remaining_value)
    SELECT id, 0, product_id, warehouse_id, 'STOCK', NULL, posted_at, unit_cost, quantity, quantity, value
    FROM stock_movements WHERE source_type = 'bench_receipt'`.execute(db);
  await sql`
    INSERT INTO stock_levels (product_id, warehouse_id, on_hand, in_transit, consigned, value, last_unit_cost)
    SELECT product_id, warehouse_id, quantity, 0, 0, value, unit_cost
    FROM stock_movements WHERE source_type = 'bench_receipt'`.execute(db);
  await sql`
    INSERT INTO stock_bin_balances (product_id, warehouse_id, location_id, on_hand)
    SELECT product_id, warehouse_id, location_id, quantity
    FROM stock_movements WHERE source_type = 'bench_receipt'`.execute(db);
  await sql`VACUUM (ANALYZE) products, stock_movements, stock_layers, stock_levels, stock_bin_balances,
    stock_product_values`.execute(db);
  const rows = await sql<{ id: string; sku: string }>`
    SELECT id, sku FROM products WHERE sku LIKE 'OC-%' ORDER BY sku`.execute(db);
  return {
    warehouseId,
    warehouseIds,
    productIds: rows.rows.map((r) => r.id),
    skus: rows.rows.map((r) => r.sku),
  };
}

export interface HistoryData {
  invoices: number;
  lines: number;
  customers: number;
  byStatus: Record<string, number>;
  byChannel: Record<string, number>;
  samples: { number: string; externalOrderId: string; customerName: string; customerId: string; sku: string };
}

/**
 * About `lines` invoice lines on invoices of 1–6 lines (3.5 on average), dated over the last two years, for
 * `customers` customers (a fifth of them buying most), in six channels and three warehouses; the last two weeks'
 * invoices are still in every status, older ones PROCESSED or (6%) CANCELED. Numbers SI-{year}-{6 digits} stay clear
 * of the document number service's 5-digit ones.
 */
export async function invoiceHistory(
  db: Db,
  o: { lines: number; customers: number; warehouseIds: string[]; userId: string },
): Promise<HistoryData> {
  const invoices = Math.round(o.lines / 3.5);
  await sql`
    INSERT INTO customers (name, email, phone)
    SELECT (${FIRST}::text[])[1 + i % ${FIRST.length}] || ' ' || (${LAST}::text[])[1 + (i / ${FIRST.length}) % ${LAST.length}]
        || ' ' || i,
      lower((${FIRST}::text[])[1 + i % ${FIRST.length}] || '.' || (${LAST}::text[])[1 + (i / ${FIRST.length}) % ${LAST.length}])
        || '.' || i || '@example.com',
      '07700 ' || lpad(i::text, 6, '0')
    FROM generate_series(1, ${o.customers}) i`.execute(db);
  // Each invoice's draws from hashes of its number g (deterministic), its lines' products spread over all products.
  await sql`
    WITH c AS (SELECT id, name, email, row_number() OVER (ORDER BY created_at, id) - 1 AS k FROM customers),
    g AS (
      SELECT g, 1 + abs(hashint4(g * 7)) % 6 AS lc, abs(hashint4(g)) % 100 AS ch, abs(hashint4(g + 1)) % 100 AS st,
        abs(hashint4(g + 2)) % 100 AS wh,
        -- A fifth of the customers place four fifths of the invoices.
        CASE WHEN abs(hashint4(g + 3)) % 5 < 4 THEN abs(hashint4(g + 4)) % greatest(${o.customers} / 5, 1)
          ELSE abs(hashint4(g + 4)) % ${o.customers} END AS ck,
        (current_date - (730 * g / ${invoices}))::date AS day,
        (abs(hashint4(g + 5)) % 86400) * interval '1 second' AS at
      FROM generate_series(${invoices}, 1, -1) g
    ),
    x AS (
      SELECT g.*, c.id AS customer_id, c.name AS customer_name, c.email AS customer_email,
        CASE WHEN ch < 45 THEN 'AMAZON' WHEN ch < 65 THEN 'EBAY' WHEN ch < 80 THEN 'SHOPIFY' WHEN ch < 88 THEN 'TIKTOK'
          WHEN ch < 90 THEN 'SAMSUNG' ELSE 'MANUAL' END AS channel,
        CASE WHEN current_date - day > 14 THEN CASE WHEN st < 6 THEN 'CANCELED' ELSE 'PROCESSED' END
          WHEN st < 15 THEN 'PENDING' WHEN st < 40 THEN 'BOOKED' WHEN st < 48 THEN 'PROCESSING'
          WHEN st < 60 THEN 'READY_FOR_DELIVERY' WHEN st < 95 THEN 'PROCESSED' ELSE 'CANCELED' END AS status,
        (${o.warehouseIds}::uuid[])[CASE WHEN wh < 80 THEN 1 WHEN wh < 95 THEN 2 ELSE 3 END] AS warehouse_id,
        day + at AS created,
        t.net, t.vat, t.qty
      FROM g JOIN c ON c.k = g.ck
      CROSS JOIN LATERAL (
        SELECT sum(round((1 + (g.g + k) % 3) * (5 + ((g.g * 31 + k * 17) % 9000) / 100.0), 2)) AS net,
          sum(round(round((1 + (g.g + k) % 3) * (5 + ((g.g * 31 + k * 17) % 9000) / 100.0), 2) * 0.2, 2)) AS vat,
          sum(1 + (g.g + k) % 3) AS qty
        FROM generate_series(1, g.lc) k) t
    )
    INSERT INTO sales_invoices (number, status, channel, external_order_id, customer_id, email,
      billing_name, billing_line1, billing_city, billing_postcode, billing_country,
      delivery_name, delivery_line1, delivery_city, delivery_postcode, delivery_country,
      warehouse_id, currency, exchange_rate, invoice_date, tax_point_date, prices_include_vat,
      net_total, vat_total, gross_total, line_count, total_quantity, created_by,
      booked_at, booked_by, canceled_at, canceled_by, cancel_reason, shipped_at, shipped_by, tracking_numbers,
      created_at, updated_at)
    SELECT 'SI-' || extract(year FROM day) || '-' || lpad(g::text, 6, '0'), status, channel,
      CASE channel
        WHEN 'AMAZON' THEN lpad((200 + g % 800)::text, 3, '0') || '-' || lpad((abs(hashint4(g + 6)) % 10000000)::text, 7, '0') || '-' || lpad(g::text, 7, '0')
        WHEN 'EBAY' THEN lpad((g % 100)::text, 2, '0') || '-' || lpad(g::text, 5, '0') || '-' || lpad((abs(hashint4(g + 7)) % 100000)::text, 5, '0')
        WHEN 'SHOPIFY' THEN '#' || (1000 + g)
        WHEN 'TIKTOK' THEN '5770' || lpad(g::text, 14, '0')
        WHEN 'SAMSUNG' THEN 'SS' || g
        ELSE NULL END,
      customer_id, customer_email,
      customer_name, (1 + g % 200) || ' High Street', (${TOWNS}::text[])[1 + g % ${TOWNS.length}], 'LS1 1AA', 'GB',
      customer_name, (1 + g % 200) || ' High Street', (${TOWNS}::text[])[1 + g % ${TOWNS.length}], 'LS1 1AA', 'GB',
      warehouse_id, 'GBP', 1, day, day, false,
      net, vat, net + vat, lc, qty, ${o.userId}::uuid,
      CASE WHEN status IN ('PENDING', 'CANCELED') THEN NULL ELSE created + interval '1 hour' END,
      CASE WHEN status IN ('PENDING', 'CANCELED') THEN NULL ELSE ${o.userId}::uuid END,
      CASE WHEN status = 'CANCELED' THEN created + interval '2 hours' END,
      CASE WHEN status = 'CANCELED' THEN ${o.userId}::uuid END,
      CASE WHEN status = 'CANCELED' THEN 'Customer changed their mind' ELSE '' END,
      CASE WHEN status = 'PROCESSED' THEN created + interval '1 day' END,
      CASE WHEN status = 'PROCESSED' THEN ${o.userId}::uuid END,
      CASE WHEN status = 'PROCESSED' THEN ARRAY['TN' || lpad(g::text, 10, '0')] ELSE '{}' END,
      created, created
    FROM x`.execute(db);
  await sql`
    WITH p AS (SELECT id, row_number() OVER (ORDER BY sku) - 1 AS k FROM products WHERE sku LIKE 'OC-%'),
    n AS (SELECT count(*) AS n FROM products WHERE sku LIKE 'OC-%'),
    l AS (
      SELECT i.id AS invoice_id, k AS line_no, s.g,
        (abs(hashint4(s.g * 13 + k)) % (SELECT n FROM n)) AS pk,
        (1 + (s.g + k) % 3) AS qty, (5 + ((s.g * 31 + k * 17) % 9000) / 100.0) AS price
      FROM sales_invoices i
      CROSS JOIN LATERAL (SELECT substr(i.number, 9)::int AS g) s
      CROSS JOIN LATERAL generate_series(1, i.line_count) k
      WHERE i.number ~ '^SI-[0-9]{4}-[0-9]{6}$'
    )
    INSERT INTO sales_invoice_lines (invoice_id, line_no, product_id, quantity, unit_price, discount_percent, vat_code,
      vat_rate, net_amount, vat_amount, gross_amount, short_quantity)
    SELECT l.invoice_id, l.line_no, p.id, l.qty, l.price, 0, 'STANDARD', 20,
      round(l.qty * l.price, 2), round(round(l.qty * l.price, 2) * 0.2, 2),
      round(l.qty * l.price, 2) + round(round(l.qty * l.price, 2) * 0.2, 2), 0
    FROM l JOIN p ON p.k = l.pk`.execute(db);
  await sql`VACUUM (ANALYZE) customers, sales_invoices, sales_invoice_lines`.execute(db);

  const count = await sql<{ what: string; key: string; n: string }>`
    SELECT 'status' AS what, status AS key, count(*) AS n FROM sales_invoices GROUP BY status
    UNION ALL SELECT 'channel', channel, count(*) FROM sales_invoices GROUP BY channel
    UNION ALL SELECT 'lines', '', count(*) FROM sales_invoice_lines
    UNION ALL SELECT 'customers', '', count(*) FROM customers`.execute(db);
  const of = (what: string) =>
    Object.fromEntries(count.rows.filter((r) => r.what === what).map((r) => [r.key, Number(r.n)]));
  const byStatus = of('status');
  // Samples for the searches: a mid-history invoice of the busiest customers, with an external order id.
  const sample = await sql<{
    number: string;
    external_order_id: string;
    customer_name: string;
    customer_id: string;
    sku: string;
  }>`
    SELECT i.number, i.external_order_id, c.name AS customer_name, c.id AS customer_id, p.sku
    FROM sales_invoices i JOIN customers c ON c.id = i.customer_id
    JOIN sales_invoice_lines l ON l.invoice_id = i.id AND l.line_no = 1 JOIN products p ON p.id = l.product_id
    WHERE i.number LIKE ${`SI-%-${String(Math.round(invoices / 2)).padStart(6, '0')}`}
    LIMIT 1`.execute(db);
  const s = sample.rows[0];
  if (!s) throw new Error('no sample invoice');
  const external =
    s.external_order_id ??
    ((
      await sql<{ e: string }>`SELECT external_order_id AS e FROM sales_invoices WHERE channel = 'AMAZON'
        AND number ~ '^SI-[0-9]{4}-[0-9]{6}$' ORDER BY number LIMIT 1 OFFSET 1000`.execute(db)
    ).rows[0]?.e as string);
  return {
    invoices: Object.values(byStatus).reduce((a, b) => a + b, 0),
    lines: of('lines')[''] ?? 0,
    customers: of('customers')[''] ?? 0,
    byStatus,
    byChannel: of('channel'),
    samples: {
      number: s.number,
      externalOrderId: external,
      customerName: s.customer_name,
      customerId: s.customer_id,
      sku: s.sku,
    },
  };
}
