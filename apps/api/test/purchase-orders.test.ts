import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  DocumentStatusConflictDetails,
  ErrorBody,
  Page,
  PurchaseOrder,
  PurchaseOrderSummary,
  PurchaseProductCost,
  ReplenishmentOrderResult,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStock, post } from '../src/domains/stock/index.ts';
import { pdfText } from '../src/platform/pdf/pdf-text.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { businessChecksum, businessTables, changedTables } from './business-tables.ts';

/**
 * Purchase orders: drafts with their totals and VAT computed on the server, the type rules, each step of the
 * document (409 with the status and the steps left, nothing written), the list per type with its search,
 * filters and export, the PDF, sending to the supplier over a real SMTP server, and the Replenishment Report's
 * "Create purchase orders".
 */

type Conflict = ErrorBody & { details: DocumentStatusConflictDetails };

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
/** Everything but the purchase order permissions. */
let blind: ApiClient;
/** Views, drafts and edits; does not approve or cancel. */
let buyer: ApiClient;
let tables: string[];
beforeAll(async () => {
  ta = await startTestApp();
  const others = ALL_PERMISSIONS.filter((x) => !x.endsWith('_purchase_order'));
  const [a, b, c] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, others),
    clientWith(ta, [...others, 'view_purchase_order', 'add_purchase_order', 'edit_purchase_order']),
  ]);
  admin = a.api;
  adminToken = a.tokens.accessToken;
  blind = b.api;
  buyer = c.api;
  tables = await businessTables(ta.t.db);
}, 120_000);
afterAll(() => ta.close());

let n = 0;
let keys = 0;
const key = () => ({ 'idempotency-key': `po-${Date.now()}-${++keys}` });

async function product(
  extra: { unit?: string; kind?: string; active?: boolean; cost_price?: string; vat_rate?: string } = {},
) {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `POT-${n}-${Date.now() % 100000}`, name: `Purchase test ${n}`, ...extra })
    .returning(['id', 'sku', 'name'])
    .executeTakeFirstOrThrow();
}
async function warehouse(opts: { active?: boolean; kind?: string } = {}) {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({
      code: `PW${n}`,
      name: `Purchase warehouse ${n}`,
      kind: opts.kind ?? 'OWN',
      active: opts.active ?? true,
      address_line1: `${n} Dock Road`,
      city: 'Leeds',
      postcode: 'LS1 1AA',
    })
    .returning(['id', 'code', 'name'])
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id }).execute();
  return w;
}
async function partner(
  opts: { consignment?: boolean; email?: string | null; terms?: number; active?: boolean; currency?: string } = {},
) {
  n += 1;
  const p = await ta.t.db
    .insertInto('business_partners')
    .values({
      code: `SUP${n}`,
      name: `Supplier ${n} Ltd`,
      default_currency: opts.currency ?? 'GBP',
      payment_terms_days: opts.terms ?? 45,
      is_consignment: opts.consignment ?? false,
      active: opts.active ?? true,
    })
    .returning(['id', 'code', 'name'])
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('business_partner_contacts')
    .values([
      { partner_id: p.id, position: 1, name: 'No Mail', email: null, is_primary: false },
      ...(opts.email === null
        ? []
        : [
            {
              partner_id: p.id,
              position: 2,
              name: 'Pat Buyer',
              email: opts.email ?? `orders${n}@supplier.test`,
              is_primary: false,
            },
          ]),
    ])
    .execute();
  return p;
}

