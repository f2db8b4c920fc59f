import type {
  BundleTask,
  DocumentStatusConflictDetails,
  ErrorBody,
  PurchaseOrder,
  StockCount,
  Transfer,
  TransferStepResult,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * The document kernel as a user meets it: a step the status does not allow answers 409 naming the status and
 * what can be done from it, and changes nothing; a step taken is one system-log row under the document's
 * number and one outbox event; every number comes from the configured format.
 */

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
}, 120_000);
afterAll(() => ta.close());

type Conflict = ErrorBody & { details: DocumentStatusConflictDetails };

let n = 0;
let keys = 0;
const key = () => ({ 'idempotency-key': `doc-${Date.now()}-${++keys}` });

async function product(extra: { kind?: string } = {}) {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `DOC-${n}-${Date.now() % 100000}`, name: `Document test ${n}`, ...extra })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `DW${n}`, name: `Document warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id }).execute();
  return w.id;
}
function receive(productId: string, warehouseId: string, quantity: string) {
  return ta.t.db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test',
        sourceId: null,
        postedOn: null,
        lines: [
          { productId, warehouseId, kind: 'RECEIPT', quantity: new Decimal(quantity), unitCost: new Decimal('2') },
        ],
      },
    ),
  );
}

/** What a refused step must leave as it was. */
async function footprint() {
  const { rows } = await sql<{ movements: string; logs: string; events: string }>`
    SELECT (SELECT count(*) FROM stock_movements) AS movements, (SELECT count(*) FROM system_logs) AS logs,
      (SELECT count(*) FROM outbox_events) AS events`.execute(ta.t.db);
  return rows[0];
}

async function logOf(entity: string, number: string) {
  return ta.t.db
    .selectFrom('system_logs')
    .select(['action', 'entity_id', 'before', 'after'])
    .where('entity', '=', entity)
    .where('entity_id', '=', number)
    .orderBy('id')
    .execute();
}
async function eventsOf(key: string) {
  const rows = await ta.t.db
    .selectFrom('outbox_events')
    .select(['type', 'key', 'payload'])
    .where('type', '=', 'document.status_changed')
    .where('key', '=', key)
    .orderBy('id')
    .execute();
  return rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}

describe('a transfer', () => {
  it('refuses a second dispatch with its status and the steps left, changing nothing', async () => {
    const p = await product();
    const [from, to] = [await warehouse(), await warehouse()];
    await receive(p.id, from, '5');
    const draft = await admin.post<Transfer>('/api/inventory-transfers', {
      fromWarehouseId: from,
      toWarehouseId: to,
      lines: [{ productId: p.id, quantity: '2' }],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const t = draft.body;
    const dispatched = await admin.post<TransferStepResult>(`/api/inventory-transfers/${t.id}/dispatch`);
    expect(dispatched.body.transfer.status).toBe('DISPATCHED');

    const before = await footprint();
    const again = await admin.post<Conflict>(`/api/inventory-transfers/${t.id}/dispatch`);
    expect([again.status, again.body.code]).toEqual([409, 'TRANSFER_STATUS_CONFLICT']);
    expect(again.body.details).toEqual({
      document: 'inventory_transfer',
      number: t.number,
      status: 'DISPATCHED',
      action: 'dispatch',
      allowedActions: ['receive'],
    });
    expect(again.body.message).toBe(
      `Transfer ${t.number} is dispatched: it cannot be dispatched again. From here it can be received.`,
    );
    const cancel = await admin.post<Conflict>(`/api/inventory-transfers/${t.id}/cancel`, { reason: 'late' });
    expect([cancel.status, cancel.body.details.status, cancel.body.details.allowedActions]).toEqual([
      409,
      'DISPATCHED',
      ['receive'],
    ]);
    expect(await footprint()).toEqual(before);
    expect((await admin.get<Transfer>(`/api/inventory-transfers/${t.id}`)).body.status).toBe('DISPATCHED');

    // The steps taken: one log row each under the number, one event per status reached.
    const log = await logOf('inventory_transfer', t.number);
    expect(log.map((r) => r.action)).toEqual(['create', 'dispatch']);
    expect([log[1]?.before, log[1]?.after]).toMatchObject([{ status: 'DRAFT' }, { status: 'DISPATCHED' }]);
    expect(await eventsOf(`inventory_transfer:${t.id}`)).toEqual([
      {
        document: 'inventory_transfer',
        id: t.id,
        number: t.number,
        from: 'DRAFT',
        to: 'DISPATCHED',
        action: 'dispatch',
      },
    ]);
  });
});

describe('a stock count', () => {
  it('takes its number from the configured format, and refuses counting once submitted, changing nothing', async () => {
    const changed = await admin.call('PATCH', '/api/system-configuration/document-numbers', {
      stockCount: 'STK/{YY}/{SEQ:4}',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const p = await product();
    const w = await warehouse();
    await receive(p.id, w, '3');
    const started = await admin.post<StockCount>('/api/stock-counts', { warehouseId: w }, key());
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const count = started.body;
    expect(count.number).toMatch(/^STK\/\d{2}\/\d{4}$/);
    const scanned = await admin.post(`/api/stock-counts/${count.id}/scans`, { code: p.sku, quantity: '3' }, key());
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(201);
    expect((await admin.post<StockCount>(`/api/stock-counts/${count.id}/submit`)).body.status).toBe('SUBMITTED');

    const before = await footprint();
    const late = await admin.post<Conflict>(`/api/stock-counts/${count.id}/scans`, { code: p.sku }, key());
    expect([late.status, late.body.code]).toEqual([409, 'STOCK_COUNT_STATUS_CONFLICT']);
    expect(late.body.details).toEqual({
      document: 'stock_count',
      number: count.number,
      status: 'SUBMITTED',
      action: 'count',
      allowedActions: ['reopen', 'post', 'cancel'],
    });
    const twice = await admin.post<Conflict>(`/api/stock-counts/${count.id}/submit`);
    expect([twice.status, twice.body.details.status, twice.body.details.action]).toEqual([409, 'SUBMITTED', 'submit']);
    expect(await footprint()).toEqual(before);

    expect((await admin.post<StockCount>(`/api/stock-counts/${count.id}/cancel`)).body.status).toBe('CANCELED');
    const closed = await admin.post<Conflict>(`/api/stock-counts/${count.id}/post`, {}, key());
    expect([closed.status, closed.body.details.status, closed.body.details.allowedActions]).toEqual([
      409,
      'CANCELED',
      [],
    ]);
    expect(closed.body.message).toBe(
      `Stock count ${count.number} is cancelled: it cannot be posted. Nothing more can be done with it.`,
    );
    expect((await logOf('stock_count', count.number)).map((r) => r.action)).toEqual([
      'create',
      'scan',
      'submit',
      'cancel',
    ]);
    expect((await eventsOf(`stock_count:${count.id}`)).map((e) => e.to)).toEqual(['SUBMITTED', 'CANCELED']);
  });
});

describe('a bundling task', () => {
  it('refuses starting a cancelled task with its status and no steps left, changing nothing', async () => {
    const component = await product();
    const bundle = await product({ kind: 'BUNDLE' });
    await ta.t.db
      .insertInto('product_bundle_components')
      .values({ bundle_id: bundle.id, component_id: component.id, position: 0, quantity: '2' })
      .execute();
    const w = await warehouse();
    const created = await admin.post<BundleTask>(
      '/api/bundle-tasks',
      { bundleProductId: bundle.id, warehouseId: w, quantity: '1' },
      key(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const task = created.body;
    expect((await admin.post<BundleTask>(`/api/bundle-tasks/${task.id}/cancel`, {})).body.status).toBe('CANCELED');

    const before = await footprint();
    const start = await admin.post<Conflict>(`/api/bundle-tasks/${task.id}/start`);
    expect([start.status, start.body.code]).toEqual([409, 'BUNDLE_TASK_STATUS_CONFLICT']);
    expect(start.body.details).toEqual({
      document: 'bundle_task',
      number: task.number,
      status: 'CANCELED',
      action: 'start',
      allowedActions: [],
    });
    const complete = await admin.post<Conflict>(`/api/bundle-tasks/${task.id}/complete`, {}, key());
    expect([complete.status, complete.body.details.status]).toEqual([409, 'CANCELED']);
    expect(await footprint()).toEqual(before);
    expect((await admin.get<BundleTask>(`/api/bundle-tasks/${task.id}`)).body.status).toBe('CANCELED');
    expect(await eventsOf(`bundle_task:${task.id}`)).toMatchObject([
      { from: 'OPEN', to: 'CANCELED', action: 'cancel' },
    ]);
  });
});

describe('a purchase order', () => {
  it('refuses cancelling a closed order with its status and no steps left, changing nothing', async () => {
    const p = await product();
    const w = await warehouse();
    const supplier = await ta.t.db
      .insertInto('business_partners')
      .values({
        code: `DOCSUP${++n}`,
        name: 'Document supplier',
        default_currency: 'GBP',
        payment_terms_days: 30,
        is_consignment: false,
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const draft = await admin.post<PurchaseOrder>(
      '/api/purchase-orders',
      {
        type: 'PRIOR_ORDER_PO',
        supplierId: supplier.id,
        warehouseId: w,
        lines: [{ productId: p.id, quantity: '4', unitCost: '2.5' }],
      },
      key(),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const order = draft.body;
    expect(order.number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect((await admin.post<PurchaseOrder>(`/api/purchase-orders/${order.id}/approve`)).body.status).toBe('APPROVED');
    expect((await admin.post<PurchaseOrder>(`/api/purchase-orders/${order.id}/close`, {})).body.status).toBe('CLOSED');

    const before = await footprint();
    const refused = await admin.post<Conflict>(`/api/purchase-orders/${order.id}/cancel`, { reason: 'too late' });
    expect([refused.status, refused.body.code]).toEqual([409, 'PURCHASE_ORDER_STATUS_CONFLICT']);
    expect(refused.body.details).toEqual({
      document: 'purchase_order',
      number: order.number,
      status: 'CLOSED',
      action: 'cancel',
      allowedActions: [],
    });
    expect(refused.body.message).toBe(
      `Purchase order ${order.number} is closed: it cannot be cancelled. Nothing more can be done with it.`,
    );
    expect(await footprint()).toEqual(before);

    const log = await logOf('purchase_order', order.number);
    expect(log.map((r) => r.action)).toEqual(['create', 'approve', 'close']);
    expect(await eventsOf(`purchase_order:${order.id}`)).toMatchObject([
      { from: 'DRAFT', to: 'APPROVED', action: 'approve' },
      { from: 'APPROVED', to: 'CLOSED', action: 'close' },
    ]);
  });
});

describe('an RMA', () => {
  it('refuses shipping twice with its status and the steps left, changing nothing', async () => {
    const p = await product();
    const w = await warehouse();
    await receive(p.id, w, '5');
    const supplier = await ta.t.db
      .insertInto('business_partners')
      .values({
        code: `DOCRMA${++n}`,
        name: 'Document supplier',
        default_currency: 'GBP',
        payment_terms_days: 30,
        is_consignment: false,
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const draft = await admin.post<{ id: string; number: string }>(
      '/api/rmas',
      { supplierId: supplier.id, warehouseId: w, lines: [{ productId: p.id, quantity: '2' }] },
      key(),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const rma = draft.body;
    expect(rma.number).toMatch(/^RMA-\d{4}-\d{5}$/);
    expect((await admin.post(`/api/rmas/${rma.id}/approve`, { supplierRmaNumber: 'S-1' })).status).toBe(200);
    expect((await admin.post(`/api/rmas/${rma.id}/ship`)).status).toBe(200);

    const before = await footprint();
    const refused = await admin.post<Conflict>(`/api/rmas/${rma.id}/ship`);
    expect([refused.status, refused.body.code]).toEqual([409, 'RMA_STATUS_CONFLICT']);
    expect(refused.body.details).toEqual({
      document: 'rma',
      number: rma.number,
      status: 'SHIPPED',
      action: 'ship',
      allowedActions: ['credit', 'replace'],
    });
    expect(refused.body.message).toBe(
      `RMA ${rma.number} is shipped: it cannot be shipped again. From here it can be credited or replaced.`,
    );
    expect(await footprint()).toEqual(before);

    expect((await logOf('rma', rma.number)).map((r) => r.action)).toEqual(['create', 'approve', 'ship']);
    expect(await eventsOf(`rma:${rma.id}`)).toMatchObject([
      { from: 'DRAFT', to: 'APPROVED', action: 'approve' },
      { from: 'APPROVED', to: 'SHIPPED', action: 'ship' },
    ]);
  });
});

describe('a settlement', () => {
  it('refuses completing twice with its status and no steps left, changing nothing', async () => {
    const supplier = await ta.t.db
      .insertInto('business_partners')
      .values({
        code: `DOCSET${++n}`,
        name: 'Document supplier',
        default_currency: 'GBP',
        payment_terms_days: 30,
        is_consignment: false,
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const processor = await ta.t.db
      .insertInto('processors')
      .values({ code: `DOCP${n}`, name: 'Cash', type: 'CASH', currency: 'GBP' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: string }>`INSERT INTO purchase_invoices
      (number, status, supplier_id, supplier_invoice_number, invoice_date, due_date, currency, exchange_rate,
       net_total, vat_total, gross_total, open_amount, booked_at)
      VALUES (${`PI-DOC-${n}`}, 'BOOKED', ${supplier.id}, ${`S-DOC-${n}`}, '2025-01-01', '2025-06-30', 'GBP', 1,
        100, 0, 100, 100, now()) RETURNING id`.execute(ta.t.db);
    const invoiceId = rows[0]?.id as string;
    const draft = await admin.post<{ id: string; number: string }>(
      '/api/purchase-invoice-settlements',
      {
        supplierId: supplier.id,
        processorId: processor.id,
        paymentDate: '2025-05-01',
        paymentType: 'BANK_TRANSFER',
        lines: [{ invoiceId, amount: '100.00' }],
      },
      key(),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const settlement = draft.body;
    expect(settlement.number).toMatch(/^PIS-2025-\d{5}$/);
    expect((await admin.post(`/api/purchase-invoice-settlements/${settlement.id}/complete`)).status).toBe(200);

    const before = await footprint();
    const refused = await admin.post<Conflict>(`/api/purchase-invoice-settlements/${settlement.id}/complete`);
    expect([refused.status, refused.body.code]).toEqual([409, 'SETTLEMENT_STATUS_CONFLICT']);
    expect(refused.body.details).toEqual({
      document: 'purchase_invoice_settlement',
      number: settlement.number,
      status: 'COMPLETED',
      action: 'complete',
      allowedActions: [],
    });
    expect(refused.body.message).toBe(
      `Settlement ${settlement.number} is completed: it cannot be completed again. Nothing more can be done with it.`,
    );
    expect(await footprint()).toEqual(before);

    expect((await logOf('purchase_invoice_settlement', settlement.number)).map((r) => r.action)).toEqual([
      'create',
      'complete',
    ]);
    expect(await eventsOf(`purchase_invoice_settlement:${settlement.id}`)).toMatchObject([
      { from: 'DRAFT', to: 'COMPLETED', action: 'complete' },
    ]);
  });
});

describe('a sales invoice', () => {
  it('refuses booking a cancelled invoice with its status and no steps left, releasing nothing twice', async () => {
    const p = await product();
    const w = await warehouse();
    await receive(p.id, w, '5');
    const buyer = await admin.post<{ id: string }>(
      '/api/customers',
      {
        name: `Document buyer ${++n}`,
        addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
      },
      key(),
    );
    expect(buyer.status, JSON.stringify(buyer.body)).toBe(201);
    const created = await admin.post<{ id: string; number: string; status: string }>(
      '/api/sales-invoices',
      {
        customerId: buyer.body.id,
        warehouseId: w,
        book: true,
        pricesIncludeVat: false,
        lines: [{ productId: p.id, quantity: '2', unitPrice: '10.00', vatCode: 'STANDARD' }],
      },
      key(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const inv = created.body;
    expect([inv.status, inv.number]).toEqual(['BOOKED', expect.stringMatching(/^SI-\d{4}-\d{5}$/)]);
    const canceled = await admin.post(`/api/sales-invoices/${inv.id}/cancel`, { reason: 'Duplicate order' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);

    const before = await footprint();
    const reserved = () =>
      ta.t.db
        .selectFrom('stock_levels')
        .select('reserved')
        .where('product_id', '=', p.id)
        .where('warehouse_id', '=', w)
        .executeTakeFirstOrThrow();
    expect(new Decimal((await reserved()).reserved).isZero()).toBe(true);
    for (const action of ['book', 'cancel'] as const) {
      const refused = await admin.post<Conflict>(`/api/sales-invoices/${inv.id}/${action}`, { reason: 'Again' });
      expect([refused.status, refused.body.code], action).toEqual([409, 'SALES_INVOICE_STATUS_CONFLICT']);
      expect(refused.body.details).toEqual({
        document: 'sales_invoice',
        number: inv.number,
        status: 'CANCELED',
        action,
        allowedActions: [],
      });
    }
    expect(await footprint()).toEqual(before);
    expect(new Decimal((await reserved()).reserved).isZero()).toBe(true);
    expect((await logOf('sales_invoice', inv.number)).map((r) => r.action).at(-1)).toBe('cancel');
    expect(await eventsOf(`sales_invoice:${inv.id}`)).toMatchObject([
      { from: 'PENDING', to: 'BOOKED', action: 'book' },
      { from: 'BOOKED', to: 'CANCELED', action: 'cancel' },
    ]);
  });
});
