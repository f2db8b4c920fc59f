import { RETURN_TICKET_SOURCE_TYPE, SALES_INVOICE_SOURCE_TYPE } from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { restoreAfterLoad, setAsideForLoad } from './stock-bench.repository.ts';

/**
 * Data of the dashboards bench (dashboards.ts), written set-based in SQL (generate_series, INSERT … SELECT) into the
 * real tables, consistent as the product would have written it:
 * - master data: brands, three warehouses with bins, `products` products (a fifth watched by a reorder point);
 * - about `lines` sales invoice lines on invoices of 1–6 lines over the last 400 days, six channels, three
 *   warehouses; the last two weeks' invoices in every status, older ones PROCESSED (shipped) or CANCELED;
 * - the stock ledger: an ISSUE per line of a shipped invoice (source sales_invoice, at its shipped_at), a RETURN per
 *   line of a received return ticket (about 2% of shipped invoices), other issues to bring the ledger to about
 *   `movements` rows, and a RECEIPT per product, warehouse and 30-day period that had outbound rows, posted before
 *   them and covering them, so that no warehouse ever goes below zero;
 * - what the posting service derives from the ledger: FIFO layers (the open ones), consumptions, levels and bin
 *   balances. Every receipt and return of a product is at the product's cost price, so each row's value is its
 *   quantity × that cost; the FIFO queue of a product and warehouse is its inbound units in posting order, and an
 *   outbound row takes the units from the running total of outbound units before it: its consumptions are the
 *   overlaps of those unit ranges (no deficit, as stock never goes below zero), a layer's remaining units are what
 *   lies beyond all outbound units. checkStock confirms the balances afterwards.
 * Secondary indexes and foreign keys of the stock tables are set aside during the load and rebuilt at its end, as
 * the stock bench does.
 */

type Db = Kysely<Database>;

const COLOURS = ['Blue', 'Red', 'Green', 'Black', 'White', 'Walnut', 'Oak', 'Steel', 'Copper', 'Grey'];
const THINGS = ['kettle', 'lamp', 'chair', 'shelf', 'mug', 'bottle', 'cable', 'charger', 'towel', 'pillow', 'clock'];
const TOWNS = ['Leeds', 'York', 'Hull', 'Bristol', 'Bath', 'Derby', 'Luton', 'Leicester', 'Norwich', 'Exeter'];
/** Days of sales history; the stock history starts at the first receipt period before it. */
const HISTORY_DAYS = 400;
const PERIOD_DAYS = 30;
const PERIODS = Math.ceil(HISTORY_DAYS / PERIOD_DAYS) + 1;
const LONDON = sql.lit('Europe/London');

export interface DashboardData {
  warehouseIds: string[];
  invoices: number;
  lines: number;
  shippedLines: number;
  returnTickets: number;
  movements: Record<string, number>;
  layers: number;
  consumptions: number;
  levels: number;
  timings: { what: string; ms: number }[];
}

