import { performance } from 'node:perf_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../src/db/schema.ts';

/**
 * The purchasing bench's data: suppliers, products and warehouses, then two years of purchase orders (the four
 * types, LINES_PER_ORDER lines each) and the supplier invoices of the orders received, written set-based with
 * generate_series() into the real tables of migrations 0027 and 0031, as the services would have left them:
 * numbers in the default formats (gap-free per year, the counters moved past them), statuses by age (the newest
 * orders drafts and approved, the oldest received and closed; the newest invoices pending, the oldest paid), totals
 * the sums of their lines (VAT rounded per line, half up), received and invoiced quantities on the order lines
 * equal to what was received and invoiced. Order lines and invoice lines are built in temporary tables first, so
 * that each real table is written once, in one INSERT, and never updated (no dead rows for the lists to skip).
 *
 * Goods received notes and receipt matches are not generated: the lists measured read neither. An order fully
 * received is invoiced once, or (when more invoices are asked for than there are such orders) in two halves.
 * Randomness comes from setseed() in the one transaction, so a seed makes the same kind of data.
 */

export interface PurchasingDataOptions {
  /** Purchase orders (LINES_PER_ORDER lines each). */
  orders: number;
  /** Supplier invoices (LINES_PER_ORDER lines each); at most twice the orders fully received. */
  invoices: number;
  suppliers?: number;
  products?: number;
  /** setseed()'s argument, between -1 and 1. */
  seed?: number;
  log?: (line: string) => void;
}

export const LINES_PER_ORDER = 5;

export interface PurchasingData {
  supplierIds: string[];
  /** The own warehouses orders arrive at, then the third-party and the FBA one. */
  warehouseIds: string[];
  orderLines: number;
  invoiceLines: number;
  ordersByType: Record<string, number>;
  ordersByStatus: Record<string, number>;
  invoicesByStatus: Record<string, number>;
  /** Values the bench searches and filters by, taken from what was written. */
  samples: {
    orderNumber: string;
    invoiceNumber: string;
    supplierInvoiceNumber: string;
    sku: string;
    supplierReference: string;
    /** The supplier with the most orders. */
    busySupplierId: string;
    /** A word of suppliers' names (a few hundred suppliers carry it). */
    supplierWord: string;
    /** A supplier's whole name. */
    supplierName: string;
  };
  timings: { masterMs: number; buildMs: number; writeMs: number; analyseMs: number };
}

/** Suppliers' names: a place or trait, a trade, a company form (so a word finds some suppliers, not all). */
const FIRST = [
  'Harbour',
  'Northern',
  'Pennine',
  'Thames',
  'Crown',
  'Oakfield',
  'Summit',
  'Riverside',
  'Castle',
  'Meridian',
  'Highland',
  'Westgate',
  'Severn',
  'Kingsway',
  'Brightwater',
  'Foxglove',
  'Granite',
  'Lakeside',
  'Orchard',
  'Sterling',
];
const TRADE = [
  'Trading',
  'Supplies',
  'Imports',
  'Wholesale',
  'Textiles',
  'Homeware',
  'Electronics',
  'Packaging',
  'Hardware',
  'Distribution',
  'Ceramics',
  'Outdoor',
];
const FORM = ['Ltd', 'Limited', 'plc', '& Co', 'GmbH', 'S.L.', 'Lda', 'Inc'];
const COLOURS = ['walnut', 'oak', 'slate', 'copper', 'ivory', 'sage', 'navy', 'amber', 'charcoal', 'linen'];
const THINGS = ['lamp', 'kettle', 'cushion', 'throw', 'vase', 'mirror', 'clock', 'planter', 'tray', 'candle', 'rug'];