interface Line {
  productId: string;
  quantity: string;
  unitCost: string;
  discountPercent?: string;
  vatCode?: string;
  locationId?: string | null;
}
function draft(over: Record<string, unknown> & { lines: Line[] }) {
  return { type: 'PRIOR_ORDER_PO', ...over };
}
async function create(body: Record<string, unknown>, client = admin) {
  const res = await client.post<PurchaseOrder>('/api/purchase-orders', body, key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
async function snapshot() {
  return businessChecksum(ta.t.db, tables);
}
async function logs(number: string) {
  return ta.t.db
    .selectFrom('system_logs')
    .select(['action', 'before', 'after'])
    .where('entity', '=', 'purchase_order')
    .where('entity_id', '=', number)
    .orderBy('id')
    .execute();
}

describe('drafts', () => {
  it('computes net and VAT per line (half up, after discount) and the totals per rate on the server', async () => {
    const [s, w, a, b, c, d] = [
      await partner(),
      await warehouse(),
      await product(),
      await product(),
      await product(),
      await product(),
    ];
    const order = await create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        lines: [
          // 3 × 0.335 = 1.005 → 1.01 (half up, not banker's); VAT 20 % of 1.01 = 0.202 → 0.20
          { productId: a.id, quantity: '3', unitCost: '0.335', vatCode: 'STANDARD' },
          // 7 × 1.25 × 0.875 = 7.65625 → 7.66; VAT 5 % = 0.383 → 0.38
          { productId: b.id, quantity: '7', unitCost: '1.25', discountPercent: '12.5', vatCode: 'REDUCED' },
          // 1 × 0.125 = 0.125 → 0.13 ; VAT 20 % = 0.026 → 0.03
          { productId: c.id, quantity: '1', unitCost: '0.125', vatCode: 'STANDARD' },
          { productId: d.id, quantity: '2', unitCost: '10.005', vatCode: 'EXEMPT' },
        ],
        // Totals sent by a client are not read.
        netTotal: '999',
      }),
    );
    expect(order.status).toBe('DRAFT');
    expect(order.number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect(order.lines.map((l) => [l.netAmount, l.vatRate, l.vatAmount, l.grossAmount])).toEqual([
      ['1.01', '20', '0.20', '1.21'],
      ['7.66', '5', '0.38', '8.04'],
      ['0.13', '20', '0.03', '0.16'],
      ['20.01', '0', '0.00', '20.01'],
    ]);
    // VAT per rate is the sum of the lines' rounded VAT (0.20 + 0.03), not the VAT of the summed net (1.14 × 20 % = 0.23).
    expect(order.vatPerRate).toEqual([
      { vatCode: 'STANDARD', vatRate: '20', net: '1.14', vat: '0.23' },
      { vatCode: 'REDUCED', vatRate: '5', net: '7.66', vat: '0.38' },
      { vatCode: 'EXEMPT', vatRate: '0', net: '20.01', vat: '0.00' },
    ]);
    expect([order.netTotal, order.vatTotal, order.grossTotal]).toEqual(['28.81', '0.61', '29.42']);
    expect(order.paymentTermsDays).toBe(45);
    expect(order.currency).toBe('GBP');
    expect(order.exchangeRate).toBe('1');
    const stored = await ta.t.db
      .selectFrom('purchase_orders')
      .select(['net_total', 'vat_total', 'gross_total'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ net_total: '28.81', vat_total: '0.61', gross_total: '29.42' });
    const log = await logs(order.number);
    expect(log.map((r) => r.action)).toEqual(['create']);
  });

  it('takes the day’s rate of a foreign currency, keeps a typed one, and refuses a currency without a rate', async () => {
    const [s, w, p] = [await partner({ currency: 'EUR' }), await warehouse(), await product()];
    await ta.t.db
      .insertInto('exchange_rates')
      .values([
        { currency: 'EUR', effective_date: '2026-01-01', rate: '0.85' },
        { currency: 'EUR', effective_date: '2026-03-01', rate: '0.8675' },
      ])
      .execute();
    const lines = [{ productId: p.id, quantity: '1', unitCost: '10' }];
    const dayRate = await create(
      draft({ supplierId: s.id, warehouseId: w.id, currency: 'EUR', orderDate: '2026-02-15', lines }),
    );
    expect(dayRate.exchangeRate).toBe('0.85');
    const later = await create(
      draft({ supplierId: s.id, warehouseId: w.id, currency: 'EUR', orderDate: '2026-03-02', lines }),
    );
    expect(later.exchangeRate).toBe('0.8675');
    const typed = await create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        currency: 'EUR',
        exchangeRate: '0.9',
        orderDate: '2026-03-02',
        lines,
      }),
    );
    expect(typed.exchangeRate).toBe('0.9');

    const before = await snapshot();
    const none = await admin.post<ErrorBody>(
      '/api/purchase-orders',
      draft({ supplierId: s.id, warehouseId: w.id, currency: 'USD', orderDate: '2026-02-15', lines }),
      key(),
    );
    expect([none.status, none.body.code]).toEqual([422, 'NO_EXCHANGE_RATE']);
    expect(none.body.message).toContain('USD');
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('applies the type rules: Send Inventory has no supplier and a destination; Consignment needs a consignment partner', async () => {
    const [s, consignor, w, fba, p] = [
      await partner(),
      await partner({ consignment: true }),
      await warehouse(),
      await warehouse({ kind: 'AMAZON_FBA' }),
      await product(),
    ];
    const lines = [{ productId: p.id, quantity: '4', unitCost: '2' }];
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'PRIOR_ORDER_PO', warehouseId: w.id }, 'PURCHASE_ORDER_SUPPLIER_REQUIRED'],
      [
        { type: 'SEND_INVENTORY', supplierId: s.id, warehouseId: w.id, destinationWarehouseId: fba.id },
        'PURCHASE_ORDER_SUPPLIER_NOT_ALLOWED',
      ],
      [{ type: 'SEND_INVENTORY', warehouseId: w.id }, 'PURCHASE_ORDER_DESTINATION_REQUIRED'],
      [{ type: 'SEND_INVENTORY', warehouseId: w.id, destinationWarehouseId: w.id }, 'PURCHASE_ORDER_SAME_WAREHOUSE'],
      [
        { type: 'PRIOR_ORDER_PO', supplierId: s.id, warehouseId: w.id, destinationWarehouseId: fba.id },
        'PURCHASE_ORDER_DESTINATION_NOT_ALLOWED',
      ],
      [{ type: 'CONSIGNMENT_PO', supplierId: s.id, warehouseId: w.id }, 'PURCHASE_ORDER_SUPPLIER_NOT_CONSIGNMENT'],
    ];
    for (const [body, code] of cases) {
      const res = await admin.post<ErrorBody>('/api/purchase-orders', { ...body, lines }, key());
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([422, code]);
      expect(res.body.message.length).toBeGreaterThan(10);
    }
    const refused = await admin.post<ErrorBody>(
      '/api/purchase-orders',
      { type: 'CONSIGNMENT_PO', supplierId: s.id, warehouseId: w.id, lines },
      key(),
    );
    expect(refused.body.message).toContain('not a consignment partner');
    expect(changedTables(before, await snapshot())).toEqual([]);

    const consignment = await create({ type: 'CONSIGNMENT_PO', supplierId: consignor.id, warehouseId: w.id, lines });
    expect(consignment.type).toBe('CONSIGNMENT_PO');
    const sending = await create({
      type: 'SEND_INVENTORY',
      warehouseId: w.id,
      destinationWarehouseId: fba.id,
      shipmentReference: 'FBA15ABC',
      lines,
    });
    expect([sending.supplier, sending.destinationWarehouse?.id, sending.shipmentReference]).toEqual([
      null,
      fba.id,
      'FBA15ABC',
    ]);
    expect(sending.paymentTermsDays).toBe(30);
  });

  it('refuses bad lines and references with the line named, writing nothing', async () => {
    const [s, w, other, p, bundle, service, inactive, whole] = [
      await partner(),
      await warehouse(),
      await warehouse(),
      await product(),
      await product({ kind: 'BUNDLE' }),
      await product({ kind: 'SERVICE' }),
      await product({ active: false }),
      await product({ unit: 'Unit' }),
    ];
    const foreignBin = await ta.t.db
      .insertInto('warehouse_locations')
      .values({ warehouse_id: other.id, code: 'X-1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inactivePartner = await partner({ active: false });
    const closedWarehouse = await warehouse({ active: false });
    const base = { supplierId: s.id, warehouseId: w.id };
    const ok = { productId: p.id, quantity: '1', unitCost: '1' };
    const before = await snapshot();
    const cases: [Record<string, unknown>, number, string, number | undefined][] = [
      [
        { ...base, lines: [ok, { productId: bundle.id, quantity: '1', unitCost: '1' }] },
        422,
        'PURCHASE_ORDER_PRODUCT_NOT_STOCKED',
        1,
      ],
      [
        { ...base, lines: [{ productId: service.id, quantity: '1', unitCost: '1' }] },
        422,
        'PURCHASE_ORDER_PRODUCT_NOT_STOCKED',
        0,
      ],
      [{ ...base, lines: [{ productId: inactive.id, quantity: '1', unitCost: '1' }] }, 422, 'PRODUCT_INACTIVE', 0],
      [
        { ...base, lines: [{ productId: whole.id, quantity: '1.5', unitCost: '1' }] },
        422,
        'PURCHASE_ORDER_QUANTITY_NOT_WHOLE',
        0,
      ],
      [{ ...base, lines: [{ ...ok, locationId: foreignBin.id }] }, 422, 'PURCHASE_ORDER_LOCATION_UNKNOWN', 0],
      [
        { ...base, lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: '1', unitCost: '1' }] },
        422,
        'PURCHASE_ORDER_PRODUCT_UNKNOWN',
        0,
      ],
      [
        { supplierId: inactivePartner.id, warehouseId: w.id, lines: [ok] },
        422,
        'PURCHASE_ORDER_SUPPLIER_UNKNOWN',
        undefined,
      ],
      [{ supplierId: s.id, warehouseId: closedWarehouse.id, lines: [ok] }, 422, 'WAREHOUSE_INACTIVE', undefined],
      [
        { ...base, costCenterId: '00000000-0000-4000-8000-000000000000', lines: [ok] },
        422,
        'PURCHASE_ORDER_COST_CENTER_UNKNOWN',
        undefined,
      ],
      // The contract's checks: a product twice, a negative cost, a discount above 100 %, no lines.
      [{ ...base, lines: [ok, ok] }, 400, 'VALIDATION_FAILED', undefined],
      [{ ...base, lines: [{ ...ok, unitCost: '-1' }] }, 400, 'VALIDATION_FAILED', undefined],
      [{ ...base, lines: [{ ...ok, discountPercent: '100.5' }] }, 400, 'VALIDATION_FAILED', undefined],
      [{ ...base, lines: [] }, 400, 'VALIDATION_FAILED', undefined],
      [{ ...base, lines: [{ ...ok, vatCode: 'HALF' }] }, 400, 'VALIDATION_FAILED', undefined],
    ];
    for (const [body, status, code, line] of cases) {
      const res = await admin.post<ErrorBody & { details?: { line?: number } }>(
        '/api/purchase-orders',
        draft(body as { lines: Line[] }),
        key(),
      );
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      if (line !== undefined) expect(res.body.details?.line).toBe(line);
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('creates once per Idempotency-Key: a retry answers the same order and takes no second number', async () => {
    const [s, w, p] = [await partner(), await warehouse(), await product()];
    const body = draft({
      supplierId: s.id,
      warehouseId: w.id,
      lines: [{ productId: p.id, quantity: '2', unitCost: '3' }],
    });
    const headers = key();
    const first = await admin.post<PurchaseOrder>('/api/purchase-orders', body, headers);
    const again = await admin.post<PurchaseOrder>('/api/purchase-orders', body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const count = await ta.t.db
      .selectFrom('purchase_orders')
      .select(sql<string>`count(*)`.as('n'))
      .where('supplier_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe('1');
  });

  it('edits a draft (lines replaced, totals recomputed, type kept), and only a draft', async () => {
    const [s, w, a, b] = [await partner(), await warehouse(), await product(), await product()];
    const order = await create(
      draft({ supplierId: s.id, warehouseId: w.id, lines: [{ productId: a.id, quantity: '1', unitCost: '5' }] }),
    );
    const edited = await buyer.put<PurchaseOrder>(`/api/purchase-orders/${order.id}`, {
      ...draft({
        supplierId: s.id,
        warehouseId: w.id,
        expectedDate: '2027-01-10',
        orderDate: '2027-01-01',
        supplierReference: 'SO-991',
        paymentTermsDays: 14,
        lines: [
          { productId: b.id, quantity: '10', unitCost: '2.5', vatCode: 'ZERO' },
          { productId: a.id, quantity: '2', unitCost: '5' },
        ],
      }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.lines.map((l) => [l.lineNo, l.product.id, l.netAmount])).toEqual([
      [1, b.id, '25.00'],
      [2, a.id, '10.00'],
    ]);
    expect([edited.body.netTotal, edited.body.vatTotal, edited.body.grossTotal]).toEqual(['35.00', '2.00', '37.00']);
    expect([edited.body.supplierReference, edited.body.paymentTermsDays, edited.body.expectedDate]).toEqual([
      'SO-991',
      14,
      '2027-01-10',
    ]);
    const typeChange = await admin.put<ErrorBody>(`/api/purchase-orders/${order.id}`, {
      ...draft({ supplierId: s.id, warehouseId: w.id, lines: [{ productId: a.id, quantity: '1', unitCost: '5' }] }),
      type: 'INVOICE_ORDER_PO',
    });
    expect([typeChange.status, typeChange.body.code]).toEqual([422, 'PURCHASE_ORDER_TYPE_FIXED']);
    const log = await logs(order.number);
    expect(log.map((r) => r.action)).toEqual(['create', 'update']);

    await admin.post(`/api/purchase-orders/${order.id}/approve`);
    const late = await admin.put<Conflict>(`/api/purchase-orders/${order.id}`, {
      ...draft({ supplierId: s.id, warehouseId: w.id, lines: [{ productId: a.id, quantity: '1', unitCost: '5' }] }),
    });
    expect([late.status, late.body.code, late.body.details.status]).toEqual([
      409,
      'PURCHASE_ORDER_STATUS_CONFLICT',
      'APPROVED',
    ]);
  });
});

describe('steps', () => {
  async function fresh() {
    const [s, w, a, b] = [await partner(), await warehouse(), await product(), await product()];
    return create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        lines: [
          { productId: a.id, quantity: '10', unitCost: '2' },
          { productId: b.id, quantity: '4', unitCost: '3' },
        ],
      }),
    );
  }

  it('approves a draft once; a second approval is a 409 naming the status and the steps left, changing nothing', async () => {
    const order = await fresh();
    const approved = await admin.post<PurchaseOrder>(`/api/purchase-orders/${order.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('APPROVED');
    expect(approved.body.approvedBy?.username).toBeTruthy();
    const before = await snapshot();
    const again = await admin.post<Conflict>(`/api/purchase-orders/${order.id}/approve`);
    expect([again.status, again.body.code]).toEqual([409, 'PURCHASE_ORDER_STATUS_CONFLICT']);
    expect(again.body.details).toEqual({
      document: 'purchase_order',
      number: order.number,
      status: 'APPROVED',
      action: 'approve',
      allowedActions: ['send', 'dispatch', 'receive', 'close', 'cancel'],
    });
    expect(again.body.message).toBe(
      `Purchase order ${order.number} is approved: it cannot be approved again. From here it can be sent to the supplier, dispatched, received, closed or cancelled.`,
    );
    expect(changedTables(before, await snapshot())).toEqual([]);
    const events = await ta.t.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('key', '=', `purchase_order:${order.id}`)
      .execute();
    expect(events.map((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload))).toEqual([
      {
        document: 'purchase_order',
        id: order.id,
        number: order.number,
        from: 'DRAFT',
        to: 'APPROVED',
        action: 'approve',
      },
    ]);
  });

  it('cancels with a reason only, before any receipt', async () => {
    const order = await fresh();
    const before = await snapshot();
    const noReason = await admin.post<ErrorBody>(`/api/purchase-orders/${order.id}/cancel`, { reason: '  ' });
    expect([noReason.status, noReason.body.code]).toEqual([422, 'PURCHASE_ORDER_REASON_REQUIRED']);
    expect(changedTables(before, await snapshot())).toEqual([]);
    await admin.post(`/api/purchase-orders/${order.id}/approve`);
    const canceled = await admin.post<PurchaseOrder>(`/api/purchase-orders/${order.id}/cancel`, {
      reason: 'Supplier out of stock',
    });
    expect([canceled.status, canceled.body.status, canceled.body.cancelReason], JSON.stringify(canceled.body)).toEqual([
      200,
      'CANCELED',
      'Supplier out of stock',
    ]);
    const log = await logs(order.number);
    expect(log.map((r) => r.action)).toEqual(['create', 'approve', 'cancel']);
    expect(log[2]?.after).toMatchObject({ status: 'CANCELED', reason: 'Supplier out of stock' });

    // A partly received order is not cancelled: it is closed.
    const part = await fresh();
    await admin.post(`/api/purchase-orders/${part.id}/approve`);
    await sql`UPDATE purchase_order_lines SET received_quantity = 4 WHERE order_id = ${part.id} AND line_no = 1`.execute(
      ta.t.db,
    );
    await sql`UPDATE purchase_orders SET status = 'PARTIALLY_RECEIVED' WHERE id = ${part.id}`.execute(ta.t.db);
    const refused = await admin.post<Conflict>(`/api/purchase-orders/${part.id}/cancel`, { reason: 'late' });
    expect([refused.status, refused.body.details.status, refused.body.details.allowedActions]).toEqual([
      409,
      'PARTIALLY_RECEIVED',
      ['send', 'receive', 'close'],
    ]);
  });

  it('closes a partly received order: what is still to come is cancelled, what arrived stays', async () => {
    const order = await fresh();
    const draftClose = await admin.post<Conflict>(`/api/purchase-orders/${order.id}/close`, {});
    expect([draftClose.status, draftClose.body.details.status]).toEqual([409, 'DRAFT']);
    await admin.post(`/api/purchase-orders/${order.id}/approve`);
    await sql`UPDATE purchase_order_lines SET received_quantity = 4 WHERE order_id = ${order.id} AND line_no = 1`.execute(
      ta.t.db,
    );
    await sql`UPDATE purchase_orders SET status = 'PARTIALLY_RECEIVED' WHERE id = ${order.id}`.execute(ta.t.db);
    const closed = await admin.post<PurchaseOrder>(`/api/purchase-orders/${order.id}/close`, {
      reason: 'Rest discontinued',
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.status).toBe('CLOSED');
    expect(closed.body.lines.map((l) => [l.receivedQuantity, l.canceledQuantity, l.openQuantity])).toEqual([
      ['4', '6', '0'],
      ['0', '4', '0'],
    ]);
    const log = await logs(order.number);
    expect(log.at(-1)?.after).toMatchObject({
      status: 'CLOSED',
      canceledLines: [
        { lineNo: 1, canceled: '6' },
        { lineNo: 2, canceled: '4' },
      ],
    });
    const again = await admin.post<Conflict>(`/api/purchase-orders/${order.id}/close`, {});
    expect([again.status, again.body.details.allowedActions]).toEqual([409, []]);
  });

  it('holds each step to its permission (403), changing nothing', async () => {
    const order = await fresh();
    const before = await snapshot();
    expect((await blind.get(`/api/purchase-orders?type=PRIOR_ORDER_PO`)).status).toBe(403);
    expect((await blind.get(`/api/purchase-orders/${order.id}`)).status).toBe(403);
    expect((await blind.get(`/api/purchase-orders/${order.id}/pdf`)).status).toBe(403);
    expect(
      (await blind.post('/api/purchase-orders', draft({ warehouseId: order.warehouse.id, lines: [] }), key())).status,
    ).toBe(403);
    expect((await buyer.post(`/api/purchase-orders/${order.id}/approve`)).status).toBe(403);
    expect((await buyer.post(`/api/purchase-orders/${order.id}/cancel`, { reason: 'x' })).status).toBe(403);
    expect((await buyer.post(`/api/purchase-orders/${order.id}/close`, {})).status).toBe(403);
    expect((await buyer.post(`/api/purchase-orders/${order.id}/send`, {})).status).toBe(403);
    expect((await blind.post('/api/purchase-orders/from-replenishment', { lines: [] }, key())).status).toBe(403);
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect((await buyer.get(`/api/purchase-orders/${order.id}`)).status).toBe(200);
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await admin.post<ErrorBody>('/api/purchase-orders/00000000-0000-4000-8000-000000000000/approve');
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('Send Inventory', () => {
  function receive(productId: string, warehouseId: string, quantity: string, unitCost: string, postedOn: string) {
    return ta.t.db.transaction().execute((tx) =>
      post(
        { db: tx, user: null },
        {
          sourceType: 'test',
          sourceId: null,
          postedOn,
          lines: [
            {
              productId,
              warehouseId,
              kind: 'RECEIPT',
              quantity: new Decimal(quantity),
              unitCost: new Decimal(unitCost),
            },
          ],
        },
      ),
    );
  }
  async function level(productId: string, warehouseId: string) {
    const l = await ta.t.db
      .selectFrom('stock_levels')
      .selectAll()
      .where('product_id', '=', productId)
      .where('warehouse_id', '=', warehouseId)
      .executeTakeFirst();
    return [
      new Decimal(l?.on_hand ?? 0).toFixed(),
      new Decimal(l?.in_transit ?? 0).toFixed(),
      new Decimal(l?.value ?? 0).toFixed(2),
    ];
  }

  it('dispatches once: the stock leaves at FIFO cost into the destination’s transit, with the shipment reference', async () => {
    const [own, fba, a, b] = [
      await warehouse(),
      await warehouse({ kind: 'AMAZON_FBA' }),
      await product(),
      await product(),
    ];
    await receive(a.id, own.id, '5', '2', '2026-01-02');
    await receive(a.id, own.id, '5', '3', '2026-01-03');
    await receive(b.id, own.id, '4', '10', '2026-01-02');
    const order = await create({
      type: 'SEND_INVENTORY',
      warehouseId: own.id,
      destinationWarehouseId: fba.id,
      shipmentReference: 'FBA15XYZ',
      lines: [
        { productId: a.id, quantity: '7', unitCost: '0' },
        { productId: b.id, quantity: '4', unitCost: '0' },
      ],
    });
    const early = await admin.post<Conflict>(`/api/purchase-orders/${order.id}/dispatch`);
    expect([early.status, early.body.details.status]).toEqual([409, 'DRAFT']);
    await admin.post(`/api/purchase-orders/${order.id}/approve`);
    const sent = await admin.post<PurchaseOrder>(`/api/purchase-orders/${order.id}/dispatch`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect([sent.body.status, !!sent.body.dispatchedAt]).toEqual(['APPROVED', true]);
    // 5 at 2.00 and 2 at 3.00 = 16.00 leave; 3 at 3.00 stay.
    expect(await level(a.id, own.id)).toEqual(['3', '0', '9.00']);
    expect(await level(a.id, fba.id)).toEqual(['0', '7', '16.00']);
    expect(await level(b.id, fba.id)).toEqual(['0', '4', '40.00']);
    const rows = await ta.t.db
      .selectFrom('stock_movements')
      .select(['kind', 'reason', 'source_line'])
      .where('source_type', '=', 'purchase_order')
      .where('source_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.source_line])).toEqual([
      ['TRANSFER_OUT', '1'],
      ['TRANSFER_IN', '1'],
      ['TRANSFER_OUT', '2'],
      ['TRANSFER_IN', '2'],
    ]);
    expect(rows.every((r) => r.reason === `${order.number} FBA15XYZ`)).toBe(true);
    expect((await checkStock(ta.t.db)).ok).toBe(true);
    // Its note: what is sent where, with the shipment reference, and no prices.
    const pdf = await fetch(`${ta.baseUrl}/api/purchase-orders/${order.id}/pdf?lang=en`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Stock shipment', order.number, 'FBA15XYZ', own.code, fba.code, a.sku, b.sku, '11'])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('£');

    const before = await snapshot();
    const again = await admin.post<ErrorBody>(`/api/purchase-orders/${order.id}/dispatch`);
    expect([again.status, again.body.code]).toEqual([409, 'PURCHASE_ORDER_ALREADY_DISPATCHED']);
    const cancel = await admin.post<ErrorBody>(`/api/purchase-orders/${order.id}/cancel`, { reason: 'changed mind' });
    expect([cancel.status, cancel.body.code]).toEqual([409, 'PURCHASE_ORDER_ALREADY_DISPATCHED']);
    const close = await admin.post<ErrorBody>(`/api/purchase-orders/${order.id}/close`, {});
    expect([close.status, close.body.code]).toEqual([409, 'PURCHASE_ORDER_IN_TRANSIT']);
    expect(changedTables(before, await snapshot())).toEqual([]);
    const log = await logs(order.number);
    expect(log.map((r) => r.action)).toEqual(['create', 'approve', 'dispatch']);
  });

  it('refuses a shortage naming the line, and a purchase, writing nothing', async () => {
    const [own, fba, a, s] = [await warehouse(), await warehouse(), await product(), await partner()];
    await receive(a.id, own.id, '2', '1', '2026-01-02');
    const order = await create({
      type: 'SEND_INVENTORY',
      warehouseId: own.id,
      destinationWarehouseId: fba.id,
      lines: [{ productId: a.id, quantity: '3', unitCost: '0' }],
    });
    await admin.post(`/api/purchase-orders/${order.id}/approve`);
    const bought = await create(
      draft({ supplierId: s.id, warehouseId: own.id, lines: [{ productId: a.id, quantity: '1', unitCost: '1' }] }),
    );
    await admin.post(`/api/purchase-orders/${bought.id}/approve`);
    const before = await snapshot();
    const short = await admin.post<ErrorBody & { details: { sku?: string; lineNo?: number } }>(
      `/api/purchase-orders/${order.id}/dispatch`,
    );
    expect([short.status, short.body.code, short.body.details.sku, short.body.details.lineNo]).toEqual([
      409,
      'INSUFFICIENT_STOCK',
      a.sku,
      1,
    ]);
    const purchase = await admin.post<ErrorBody>(`/api/purchase-orders/${bought.id}/dispatch`);
    expect([purchase.status, purchase.body.code]).toEqual([422, 'PURCHASE_ORDER_NOT_SEND_INVENTORY']);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

describe('the list per type', () => {
  it('pages, searches by number, supplier name, supplier reference and SKU, filters and sorts, with progress', async () => {
    const [s1, s2, w1, w2, a, b] = [
      await partner(),
      await partner(),
      await warehouse(),
      await warehouse(),
      await product(),
      await product(),
    ];
    const o1 = await create(
      draft({
        supplierId: s1.id,
        warehouseId: w1.id,
        orderDate: '2026-05-01',
        supplierReference: 'CONF-7781',
        lines: [
          { productId: a.id, quantity: '10', unitCost: '1' },
          { productId: b.id, quantity: '5', unitCost: '1' },
        ],
      }),
    );
    const o2 = await create(
      draft({
        supplierId: s2.id,
        warehouseId: w2.id,
        orderDate: '2026-06-01',
        lines: [{ productId: b.id, quantity: '3', unitCost: '9' }],
      }),
    );
    const other = await create({
      ...draft({ supplierId: s1.id, warehouseId: w1.id, lines: [{ productId: a.id, quantity: '1', unitCost: '1' }] }),
      type: 'INVOICE_ORDER_PO',
    });
    await admin.post(`/api/purchase-orders/${o1.id}/approve`);
    await sql`UPDATE purchase_order_lines SET received_quantity = 6, invoiced_quantity = 2 WHERE order_id = ${o1.id} AND line_no = 1`.execute(
      ta.t.db,
    );

    const list = async (q: string) => {
      const res = await admin.get<Page<PurchaseOrderSummary>>(`/api/purchase-orders?type=PRIOR_ORDER_PO&${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const numbers = (p: Page<PurchaseOrderSummary>) => p.items.map((i) => i.number);
    expect(numbers(await list(`q=${o1.number}`))).toEqual([o1.number]);
    expect(numbers(await list(`q=${encodeURIComponent(s2.name)}`))).toEqual([o2.number]);
    expect(numbers(await list('q=conf-778'))).toEqual([o1.number]);
    expect(numbers(await list(`q=${b.sku}&sort=orderDate`))).toEqual([o1.number, o2.number]);
    expect(numbers(await list(`q=${a.sku}`))).toEqual([o1.number]);
    expect(numbers(await list(`supplierId=${s1.id}`))).toEqual([o1.number]);
    expect(numbers(await list(`warehouseId=${w2.id}`))).toEqual([o2.number]);
    expect(numbers(await list(`status=APPROVED&supplierId=${s1.id}`))).toEqual([o1.number]);
    expect(numbers(await list(`from=2026-05-15&to=2026-06-30&q=${b.sku}`))).toEqual([o2.number]);
    const invoiceList = await admin.get<Page<PurchaseOrderSummary>>(
      `/api/purchase-orders?type=INVOICE_ORDER_PO&q=${a.sku}`,
    );
    expect(invoiceList.body.items.map((i) => i.number)).toEqual([other.number]);

    const row = (await list(`q=${o1.number}`)).items[0];
    expect(row).toMatchObject({
      supplier: { id: s1.id, name: s1.name },
      warehouse: { id: w1.id, code: w1.code },
      status: 'APPROVED',
      lineCount: 2,
      orderedQuantity: '15',
      receivedQuantity: '6',
      invoicedQuantity: '2',
      grossTotal: '18.00',
    });
    const paged = await list(`supplierId=${s1.id}&pageSize=1&page=1`);
    expect([paged.total, paged.items.length]).toEqual([1, 1]);
    const badSort = await admin.get<ErrorBody>('/api/purchase-orders?type=PRIOR_ORDER_PO&sort=constructor');
    expect(badSort.status).toBe(400);
    const noType = await admin.get<ErrorBody>('/api/purchase-orders');
    expect(noType.status).toBe(400);
  });

  it('filters by expected date and by waiting for goods (the dashboard’s due and overdue), refusing bad values', async () => {
    const [s, w] = [await partner(), await warehouse()];
    const order = async (status: string, expected: string | null) => {
      n += 1;
      const number = `PO-EXP-${n}-${Date.now() % 100000}`;
      await sql`INSERT INTO purchase_orders (number, type, status, supplier_id, warehouse_id, expected_date, approved_at,
          canceled_at)
        VALUES (${number}, 'PRIOR_ORDER_PO', ${status}, ${s.id}, ${w.id}, ${expected}::date,
          ${status === 'DRAFT' || status === 'CANCELED' ? null : new Date()},
          ${status === 'CANCELED' ? new Date() : null})`.execute(ta.t.db);
      return number;
    };
    const approved = await order('APPROVED', '2026-03-01');
    const partly = await order('PARTIALLY_RECEIVED', '2026-03-02');
    const draftOne = await order('DRAFT', '2026-03-02');
    const received = await order('RECEIVED', '2026-03-02');
    const undated = await order('APPROVED', null);
    const canceled = await order('CANCELED', '2026-03-03');
    const list = async (q: string) => {
      const res = await admin.get<Page<PurchaseOrderSummary>>(
        `/api/purchase-orders?type=PRIOR_ORDER_PO&supplierId=${s.id}&${q}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body.items.map((i) => i.number).sort();
    };
    const sorted = (...numbers: string[]) => [...numbers].sort();
    expect(await list('awaitingReceipt=true')).toEqual(sorted(approved, partly, undated));
    expect(await list('awaitingReceipt=false')).toEqual(sorted(draftOne, received, canceled));
    expect(await list('expectedFrom=2026-03-02&expectedTo=2026-03-02')).toEqual(sorted(partly, draftOne, received));
    expect(await list('expectedFrom=2026-03-02')).toEqual(sorted(partly, draftOne, received, canceled));
    expect(await list('expectedTo=2026-03-01')).toEqual([approved]);
    expect(await list('awaitingReceipt=true&expectedFrom=2026-03-02&expectedTo=2026-03-02')).toEqual([partly]);
    expect(await list('awaitingReceipt=true&expectedTo=2026-03-01')).toEqual([approved]);
    expect(await list('awaitingReceipt=true&expectedFrom=2026-03-04')).toEqual([]);
    // Sorted by expected date, oldest first, as the dashboard's links open the list.
    const byExpected = await admin.get<Page<PurchaseOrderSummary>>(
      `/api/purchase-orders?type=PRIOR_ORDER_PO&supplierId=${s.id}&awaitingReceipt=true&expectedTo=2026-03-02&sort=expectedDate`,
    );
    expect(byExpected.body.items.map((i) => i.number)).toEqual([approved, partly]);

    type Refusal = ErrorBody & { details: { issues: { path: string; message: string }[] } };
    for (const [q, path] of [
      ['expectedFrom=2026-02-30', 'querystring.expectedFrom'],
      ['expectedTo=2026-3-1', 'querystring.expectedTo'],
      ['expectedFrom=2026-03-02&expectedTo=2026-03-01', 'querystring.expectedTo'],
      ['awaitingReceipt=yes', 'querystring.awaitingReceipt'],
    ] as const) {
      for (const route of ['/api/purchase-orders', '/api/purchase-orders/export']) {
        const bad = await admin.get<Refusal>(`${route}?type=PRIOR_ORDER_PO&${q}`);
        expect([bad.status, bad.body.code], `${route} ${q}`).toEqual([400, 'VALIDATION_FAILED']);
        expect(bad.body.details.issues.map((i) => i.path)).toEqual([path]);
      }
    }
    const refusal = await admin.get<Refusal>(
      '/api/purchase-orders?type=PRIOR_ORDER_PO&expectedFrom=2026-03-02&expectedTo=2026-03-01',
    );
    expect(refusal.body.message).toContain('expectedTo (2026-03-01) is before expectedFrom (2026-03-02)');
    const exported = await fetch(
      `${ta.baseUrl}/api/purchase-orders/export?type=PRIOR_ORDER_PO&supplierId=${s.id}&awaitingReceipt=true&expectedTo=2026-03-01`,
      { headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'en' } },
    );
    expect(exported.status).toBe(200);
  });

  it('exports the filter as .xlsx, one row per line', async () => {
    const [s, w, a, b] = [await partner(), await warehouse(), await product(), await product()];
    const o = await create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        lines: [
          { productId: a.id, quantity: '2', unitCost: '1.234567' },
          { productId: b.id, quantity: '1', unitCost: '4' },
        ],
      }),
    );
    const res = await fetch(`${ta.baseUrl}/api/purchase-orders/export?type=PRIOR_ORDER_PO&supplierId=${s.id}`, {
      headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('purchase-orders-prior-order-po');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows.length).toBe(3);
    expect(rows.slice(1).map((r) => r[0])).toEqual([o.number, o.number]);
    expect(rows.slice(1).map((r) => r.includes(a.sku) || r.includes(b.sku))).toEqual([true, true]);
  });
});

describe('the last price offered', () => {
  it('is this supplier’s unit cost on its latest order that is not cancelled, else the product’s cost price', async () => {
    const [s, other, w, p] = [
      await partner(),
      await partner(),
      await warehouse(),
      await product({ cost_price: '3.5', vat_rate: '5' }),
    ];
    const cost = async (supplierId: string) =>
      (
        await admin.get<PurchaseProductCost>(
          `/api/purchase-orders/product-cost?productId=${p.id}&supplierId=${supplierId}`,
        )
      ).body;
    expect(await cost(s.id)).toMatchObject({
      unitCost: '3.50',
      source: 'COST_PRICE',
      vatCode: 'REDUCED',
      orderNumber: null,
    });
    await create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        orderDate: '2026-01-05',
        lines: [{ productId: p.id, quantity: '1', unitCost: '2.75' }],
      }),
    );
    const newer = await create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        orderDate: '2026-02-05',
        lines: [{ productId: p.id, quantity: '1', unitCost: '2.61' }],
      }),
    );
    const canceled = await create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        orderDate: '2026-03-05',
        lines: [{ productId: p.id, quantity: '1', unitCost: '9' }],
      }),
    );
    await admin.post(`/api/purchase-orders/${canceled.id}/cancel`, { reason: 'typo' });
    expect(await cost(s.id)).toMatchObject({ unitCost: '2.61', source: 'LAST_ORDER', orderNumber: newer.number });
    expect(await cost(other.id)).toMatchObject({ unitCost: '3.50', source: 'COST_PRICE' });
  });
});

describe('the PDF', () => {
  it('shows the supplier, the delivery address, the lines, VAT per rate, the totals and the payment terms', async () => {
    const [s, w, a, b] = [await partner({ terms: 60 }), await warehouse(), await product(), await product()];
    const order = await create(
      draft({
        supplierId: s.id,
        warehouseId: w.id,
        supplierReference: 'REF-55',
        lines: [
          { productId: a.id, quantity: '3', unitCost: '0.335' },
          { productId: b.id, quantity: '2', unitCost: '10', discountPercent: '10', vatCode: 'REDUCED' },
        ],
      }),
    );
    const res = await fetch(`${ta.baseUrl}/api/purchase-orders/${order.id}/pdf?lang=en`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      order.number,
      'Purchase order',
      s.name,
      w.name,
      `${w.code}`,
      'Dock Road',
      a.sku,
      b.sku,
      '£1.01',
      '£18.00',
      'Net at 20% VAT',
      'VAT at 5%',
      '£0.90',
      '60 days net',
      'REF-55',
      '£19.01',
      '£1.10',
      '£20.11',
    ])
      expect(text, expected).toContain(expected);
    const de = await fetch(`${ta.baseUrl}/api/purchase-orders/${order.id}/pdf?lang=de`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(pdfText(Buffer.from(await de.arrayBuffer()))).toContain('Bestellung');
  });
});

describe('replenishment', () => {
  it('turns chosen suggestions into one draft Prior PO per supplier × warehouse, once per key', async () => {
    const [s1, s2, w1, w2, a, b, c] = [
      await partner(),
      await partner(),
      await warehouse(),
      await warehouse(),
      await product({ cost_price: '4' }),
      await product({ cost_price: '6' }),
      await product({ cost_price: '1' }),
    ];
    // c's preferred supplier is its supplier on its latest order.
    await create(
      draft({ supplierId: s2.id, warehouseId: w1.id, lines: [{ productId: c.id, quantity: '1', unitCost: '0.8' }] }),
    );
    const body = {
      lines: [
        { productId: a.id, warehouseId: w1.id, quantity: '10', supplierId: s1.id },
        { productId: b.id, warehouseId: w1.id, quantity: '5', supplierId: s1.id },
        { productId: a.id, warehouseId: w2.id, quantity: '7', supplierId: s1.id },
        { productId: c.id, warehouseId: w1.id, quantity: '20', supplierId: null },
      ],
    };
    const headers = key();
    const res = await admin.post<ReplenishmentOrderResult>('/api/purchase-orders/from-replenishment', body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const groups = res.body.orders.map((o) => [o.supplierId, o.warehouseId, o.lineCount]);
    expect(groups).toEqual([
      [s1.id, w1.id, 2],
      [s1.id, w2.id, 1],
      [s2.id, w1.id, 1],
    ]);
    const first = (await admin.get<PurchaseOrder>(`/api/purchase-orders/${res.body.orders[0]?.id}`)).body;
    expect([first.type, first.status]).toEqual(['PRIOR_ORDER_PO', 'DRAFT']);
    expect(first.lines.map((l) => [l.product.id, l.quantity, l.unitCost])).toEqual([
      [a.id, '10', '4.00'],
      [b.id, '5', '6.00'],
    ]);
    const third = (await admin.get<PurchaseOrder>(`/api/purchase-orders/${res.body.orders[2]?.id}`)).body;
    expect(third.lines.map((l) => [l.product.id, l.quantity, l.unitCost])).toEqual([[c.id, '20', '0.80']]);

    const again = await admin.post<ReplenishmentOrderResult>('/api/purchase-orders/from-replenishment', body, headers);
    expect(again.body.orders.map((o) => o.number)).toEqual(res.body.orders.map((o) => o.number));

    const lonely = await product();
    const before = await snapshot();
    const refused = await admin.post<ErrorBody & { details: { skus: string[] } }>(
      '/api/purchase-orders/from-replenishment',
      {
        lines: [
          { productId: a.id, warehouseId: w1.id, quantity: '1', supplierId: s1.id },
          { productId: lonely.id, warehouseId: w1.id, quantity: '1' },
        ],
      },
      key(),
    );
    expect([refused.status, refused.body.code, refused.body.details.skus]).toEqual([
      422,
      'PURCHASE_ORDER_REPLENISHMENT_SUPPLIER_REQUIRED',
      [lonely.sku],
    ]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

// Sending: without mail set up the step says what to set; with a real SMTP server the supplier gets the PDF.

describe('send to supplier', () => {
  it('without mail set up answers 422 saying what to set, recording nothing', async () => {
    const [s, w, p] = [await partner(), await warehouse(), await product()];
    const order = await create(
      draft({ supplierId: s.id, warehouseId: w.id, lines: [{ productId: p.id, quantity: '1', unitCost: '1' }] }),
    );
    const draftSend = await admin.post<Conflict>(`/api/purchase-orders/${order.id}/send`, {});
    expect([draftSend.status, draftSend.body.details.status]).toEqual([409, 'DRAFT']);
    await admin.post(`/api/purchase-orders/${order.id}/approve`);
    const before = await snapshot();
    const res = await admin.post<ErrorBody>(`/api/purchase-orders/${order.id}/send`, {});
    expect([res.status, res.body.code]).toEqual([422, 'PURCHASE_ORDER_MAIL_NOT_CONFIGURED']);
    expect(res.body.message).toContain('SMTP settings under Configuration');
    expect(res.body.message).toContain('SMTP_URL and MAIL_FROM');
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

interface Received {
  to: string[];
  raw: string;
}

async function startSmtp() {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The base64 body of the MIME part with this file name. */
function attachment(raw: string, filename: string): Buffer {
  const parts = raw.split(/\r?\n--/);
  const part = parts.find((p) => p.includes(`filename=${filename}`) || p.includes(`filename="${filename}"`));
  if (!part) throw new Error(`no attachment ${filename}`);
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
}

describe('send to supplier over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailing: TestApp;
  let api: ApiClient;
  let sender: ApiClient;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailing = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'purchasing@shop.test' });
    api = (await clientWith(mailing, ALL_PERMISSIONS)).api;
    sender = (await clientWith(mailing, ['view_purchase_order', 'approve_purchase_order'])).api;
  }, 120_000);
  afterAll(async () => {
    await mailing?.close();
    await smtp?.close();
  });

  it('e-mails the PDF to the supplier’s first contact with an e-mail, records when and to whom, audited', async () => {
    const db = mailing.t.db;
    const s = await db
      .insertInto('business_partners')
      .values({
        code: 'MAILSUP',
        name: 'Mail Supplier GmbH',
        default_currency: 'GBP',
        payment_terms_days: 30,
        is_consignment: false,
        active: true,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('business_partner_contacts')
      .values([
        { partner_id: s.id, position: 1, name: 'Nobody', email: null, is_primary: false },
        { partner_id: s.id, position: 2, name: 'Greta Einkauf', email: 'greta@supplier.test', is_primary: false },
      ])
      .execute();
    const w = await db
      .insertInto('warehouses')
      .values({ code: 'MW1', name: 'Mail warehouse', kind: 'OWN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p = await db
      .insertInto('products')
      .values({ sku: 'MAIL-SKU-1', name: 'Mailed product' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await api.post<PurchaseOrder>(
      '/api/purchase-orders',
      draft({ supplierId: s.id, warehouseId: w.id, lines: [{ productId: p.id, quantity: '12', unitCost: '2.5' }] }),
      key(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body;
    await api.post(`/api/purchase-orders/${order.id}/approve`);

    const sent = await sender.post<PurchaseOrder>(
      `/api/purchase-orders/${order.id}/send`,
      { message: 'Urgent, please.' },
      { 'accept-language': 'de' },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sentTo).toBe('greta@supplier.test');
    expect(sent.body.sentAt).toBeTruthy();
    expect(sent.body.status).toBe('APPROVED');

    const deadline = Date.now() + 10_000;
    while (!smtp.inbox.length && Date.now() < deadline) await sleep(50);
    const message = smtp.inbox[0];
    expect(message?.to).toEqual(['greta@supplier.test']);
    expect(message?.raw).toContain(`Bestellung ${order.number}`);
    expect(message?.raw).toContain('Urgent, please.');
    const pdf = attachment(message?.raw ?? '', `${order.number}.pdf`);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(order.number);
    expect(text).toContain('MAIL-SKU-1');
    expect(text).toContain('Mail Supplier GmbH');

    // To an address given instead.
    const other = await sender.post<PurchaseOrder>(`/api/purchase-orders/${order.id}/send`, { to: 'sales@other.test' });
    expect(other.body.sentTo).toBe('sales@other.test');
    while (smtp.inbox.length < 2 && Date.now() < deadline) await sleep(50);
    expect(smtp.inbox[1]?.to).toEqual(['sales@other.test']);

    const log = await db
      .selectFrom('system_logs')
      .select(['action', 'after'])
      .where('entity', '=', 'purchase_order')
      .where('entity_id', '=', order.number)
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual(['create', 'approve', 'send', 'send']);
    expect(log[2]?.after).toMatchObject({ status: 'APPROVED', sentTo: 'greta@supplier.test' });
  });

  it('asks for an address when no contact has one', async () => {
    const db = mailing.t.db;
    const s = await db
      .insertInto('business_partners')
      .values({
        code: 'NOMAIL',
        name: 'No Mail Ltd',
        default_currency: 'GBP',
        payment_terms_days: 30,
        is_consignment: false,
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const w = await db
      .insertInto('warehouses')
      .values({ code: 'MW2', name: 'Mail warehouse 2', kind: 'OWN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const p = await db
      .insertInto('products')
      .values({ sku: 'MAIL-SKU-2', name: 'Mailed product 2' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (
      await api.post<PurchaseOrder>(
        '/api/purchase-orders',
        draft({ supplierId: s.id, warehouseId: w.id, lines: [{ productId: p.id, quantity: '1', unitCost: '1' }] }),
        key(),
      )
    ).body;
    await api.post(`/api/purchase-orders/${order.id}/approve`);
    const res = await api.post<ErrorBody>(`/api/purchase-orders/${order.id}/send`, {});
    expect([res.status, res.body.code]).toEqual([422, 'PURCHASE_ORDER_NO_RECIPIENT']);
    const row = await db
      .selectFrom('purchase_orders')
      .select(['sent_at', 'sent_to'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sent_at: null, sent_to: '' });
  });
});