export async function dashboardData(
  db: Db,
  o: { products: number; movements: number; lines: number; userId: string; log?: (line: string) => void },
): Promise<DashboardData> {
  const timings: { what: string; ms: number }[] = [];
  const step = async (what: string, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    const ms = performance.now() - t;
    timings.push({ what, ms });
    o.log?.(`  ${what}: ${(ms / 1000).toFixed(1)} s`);
  };
  // The one-off backfill of the facts is done (the bench rebuilds them itself, timed, once the data is in).
  await sql`INSERT INTO jobs (kind, key, status, attempts, finished_at)
    VALUES ('analytics.backfill', 'initial', 'DONE', 1, now())`.execute(db);

  const warehouseIds: string[] = [];
  await step('master data', async () => {
    const brands = await sql<{ id: string }>`
      INSERT INTO brands (code, name) SELECT 'DB' || i, 'Dashboards bench brand ' || i FROM generate_series(1, 8) i
      RETURNING id`.execute(db);
    const brandIds = brands.rows.map((r) => r.id);
    for (const w of [1, 2, 3]) {
      const wh = await sql<{ id: string }>`
        INSERT INTO warehouses (code, name, kind) VALUES (${`DBW${w}`}, ${`Dashboards warehouse ${w}`}, 'OWN')
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
    await sql`
      INSERT INTO products (sku, name, brand_id, cost_price, sale_price, reorder_point, reorder_quantity)
      SELECT 'DB-' || lpad(i::text, 6, '0'),
        (${COLOURS}::text[])[1 + i % ${COLOURS.length}] || ' ' || (${THINGS}::text[])[1 + (i / ${COLOURS.length}) % ${THINGS.length}]
          || ' ' || i,
        (${brandIds}::uuid[])[1 + i % ${brandIds.length}],
        -- Cost about a third of the lines' average unit price (£50), so that margins look like a shop's.
        (2 + i % 30) + (i % 100) / 100.0, (3 + i % 300) + 0.99,
        CASE WHEN i % 5 = 0 THEN 5 + i % 40 ELSE 0 END, 10 + i % 40
      FROM generate_series(1, ${o.products}) i`.execute(db);
    // Each product's bin in each warehouse (its number modulo the bins).
    await sql`CREATE TEMP TABLE bench_bins AS
      SELECT p.id AS product_id, p.cost_price AS cost, b.warehouse_id, b.id AS location_id
      FROM products p
      JOIN (SELECT id, warehouse_id, row_number() OVER (PARTITION BY warehouse_id ORDER BY code) - 1 AS k
            FROM warehouse_locations WHERE warehouse_id = ANY(${warehouseIds}::uuid[]) AND pickable) b
        ON b.k = substr(p.sku, 4)::int % 100
      WHERE p.sku LIKE 'DB-%'`.execute(db);
    await sql`CREATE INDEX ON bench_bins (product_id, warehouse_id)`.execute(db);
    await sql`ANALYZE bench_bins`.execute(db);
  });

  const invoices = Math.max(1, Math.round(o.lines / 3.5));
  const customers = Math.max(10, Math.round(invoices / 6));
  await step('customers and sales invoices', async () => {
    await sql`
      INSERT INTO customers (name, email, phone)
      SELECT 'Customer ' || i, 'customer.' || i || '@example.com', '07700 ' || lpad(i::text, 6, '0')
      FROM generate_series(1, ${customers}) i`.execute(db);
    // Each invoice's draws from hashes of its number g; g = invoices is the oldest, g = 1 today's.
    await sql`
      WITH c AS (SELECT id, name, email, row_number() OVER (ORDER BY created_at, id) - 1 AS k FROM customers),
      g AS (
        SELECT g, 1 + abs(hashint4(g * 7)) % 6 AS lc, abs(hashint4(g)) % 100 AS ch, abs(hashint4(g + 1)) % 100 AS st,
          abs(hashint4(g + 2)) % 100 AS wh,
          CASE WHEN abs(hashint4(g + 3)) % 5 < 4 THEN abs(hashint4(g + 4)) % greatest(${customers} / 5, 1)
            ELSE abs(hashint4(g + 4)) % ${customers} END AS ck,
          ((now() AT TIME ZONE ${LONDON})::date - (${HISTORY_DAYS} * (g - 1) / ${invoices})) AS day,
          (abs(hashint4(g + 5)) % 86400) * interval '1 second' AS at
        FROM generate_series(${invoices}, 1, -1) g
      ),
      x AS (
        SELECT g.*, c.id AS customer_id, c.name AS customer_name, c.email AS customer_email,
          CASE WHEN ch < 45 THEN 'AMAZON' WHEN ch < 65 THEN 'EBAY' WHEN ch < 80 THEN 'SHOPIFY' WHEN ch < 88 THEN 'TIKTOK'
            WHEN ch < 90 THEN 'SAMSUNG' ELSE 'MANUAL' END AS channel,
          CASE WHEN (now() AT TIME ZONE ${LONDON})::date - day > 14 THEN CASE WHEN st < 6 THEN 'CANCELED' ELSE 'PROCESSED' END
            WHEN st < 15 THEN 'PENDING' WHEN st < 40 THEN 'BOOKED' WHEN st < 48 THEN 'PROCESSING'
            WHEN st < 60 THEN 'READY_FOR_DELIVERY' WHEN st < 95 THEN 'PROCESSED' ELSE 'CANCELED' END AS status,
          (${warehouseIds}::uuid[])[CASE WHEN wh < 80 THEN 1 WHEN wh < 95 THEN 2 ELSE 3 END] AS warehouse_id,
          -- Received on its London day, never later than now.
          least((day + at) AT TIME ZONE ${LONDON}, now() - interval '2 hours') AS created,
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
        CASE WHEN channel = 'MANUAL' THEN NULL ELSE channel || '-' || lpad(g::text, 9, '0') END,
        customer_id, customer_email,
        customer_name, (1 + g % 200) || ' High Street', (${TOWNS}::text[])[1 + g % ${TOWNS.length}], 'LS1 1AA', 'GB',
        customer_name, (1 + g % 200) || ' High Street', (${TOWNS}::text[])[1 + g % ${TOWNS.length}], 'LS1 1AA', 'GB',
        warehouse_id, 'GBP', 1, day, day, false,
        net, vat, net + vat, lc, qty, ${o.userId}::uuid,
        CASE WHEN status IN ('PENDING', 'CANCELED') THEN NULL ELSE created + interval '10 minutes' END,
        CASE WHEN status IN ('PENDING', 'CANCELED') THEN NULL ELSE ${o.userId}::uuid END,
        CASE WHEN status = 'CANCELED' THEN created + interval '20 minutes' END,
        CASE WHEN status = 'CANCELED' THEN ${o.userId}::uuid END,
        CASE WHEN status = 'CANCELED' THEN 'Customer changed their mind' ELSE '' END,
        -- Shipped within a day, never later than now.
        CASE WHEN status = 'PROCESSED' THEN least(created + (abs(hashint4(g + 8)) % 1440) * interval '1 minute',
          now() - interval '1 hour') + interval '30 minutes' END,
        CASE WHEN status = 'PROCESSED' THEN ${o.userId}::uuid END,
        CASE WHEN status = 'PROCESSED' THEN ARRAY['TN' || lpad(g::text, 10, '0')] ELSE '{}' END,
        created, created
      FROM x`.execute(db);
    await sql`
      WITH p AS (SELECT id, row_number() OVER (ORDER BY sku) - 1 AS k FROM products WHERE sku LIKE 'DB-%'),
      l AS (
        SELECT i.id AS invoice_id, k AS line_no,
          -- Busy products: a tenth of the catalogue takes half the lines.
          CASE WHEN abs(hashint4(s.g * 11 + k)) % 2 = 0 THEN abs(hashint4(s.g * 13 + k)) % greatest(${o.products} / 10, 1)
            ELSE abs(hashint4(s.g * 13 + k)) % ${o.products} END AS pk,
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
    await sql`ANALYZE customers, sales_invoices, sales_invoice_lines`.execute(db);
  });

  const setAside = await setAsideForLoad(db);
  await step('ledger: shipped lines issued', () =>
    sql`
      INSERT INTO stock_movements (posted_at, created_at, product_id, warehouse_id, location_id, bucket, kind, quantity,
        value, unit_cost, source_type, source_id, source_line, user_id)
      SELECT i.shipped_at, i.shipped_at, l.product_id, i.warehouse_id, b.location_id, 'STOCK', 'ISSUE', -l.quantity,
        -l.quantity * b.cost, b.cost, ${SALES_INVOICE_SOURCE_TYPE}, i.id::text, l.id::text, ${o.userId}::uuid
      FROM sales_invoices i JOIN sales_invoice_lines l ON l.invoice_id = i.id
      JOIN bench_bins b ON b.product_id = l.product_id AND b.warehouse_id = i.warehouse_id
      WHERE i.status = 'PROCESSED'
      ORDER BY i.shipped_at`.execute(db),
  );

  await step('return tickets and their RETURN rows', async () => {
    // One in fifty shipped invoices comes back (its first line, one unit), two to twenty days after shipping: received
    // ones were then inspected or closed, the last days' still open.
    await sql`
      INSERT INTO return_tickets (number, status, invoice_id, customer_id, warehouse_id, channel, return_date, line_count,
        total_quantity, total_value, created_by, received_at, received_by, inspected_at, inspected_by, closed_at,
        closed_by, created_at, updated_at)
      SELECT 'RT-' || lpad(row_number() OVER (ORDER BY x.at)::text, 7, '0'),
        CASE WHEN x.at > now() THEN 'OPEN' WHEN x.h % 3 = 0 THEN 'RECEIVED' WHEN x.h % 3 = 1 THEN 'INSPECTED' ELSE 'CLOSED' END,
        x.id, x.customer_id, x.warehouse_id, x.channel, (least(x.at, now()) AT TIME ZONE ${LONDON})::date, 1, 1, NULL,
        ${o.userId}::uuid,
        CASE WHEN x.at <= now() THEN x.at END, CASE WHEN x.at <= now() THEN ${o.userId}::uuid END,
        CASE WHEN x.at <= now() AND x.h % 3 > 0 THEN x.at END, CASE WHEN x.at <= now() AND x.h % 3 > 0 THEN ${o.userId}::uuid END,
        CASE WHEN x.at <= now() AND x.h % 3 = 2 THEN x.at END, CASE WHEN x.at <= now() AND x.h % 3 = 2 THEN ${o.userId}::uuid END,
        least(x.at, now()) - interval '1 day', least(x.at, now())
      FROM (
        SELECT i.id, i.customer_id, i.warehouse_id, i.channel, abs(hashint4(substr(i.number, 9)::int + 9)) AS h,
          i.shipped_at + (2 + abs(hashint4(substr(i.number, 9)::int + 10)) % 19) * interval '1 day' AS at
        FROM sales_invoices i
        WHERE i.status = 'PROCESSED' AND abs(hashint4(substr(i.number, 9)::int + 11)) % 50 = 0
      ) x`.execute(db);
    await sql`
      INSERT INTO return_ticket_lines (ticket_id, line_no, product_id, quantity, reason, condition, outcome, unit_cost,
        value, cost_source)
      SELECT t.id, 1, l.product_id, 1, 'CHANGED_MIND', 'RESALEABLE', CASE WHEN t.status IN ('INSPECTED', 'CLOSED') THEN 'RESTOCK' END,
        CASE WHEN t.received_at IS NOT NULL THEN b.cost END, CASE WHEN t.received_at IS NOT NULL THEN b.cost END,
        CASE WHEN t.received_at IS NOT NULL THEN 'INVOICE_ISSUE' END
      FROM return_tickets t JOIN sales_invoice_lines l ON l.invoice_id = t.invoice_id AND l.line_no = 1
      JOIN bench_bins b ON b.product_id = l.product_id AND b.warehouse_id = t.warehouse_id
      WHERE t.number LIKE 'RT-%'`.execute(db);
    await sql`
      INSERT INTO stock_movements (posted_at, created_at, product_id, warehouse_id, location_id, bucket, kind, quantity,
        value, unit_cost, source_type, source_id, source_line, user_id)
      SELECT t.received_at, t.received_at, tl.product_id, t.warehouse_id, b.location_id, 'STOCK', 'RETURN', tl.quantity,
        tl.quantity * b.cost, b.cost, ${RETURN_TICKET_SOURCE_TYPE}, t.id::text, tl.id::text, ${o.userId}::uuid
      FROM return_tickets t JOIN return_ticket_lines tl ON tl.ticket_id = t.id
      JOIN bench_bins b ON b.product_id = tl.product_id AND b.warehouse_id = t.warehouse_id
      WHERE t.received_at IS NOT NULL`.execute(db);
    await sql`
      UPDATE return_ticket_lines tl SET movement_id = m.id
      FROM stock_movements m WHERE m.source_type = ${RETURN_TICKET_SOURCE_TYPE} AND m.source_line = tl.id::text`.execute(
      db,
    );
    await sql`
      UPDATE return_tickets t SET total_value = tl.value
      FROM return_ticket_lines tl WHERE tl.ticket_id = t.id AND t.received_at IS NOT NULL`.execute(db);
  });

  await step('ledger: other issues', async () => {
    // The receipts to come: one per product, warehouse and period with outbound rows. The other issues are in each
    // product's home warehouse, so they add at most one receipt per product and period there.
    const { rows } = await sql<{ rows: string; groups: string }>`
      SELECT (SELECT count(*) FROM stock_movements) AS rows,
        (SELECT count(*) FROM (
          SELECT DISTINCT m.product_id, m.warehouse_id,
            floor(extract(epoch FROM m.posted_at - (now() - ${PERIODS * PERIOD_DAYS} * interval '1 day')) / ${PERIOD_DAYS * 86400})
          FROM stock_movements m WHERE m.quantity < 0) g) AS groups`.execute(db);
    const have = Number(rows[0]?.rows ?? 0);
    const groups = Number(rows[0]?.groups ?? 0);
    const homeGroups = o.products * PERIODS;
    let other = Math.max(0, o.movements - have - Math.max(groups, homeGroups));
    // Where fewer other issues than home groups: each adds a receipt of its own, at worst.
    if (other < homeGroups) other = Math.max(0, Math.floor((o.movements - have - groups) / 2));
    if (other === 0) return;
    await sql`
      WITH p AS (SELECT id, row_number() OVER (ORDER BY sku) - 1 AS k FROM products WHERE sku LIKE 'DB-%')
      INSERT INTO stock_movements (posted_at, created_at, product_id, warehouse_id, location_id, bucket, kind, quantity,
        value, unit_cost, source_type)
      SELECT x.at, x.at, b.product_id, b.warehouse_id, b.location_id, 'STOCK', 'ISSUE', -x.qty, -x.qty * b.cost, b.cost,
        'bench_issue'
      FROM (
        SELECT abs(hashint4(n * 3)) % ${o.products} AS pk, 1 + abs(hashint4(n * 3 + 1)) % 4 AS qty,
          now() - interval '3 hours' - (abs(hashint4(n * 3 + 2)) % (${HISTORY_DAYS * 86400})) * interval '1 second' AS at
        FROM generate_series(1, ${other}) n
      ) x
      JOIN p ON p.k = x.pk
      JOIN bench_bins b ON b.product_id = p.id
        AND b.warehouse_id = (${warehouseIds}::uuid[])[1 + CASE WHEN p.k % 10 < 8 THEN 0 WHEN p.k % 10 < 9 THEN 1 ELSE 2 END]
      ORDER BY x.at`.execute(db);
  });

  await step('ledger: receipts', () =>
    // At each period's start, what the period's outbound rows take plus a margin (a product's usual buffer).
    sql`
      WITH o AS (
        SELECT m.product_id, m.warehouse_id,
          floor(extract(epoch FROM m.posted_at - (now() - ${PERIODS * PERIOD_DAYS} * interval '1 day')) / ${PERIOD_DAYS * 86400})::int AS k,
          -sum(m.quantity) AS out
        FROM stock_movements m WHERE m.quantity < 0
        GROUP BY 1, 2, 3
      )
      INSERT INTO stock_movements (posted_at, created_at, product_id, warehouse_id, location_id, bucket, kind, quantity,
        value, unit_cost, source_type, reason)
      SELECT r.at, r.at, o.product_id, o.warehouse_id, b.location_id, 'STOCK', 'RECEIPT', r.qty, r.qty * b.cost, b.cost,
        'bench_receipt', 'Dashboards bench replenishment'
      FROM o JOIN bench_bins b USING (product_id, warehouse_id)
      CROSS JOIN LATERAL (SELECT now() - ${PERIODS * PERIOD_DAYS} * interval '1 day' + o.k * ${PERIOD_DAYS} * interval '1 day'
          - interval '1 minute' AS at,
        o.out + 2 + abs(hashint4(o.k) # hashtext(o.product_id::text)) % 20 AS qty) r
      ORDER BY r.at`.execute(db),
  );

  await step('FIFO queues: layers and consumptions', async () => {
    // Each row's unit range in its product and warehouse's queue (inbound) or outbound count (outbound).
    await sql`CREATE TEMP TABLE bench_ranges AS
      SELECT id, product_id, warehouse_id, posted_at, unit_cost, quantity > 0 AS inbound,
        sum(abs(quantity)) OVER w - abs(quantity) AS a, sum(abs(quantity)) OVER w AS b
      FROM stock_movements
      WINDOW w AS (PARTITION BY product_id, warehouse_id, quantity > 0 ORDER BY posted_at, id)`.execute(db);
    await sql`CREATE INDEX ON bench_ranges (product_id, warehouse_id, inbound, b)`.execute(db);
    await sql`ANALYZE bench_ranges`.execute(db);
    await sql`
      INSERT INTO stock_layers (origin_movement_id, seq, product_id, warehouse_id, bucket, owner_partner_id, received_at,
        unit_cost, quantity, remaining, remaining_value)
      SELECT r.id, 0, r.product_id, r.warehouse_id, 'STOCK', NULL, r.posted_at, r.unit_cost, r.b - r.a,
        r.b - greatest(r.a, coalesce(t.out, 0)), (r.b - greatest(r.a, coalesce(t.out, 0))) * r.unit_cost
      FROM bench_ranges r
      LEFT JOIN (SELECT product_id, warehouse_id, max(b) AS out FROM bench_ranges WHERE NOT inbound GROUP BY 1, 2) t
        USING (product_id, warehouse_id)
      WHERE r.inbound AND r.b > coalesce(t.out, 0)`.execute(db);
    await sql`
      INSERT INTO stock_consumptions (movement_id, seq, product_id, layer_movement_id, layer_seq, owner_partner_id,
        received_at, unit_cost, quantity, value, is_deficit)
      SELECT x.id, (row_number() OVER (PARTITION BY x.id ORDER BY y.a) - 1)::int, x.product_id, y.id, 0, NULL,
        y.posted_at, y.unit_cost, least(x.b, y.b) - greatest(x.a, y.a), (least(x.b, y.b) - greatest(x.a, y.a)) * y.unit_cost,
        false
      FROM bench_ranges x
      JOIN bench_ranges y ON y.product_id = x.product_id AND y.warehouse_id = x.warehouse_id AND y.inbound
        AND y.b > x.a AND y.a < x.b
      WHERE NOT x.inbound`.execute(db);
    await sql`DROP TABLE bench_ranges`.execute(db);
  });

  await step('levels and bin balances', async () => {
    await sql`
      INSERT INTO stock_levels (product_id, warehouse_id, on_hand, in_transit, consigned, value, last_unit_cost)
      SELECT product_id, warehouse_id, sum(quantity), 0, 0, sum(value),
        (array_agg(unit_cost ORDER BY posted_at DESC, id DESC) FILTER (WHERE quantity > 0))[1]
      FROM stock_movements GROUP BY product_id, warehouse_id`.execute(db);
    await sql`
      INSERT INTO stock_bin_balances (product_id, warehouse_id, location_id, on_hand)
      SELECT product_id, warehouse_id, location_id, sum(quantity)
      FROM stock_movements GROUP BY product_id, warehouse_id, location_id`.execute(db);
  });

  await step('indexes and foreign keys restored', () => restoreAfterLoad(db, setAside));
  await step('vacuum and analyse', () =>
    sql`VACUUM (ANALYZE) products, customers, sales_invoices, sales_invoice_lines, return_tickets, return_ticket_lines,
      stock_movements, stock_consumptions, stock_layers, stock_levels, stock_bin_balances, stock_product_values`.execute(
      db,
    ),
  );
  await sql`DROP TABLE bench_bins`.execute(db);

  const { rows } = await sql<{ what: string; n: string }>`
    SELECT 'invoices' AS what, count(*)::text AS n FROM sales_invoices
    UNION ALL SELECT 'lines', count(*)::text FROM sales_invoice_lines
    UNION ALL SELECT 'shipped lines', count(*)::text FROM sales_invoice_lines l JOIN sales_invoices i ON i.id = l.invoice_id
      WHERE i.status = 'PROCESSED'
    UNION ALL SELECT 'return tickets', count(*)::text FROM return_tickets
    UNION ALL SELECT 'layers', count(*)::text FROM stock_layers
    UNION ALL SELECT 'consumptions', count(*)::text FROM stock_consumptions
    UNION ALL SELECT 'levels', count(*)::text FROM stock_levels
    UNION ALL SELECT 'movement ' || kind || ' ' || source_type, count(*)::text FROM stock_movements GROUP BY kind, source_type`.execute(
    db,
  );
  const n = (what: string) => Number(rows.find((r) => r.what === what)?.n ?? 0);
  return {
    warehouseIds,
    invoices: n('invoices'),
    lines: n('lines'),
    shippedLines: n('shipped lines'),
    returnTickets: n('return tickets'),
    movements: Object.fromEntries(
      rows.filter((r) => r.what.startsWith('movement ')).map((r) => [r.what.slice(9), Number(r.n)]),
    ),
    layers: n('layers'),
    consumptions: n('consumptions'),
    levels: n('levels'),
    timings,
  };
}