export async function generatePurchasingData(
  db: Kysely<Database>,
  opts: PurchasingDataOptions,
): Promise<PurchasingData> {
  const log = opts.log ?? (() => {});
  const suppliers = opts.suppliers ?? Math.max(10, Math.min(1500, Math.round(opts.orders / 60)));
  const products = opts.products ?? Math.max(20, Math.min(20_000, Math.round(opts.orders / 5)));
  const seed = opts.seed ?? 0.4242;
  if (opts.orders < 1 || opts.invoices < 0) throw new Error('orders ≥ 1 and invoices ≥ 0');

  const data = await db.transaction().execute(async (tx) => {
    await sql`SELECT setseed(${seed})`.execute(tx);
    let t = performance.now();

    // ── Master data ────────────────────────────────────────────────────────────────────────────────
    const supplierRows = await sql<{ id: string }>`
      INSERT INTO business_partners (code, name, default_currency, payment_terms_days, vat_number)
      SELECT 'PBS' || lpad(i::text, 5, '0'),
        (${FIRST}::text[])[1 + i % ${FIRST.length}] || ' ' || (${TRADE}::text[])[1 + (i / ${FIRST.length}) % ${TRADE.length}]
          || ' ' || (${FORM}::text[])[1 + (i / ${FIRST.length * TRADE.length}) % ${FORM.length}]
          || CASE WHEN i > ${FIRST.length * TRADE.length * FORM.length} THEN ' ' || i ELSE '' END,
        CASE WHEN i % 10 < 7 THEN 'GBP' WHEN i % 10 < 9 THEN 'EUR' ELSE 'USD' END,
        (ARRAY[30, 30, 45, 60])[1 + i % 4],
        CASE WHEN i % 10 < 7 THEN 'GB' || lpad((100000000 + i * 7919 % 899999999)::text, 9, '0') END
      FROM generate_series(1, ${suppliers}) i
      ORDER BY i
      RETURNING id`.execute(tx);
    const supplierIds = supplierRows.rows.map((r) => r.id);
    const warehouseRows = await sql<{ id: string }>`
      INSERT INTO warehouses (code, name, kind, city)
      SELECT 'PBW' || i, (ARRAY['Leeds', 'Bristol', 'Milton Keynes', 'Glasgow', 'Daventry 3PL', 'Amazon FBA LBA4'])[i],
        (ARRAY['OWN', 'OWN', 'OWN', 'OWN', 'THIRD_PARTY', 'AMAZON_FBA'])[i],
        (ARRAY['Leeds', 'Bristol', 'Milton Keynes', 'Glasgow', 'Daventry', 'Doncaster'])[i]
      FROM generate_series(1, 6) i
      ORDER BY i
      RETURNING id`.execute(tx);
    const warehouseIds = warehouseRows.rows.map((r) => r.id);
    await sql`
      INSERT INTO products (sku, name, cost_price, sale_price)
      SELECT 'PB-' || lpad(i::text, 6, '0'),
        initcap((${COLOURS}::text[])[1 + i % ${COLOURS.length}]) || ' ' || (${THINGS}::text[])[1 + (i / ${COLOURS.length}) % ${THINGS.length}]
          || ' ' || (100 + i % 900),
        round((2 + random() * 120)::numeric, 4), round((8 + random() * 300)::numeric, 2)
      FROM generate_series(1, ${products}) i`.execute(tx);
    const masterMs = performance.now() - t;
    log(`master data: ${suppliers} suppliers, ${products} products, 6 warehouses in ${s(masterMs)}`);

    // ── Orders and their lines, in temporary tables ────────────────────────────────────────────────
    t = performance.now();
    // i grows with the order date (two years up to today); age is 0 for the newest order, 1 for the oldest.
    await sql`
      CREATE TEMP TABLE bench_po ON COMMIT DROP AS
      WITH g AS (
        SELECT i, 1 - i::numeric / ${opts.orders} AS age, random() AS r_type, random() AS r_status,
          random() AS r_sup, random() AS r_wh, random() AS r_ref, random() AS r_time, random() AS r_exp
        FROM generate_series(1, ${opts.orders}) i
      ), typed AS (
        SELECT g.*,
          CASE WHEN r_type < 0.55 THEN 'PRIOR_ORDER_PO' WHEN r_type < 0.75 THEN 'INVOICE_ORDER_PO'
            WHEN r_type < 0.9 THEN 'CONSIGNMENT_PO' ELSE 'SEND_INVENTORY' END AS type,
          (current_date - 730 + floor((i - 1) * 731.0 / ${opts.orders})::int) AS order_date,
          -- A few busy suppliers, many occasional ones.
          1 + floor(r_sup * r_sup * ${suppliers})::int AS s
        FROM g
      )
      SELECT i, gen_random_uuid() AS id, type, order_date, floor(r_exp * ${products}::int)::int AS product_base,
        order_date + make_interval(secs => 7 * 3600 + r_time * 11 * 3600) AS created_at,
        order_date + 7 + floor(r_exp * 53)::int AS expected_date,
        CASE
          WHEN age < 0.03 THEN CASE WHEN r_status < 0.4 THEN 'DRAFT' WHEN r_status < 0.92 THEN 'APPROVED' ELSE 'CANCELED' END
          WHEN age < 0.12 THEN CASE WHEN r_status < 0.3 THEN 'APPROVED' WHEN r_status < 0.6 THEN 'PARTIALLY_RECEIVED'
            WHEN r_status < 0.95 THEN 'RECEIVED' ELSE 'CANCELED' END
          ELSE CASE WHEN r_status < 0.15 THEN 'RECEIVED' WHEN r_status < 0.96 THEN 'CLOSED' ELSE 'CANCELED' END
        END AS status,
        CASE WHEN type = 'SEND_INVENTORY' THEN NULL ELSE (${supplierIds}::uuid[])[s] END AS supplier_id,
        CASE WHEN type = 'SEND_INVENTORY' THEN NULL ELSE s END AS s,
        (${warehouseIds}::uuid[])[1 + floor(r_wh * 4)::int] AS warehouse_id,
        CASE WHEN type = 'SEND_INVENTORY' THEN (${warehouseIds}::uuid[])[CASE WHEN r_wh < 0.5 THEN 5 ELSE 6 END] END
          AS destination_warehouse_id,
        CASE WHEN type = 'SEND_INVENTORY' THEN 'GBP' WHEN s % 10 < 7 THEN 'GBP' WHEN s % 10 < 9 THEN 'EUR' ELSE 'USD' END
          AS currency,
        CASE WHEN r_ref < 0.7 AND type <> 'SEND_INVENTORY' THEN 'SO-' || (100000 + floor(r_ref * 1e7)::int % 900000)::text
          ELSE '' END AS supplier_reference,
        CASE WHEN type = 'SEND_INVENTORY' AND r_ref < 0.8 THEN 'FBA' || upper(substr(md5(i::text), 1, 9)) ELSE '' END
          AS shipment_reference
      FROM typed`.execute(tx);
    await sql`ALTER TABLE bench_po ADD COLUMN number text`.execute(tx);
    await sql`
      UPDATE bench_po SET number = x.number FROM (
        SELECT i, 'PO-' || extract(year FROM created_at) || '-'
          || lpad((row_number() OVER (PARTITION BY extract(year FROM created_at) ORDER BY created_at, i))::text, 5, '0')
          AS number
        FROM bench_po) x
      WHERE x.i = bench_po.i`.execute(tx);
    const step = Math.floor(products / LINES_PER_ORDER);
    // Five different products per order (base, base + P/5, …), quantities of 2 to 200 in the product's unit.
    await sql`
      CREATE TEMP TABLE bench_pol ON COMMIT DROP AS
      WITH p AS (SELECT row_number() OVER (ORDER BY sku) AS n, id, cost_price FROM products WHERE sku LIKE 'PB-%'),
      l AS (
        SELECT o.id AS order_id, o.status, o.type, o.currency, ln AS line_no,
          1 + (o.product_base + ln * ${step}::int) % ${products}::int AS pn,
          2 + floor(random() * random() * 199)::int AS quantity, random() AS r_cost, random() AS r_disc, random() AS r_vat
        FROM bench_po o CROSS JOIN generate_series(1, ${LINES_PER_ORDER}) ln
      ), priced AS (
        SELECT l.*, p.id AS product_id,
          round(p.cost_price * (0.9 + l.r_cost * 0.2)::numeric * CASE l.currency WHEN 'EUR' THEN 1.16 WHEN 'USD' THEN 1.27 ELSE 1 END, 6)
            AS unit_cost,
          CASE WHEN r_disc < 0.8 THEN 0 WHEN r_disc < 0.9 THEN 2.5 WHEN r_disc < 0.97 THEN 5 ELSE 10 END AS discount_percent,
          CASE WHEN r_vat < 0.8 THEN 'STANDARD' WHEN r_vat < 0.9 THEN 'REDUCED' WHEN r_vat < 0.98 THEN 'ZERO' ELSE 'EXEMPT' END
            AS vat_code
        FROM l JOIN p ON p.n = l.pn
      ), net AS (
        SELECT priced.*, CASE vat_code WHEN 'STANDARD' THEN 20 WHEN 'REDUCED' THEN 5 ELSE 0 END AS vat_rate,
          round(quantity * unit_cost * (1 - discount_percent / 100), 2) AS net_amount
        FROM priced
      )
      SELECT gen_random_uuid() AS id, order_id, line_no, product_id, quantity, unit_cost, discount_percent, vat_code, vat_rate,
        net_amount, round(net_amount * vat_rate / 100, 2) AS vat_amount,
        CASE WHEN status IN ('RECEIVED', 'CLOSED') THEN quantity
          WHEN status = 'PARTIALLY_RECEIVED' AND line_no <= 3 THEN quantity / 2 ELSE 0 END AS received_quantity
      FROM net`.execute(tx);

    // ── Invoices of the orders received, and their lines ───────────────────────────────────────────
    // Every supplier order fully received is invoiced once; the extra invoices asked for split as many of them in two.
    const pool = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM bench_po WHERE supplier_id IS NOT NULL AND status IN ('RECEIVED', 'CLOSED')`.execute(
      tx,
    );
    const received = Number(pool.rows[0]?.n ?? 0);
    const split = Math.max(0, opts.invoices - received);
    if (split > received)
      throw new Error(`${opts.invoices} invoices asked for, at most ${2 * received} from ${received} received orders`);
    await sql`
      CREATE TEMP TABLE bench_pi ON COMMIT DROP AS
      WITH pool AS (
        SELECT o.*, row_number() OVER (ORDER BY md5(o.id::text)) AS r
        FROM bench_po o WHERE o.supplier_id IS NOT NULL AND o.status IN ('RECEIVED', 'CLOSED')
      ), parts AS (
        SELECT pool.*, 1 AS part, CASE WHEN r <= ${split} THEN 2 ELSE 1 END AS parts FROM pool WHERE r <= ${opts.invoices}
        UNION ALL SELECT pool.*, 2, 2 FROM pool WHERE r <= ${split}
      ), dated AS (
        SELECT parts.id AS order_id, parts.part, parts.parts, parts.supplier_id, parts.s, parts.currency,
          least(current_date, parts.order_date + 12 + floor(random() * 30)::int + (parts.part - 1) * 30) AS invoice_date,
          random() AS r_status, random() AS r_time, random() AS r_price
        FROM parts
      ), ranked AS (
        SELECT dated.*, 1 - (row_number() OVER (ORDER BY invoice_date, r_time))::numeric / count(*) OVER () AS age
        FROM dated
      )
      SELECT gen_random_uuid() AS id, order_id, part, parts, supplier_id, currency, invoice_date,
        invoice_date + (ARRAY[30, 30, 45, 60])[1 + s % 4] AS due_date,
        invoice_date + make_interval(secs => 8 * 3600 + r_time * 9 * 3600) AS created_at,
        CASE
          WHEN age < 0.05 THEN CASE WHEN r_status < 0.5 THEN 'PENDING' ELSE 'BOOKED' END
          WHEN age < 0.1 THEN CASE WHEN r_status < 0.4 THEN 'BOOKED' WHEN r_status < 0.6 THEN 'PROCESSING' ELSE 'PROCESSED' END
          ELSE CASE WHEN r_status < 0.96 THEN 'PROCESSED' ELSE 'CANCELED' END
        END AS status,
        -- Most suppliers bill the order's price; some a little more.
        CASE WHEN r_price < 0.9 THEN 1 ELSE 1.01 END AS price_factor
      FROM ranked`.execute(tx);
    await sql`ALTER TABLE bench_pi ADD COLUMN number text, ADD COLUMN supplier_invoice_number text`.execute(tx);
    await sql`
      UPDATE bench_pi SET number = x.number, supplier_invoice_number = x.supplier_number FROM (
        SELECT id, 'PI-' || extract(year FROM created_at) || '-'
          || lpad((row_number() OVER (PARTITION BY extract(year FROM created_at) ORDER BY created_at, id))::text, 5, '0')
          AS number,
          'INV-' || (100000 + row_number() OVER (ORDER BY created_at, id))::text AS supplier_number
        FROM bench_pi) x
      WHERE x.id = bench_pi.id`.execute(tx);
    await sql`
      CREATE TEMP TABLE bench_pil ON COMMIT DROP AS
      WITH l AS (
        SELECT i.id AS invoice_id, i.status, ol.line_no, ol.id AS order_line_id, ol.product_id,
          CASE WHEN i.parts = 1 THEN ol.quantity WHEN i.part = 1 THEN ol.quantity / 2
            ELSE ol.quantity - ol.quantity / 2 END AS quantity,
          round(ol.unit_cost * i.price_factor, 6) AS unit_price, ol.discount_percent, ol.vat_code, ol.vat_rate
        FROM bench_pi i JOIN bench_pol ol ON ol.order_id = i.order_id
      ), net AS (SELECT l.*, round(quantity * unit_price * (1 - discount_percent / 100), 2) AS net_amount FROM l)
      SELECT net.*, round(net_amount * vat_rate / 100, 2) AS vat_amount FROM net`.execute(tx);
    const buildMs = performance.now() - t;
    log(`orders, lines and invoices built in temporary tables in ${s(buildMs)}`);

    // ── The real tables, each in one INSERT ────────────────────────────────────────────────────────
    t = performance.now();
    await sql`
      INSERT INTO purchase_orders (id, number, type, status, supplier_id, warehouse_id, destination_warehouse_id,
        shipment_reference, currency, exchange_rate, order_date, expected_date, payment_terms_days, supplier_reference,
        net_total, vat_total, gross_total, approved_at, sent_at, sent_to, dispatched_at, closed_at, close_reason,
        canceled_at, cancel_reason, created_at, updated_at)
      SELECT o.id, o.number, o.type, o.status, o.supplier_id, o.warehouse_id, o.destination_warehouse_id,
        o.shipment_reference, o.currency, CASE o.currency WHEN 'EUR' THEN 0.86 WHEN 'USD' THEN 0.79 ELSE 1 END,
        o.order_date, CASE WHEN o.type <> 'SEND_INVENTORY' THEN o.expected_date END, 30, o.supplier_reference,
        t.net, t.vat, t.net + t.vat,
        CASE WHEN o.status NOT IN ('DRAFT', 'CANCELED') THEN o.created_at + interval '2 hours' END,
        CASE WHEN o.status NOT IN ('DRAFT', 'CANCELED') AND o.type <> 'SEND_INVENTORY' THEN o.created_at + interval '3 hours' END,
        CASE WHEN o.status NOT IN ('DRAFT', 'CANCELED') AND o.type <> 'SEND_INVENTORY' THEN 'orders@supplier.example' ELSE '' END,
        CASE WHEN o.type = 'SEND_INVENTORY' AND o.status IN ('PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED')
          THEN o.created_at + interval '1 day' END,
        CASE WHEN o.status = 'CLOSED' THEN o.created_at + interval '40 days' END,
        '',
        CASE WHEN o.status = 'CANCELED' THEN o.created_at + interval '1 day' END,
        CASE WHEN o.status = 'CANCELED' THEN 'Supplier could not deliver' ELSE '' END,
        o.created_at, o.created_at
      FROM bench_po o
      JOIN (SELECT order_id, sum(net_amount) AS net, sum(vat_amount) AS vat FROM bench_pol GROUP BY order_id) t
        ON t.order_id = o.id
      ORDER BY o.i`.execute(tx);
    await sql`
      INSERT INTO purchase_order_lines (id, order_id, line_no, product_id, quantity, unit_cost, discount_percent, vat_code,
        vat_rate, net_amount, vat_amount, received_quantity, invoiced_quantity)
      SELECT l.id, l.order_id, l.line_no, l.product_id, l.quantity, l.unit_cost, l.discount_percent, l.vat_code, l.vat_rate,
        l.net_amount, l.vat_amount, l.received_quantity, coalesce(inv.quantity, 0)
      FROM bench_pol l
      LEFT JOIN (SELECT order_line_id, sum(quantity) AS quantity FROM bench_pil WHERE status <> 'CANCELED'
        GROUP BY order_line_id) inv ON inv.order_line_id = l.id
      ORDER BY l.order_id, l.line_no`.execute(tx);
    await sql`
      INSERT INTO purchase_invoices (id, number, status, supplier_id, supplier_invoice_number, invoice_date, due_date,
        currency, exchange_rate, net_total, vat_total, gross_total, open_amount, booked_at, canceled_at, cancel_reason,
        created_at, updated_at)
      SELECT i.id, i.number, i.status, i.supplier_id, i.supplier_invoice_number, i.invoice_date, i.due_date, i.currency,
        CASE i.currency WHEN 'EUR' THEN 0.86 WHEN 'USD' THEN 0.79 ELSE 1 END, t.net, t.vat, t.net + t.vat,
        CASE WHEN i.status IN ('PROCESSED', 'CANCELED') THEN 0 ELSE t.net + t.vat END,
        CASE WHEN i.status IN ('BOOKED', 'PROCESSING', 'PROCESSED') THEN i.created_at + interval '1 day' END,
        CASE WHEN i.status = 'CANCELED' THEN i.created_at + interval '2 days' END,
        CASE WHEN i.status = 'CANCELED' THEN 'Sent twice by the supplier' ELSE '' END,
        i.created_at, i.created_at
      FROM bench_pi i
      JOIN (SELECT invoice_id, sum(net_amount) AS net, sum(vat_amount) AS vat FROM bench_pil GROUP BY invoice_id) t
        ON t.invoice_id = i.id
      ORDER BY i.created_at`.execute(tx);
    await sql`
      INSERT INTO purchase_invoice_lines (invoice_id, line_no, order_line_id, product_id, quantity, unit_price,
        discount_percent, vat_code, vat_rate, net_amount, vat_amount)
      SELECT invoice_id, line_no, order_line_id, product_id, quantity, unit_price, discount_percent, vat_code, vat_rate,
        net_amount, vat_amount
      FROM bench_pil ORDER BY invoice_id, line_no`.execute(tx);
    // The number counters past what was written, so that the next document created continues the year's sequence.
    await sql`
      INSERT INTO document_number_counters (kind, year, last_value)
      SELECT kind, year, max(seq) FROM (
        SELECT 'purchaseOrder' AS kind, split_part(number, '-', 2)::int AS year, split_part(number, '-', 3)::bigint AS seq
          FROM bench_po
        UNION ALL SELECT 'purchaseInvoice', split_part(number, '-', 2)::int, split_part(number, '-', 3)::bigint FROM bench_pi
      ) x GROUP BY kind, year
      ON CONFLICT (kind, year) DO UPDATE SET last_value = greatest(document_number_counters.last_value, excluded.last_value)`.execute(
      tx,
    );
    const writeMs = performance.now() - t;
    log(`written to the real tables in ${s(writeMs)}`);

    const tally = async (query: RawBuilder<{ k: string; n: string }>) =>
      Object.fromEntries((await query.execute(tx)).rows.map((r) => [r.k, Number(r.n)]));
    const ordersByType = await tally(sql`SELECT type AS k, count(*)::text AS n FROM bench_po GROUP BY 1 ORDER BY 1`);
    const ordersByStatus = await tally(
      sql`SELECT status AS k, count(*)::text AS n FROM bench_po GROUP BY 1 ORDER BY 1`,
    );
    const invoicesByStatus = await tally(
      sql`SELECT status AS k, count(*)::text AS n FROM bench_pi GROUP BY 1 ORDER BY 1`,
    );
    const counts = await sql<{ ol: string; il: string }>`
      SELECT (SELECT count(*) FROM bench_pol)::text AS ol, (SELECT count(*) FROM bench_pil)::text AS il`.execute(tx);
    const samples = await sql<PurchasingData['samples']>`
      SELECT
        (SELECT number FROM bench_po WHERE type = 'PRIOR_ORDER_PO' ORDER BY i LIMIT 1 OFFSET (SELECT count(*) / 3 FROM bench_po
          WHERE type = 'PRIOR_ORDER_PO')) AS "orderNumber",
        (SELECT number FROM bench_pi ORDER BY created_at, id LIMIT 1 OFFSET (SELECT count(*) / 3 FROM bench_pi)) AS "invoiceNumber",
        (SELECT supplier_invoice_number FROM bench_pi ORDER BY created_at DESC, id LIMIT 1 OFFSET (SELECT count(*) / 4 FROM bench_pi))
          AS "supplierInvoiceNumber",
        (SELECT sku FROM products WHERE sku LIKE 'PB-%' ORDER BY sku LIMIT 1 OFFSET ${Math.floor(products / 2)}) AS sku,
        (SELECT supplier_reference FROM bench_po WHERE supplier_reference <> '' ORDER BY i LIMIT 1) AS "supplierReference",
        (SELECT supplier_id FROM bench_po WHERE supplier_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1)
          AS "busySupplierId",
        ${FIRST[3]}::text AS "supplierWord",
        (SELECT name FROM business_partners WHERE id = ${supplierIds[Math.floor(supplierIds.length / 2)] ?? null}) AS "supplierName"`.execute(
      tx,
    );

    return {
      supplierIds,
      warehouseIds,
      orderLines: Number(counts.rows[0]?.ol ?? 0),
      invoiceLines: Number(counts.rows[0]?.il ?? 0),
      ordersByType,
      ordersByStatus,
      invoicesByStatus,
      samples: samples.rows[0] as PurchasingData['samples'],
      timings: { masterMs, buildMs, writeMs, analyseMs: 0 },
    };
  });
  // As autovacuum leaves a table that has settled: statistics for the planner, and the visibility map that lets a
  // count or a page read an index alone.
  const t = performance.now();
  await sql`VACUUM (ANALYZE) business_partners, products, warehouses, purchase_orders, purchase_order_lines,
    purchase_invoices, purchase_invoice_lines`.execute(db);
  data.timings.analyseMs = performance.now() - t;
  return data;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
