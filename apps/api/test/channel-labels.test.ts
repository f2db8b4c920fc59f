import type {
  Carrier,
  ChannelAccount,
  Customer,
  ErrorBody,
  Page,
  SalesInvoice,
  ShipList,
  ShipListLabelsResult,
  ShippingLabel,
  ShippingLabelCancelResult,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARCELFORCE_FAKE_LOGIN, type ParcelforceFake, startParcelforceFake } from '../fakes/parcelforce/index.ts';
import { ROYAL_MAIL_FAKE_API_KEY, startRoyalMailFake } from '../fakes/royal-mail/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { receivingWarehouse } from './channels-kit.ts';
import { pickInvoices } from './fulfilment.ts';

/**
 * Carrier labels from a ship list through the API, against the Royal Mail Click & Drop and Parcelforce ExpressLink
 * fakes: labels made with the carriers' tracking numbers, printed in one PDF, never made twice, a refusal failing
 * only its invoice, cancel (refused once shipped), and the list's confirm shipping with the labels' numbers.
 */

let ta: TestApp;
let admin: ApiClient;
let shipper: ApiClient;
let shipperToken: string;
let noShip: ApiClient;
let rm: Awaited<ReturnType<typeof startRoyalMailFake>>;
let pf: ParcelforceFake;
let rmService: { id: string; code: string };
let pfService: { id: string; code: string };
let pfBadService: { id: string; code: string };
let manualService: { id: string; code: string };
let warehouseId: string;
let productId: string;
let customerId: string;
let rmAccountId: string;
let n = 0;
const uniq = () => `${++n}${Date.now() % 100000}`;
const key = () => ({ 'idempotency-key': `lb-${uniq()}` });

async function carrier(integration: string, services: { code: string; name: string; tracked: boolean }[]) {
  const res = await admin.post<Carrier>(
    '/api/shipping-carriers',
    { code: `LC${uniq()}`, name: `${integration} carrier`, integration, services },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.services;
}

beforeAll(async () => {
  ta = await startTestApp();
  const [a, s, x] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['ship_list']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'ship_list'),
    ),
  ]);
  admin = a.api;
  shipper = s.api;
  shipperToken = s.tokens.accessToken;
  noShip = x.api;
  rm = await startRoyalMailFake();
  pf = await startParcelforceFake();
  const rmServices = await carrier('ROYAL_MAIL', [{ code: 'TPN24', name: 'Tracked 24', tracked: true }]);
  rmService = rmServices[0] as { id: string; code: string };
  const pfServices = await carrier('PARCELFORCE', [
    { code: 'SND', name: 'Express 24', tracked: true },
    { code: 'NOPE1', name: 'Not offered', tracked: true },
  ]);
  pfService = pfServices.find((v) => v.code === 'SND') as { id: string; code: string };
  pfBadService = pfServices.find((v) => v.code === 'NOPE1') as { id: string; code: string };
  manualService = (await carrier('NONE', [{ code: 'VAN', name: 'Own van', tracked: false }]))[0] as {
    id: string;
    code: string;
  };
  for (const account of [
    {
      type: 'ROYAL_MAIL',
      name: 'Royal Mail Click & Drop',
      baseUrl: rm.url,
      credentials: { apiKey: ROYAL_MAIL_FAKE_API_KEY },
    },
    { type: 'PARCELFORCE', name: 'Parcelforce', baseUrl: pf.url, credentials: { ...PARCELFORCE_FAKE_LOGIN } },
  ]) {
    const res = await admin.post<ChannelAccount>(
      '/api/channel-accounts',
      { ...account, environment: 'SANDBOX' },
      key(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (account.type === 'ROYAL_MAIL') rmAccountId = res.body.id;
  }
  warehouseId = (await receivingWarehouse(ta, `LBW${uniq()}`, 'Label warehouse')).id;
  const p = await ta.t.db
    .insertInto('products')
    .values({
      sku: `LB-${uniq()}`,
      name: 'Labelled widget',
      unit: 'Unit',
      kind: 'STOCK',
      sale_price: '12.50',
      weight_kg: '0.450',
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  productId = p.id;
  const stocked = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId, warehouseId, quantity: '100', unitCost: '4.00' }],
  });
  expect(stocked.status, JSON.stringify(stocked.body)).toBe(201);
  const c = await admin.post<Customer>(
    '/api/customers',
    {
      name: `Lee Label ${uniq()}`,
      email: `label${uniq()}@example.com`,
      addresses: [{ kind: 'shipping', line1: '3 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ', country: 'GB' }],
    },
    key(),
  );
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  customerId = c.body.id;
}, 120_000);
afterAll(async () => {
  await rm?.close();
  await pf?.close();
  await ta?.close();
});

/** Packed invoices (one widget or two each), each with its service, on one open ship list. */
async function openListOf(services: string[]) {
  const ids: string[] = [];
  for (const [i, carrierServiceId] of services.entries()) {
    const res = await admin.post<SalesInvoice>(
      '/api/sales-invoices',
      {
        customerId,
        warehouseId,
        carrierServiceId,
        lines: [{ productId, quantity: String(1 + (i % 2)), unitPrice: '12.50' }],
        book: true,
      },
      key(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  await pickInvoices(admin, warehouseId, ids);
  const list = await shipper.post<ShipList>('/api/ship-lists', { warehouseId, invoiceIds: ids }, key());
  expect(list.status, JSON.stringify(list.body)).toBe(201);
  return { list: list.body, ids };
}

const makeLabels = (listId: string, body: unknown = {}, client = shipper) =>
  client.post<ShipListLabelsResult>(`/api/ship-lists/${listId}/labels`, body);
const labelsOf = async (listId: string) =>
  (await shipper.get<{ items: ShippingLabel[] }>(`/api/ship-lists/${listId}/labels`)).body.items;
async function pdfPages(path: string) {
  const res = await fetch(`${ta.baseUrl}${path}`, { headers: { authorization: `Bearer ${shipperToken}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return (await PDFDocument.load(Buffer.from(await res.arrayBuffer()))).getPageCount();
}

describe('carrier labels from a ship list', () => {
  it('makes labels at Royal Mail and Parcelforce with their tracking numbers, once, and prints them in one PDF', async () => {
    const { list, ids } = await openListOf([rmService.id, pfService.id, manualService.id]);
    const made = await makeLabels(list.id);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [a, b, c] = made.body.items;
    expect(a).toMatchObject({ invoiceId: ids[0], outcome: 'CREATED', message: null });
    expect(b).toMatchObject({ invoiceId: ids[1], outcome: 'CREATED', message: null });
    expect(c).toMatchObject({ invoiceId: ids[2], outcome: 'SKIPPED', label: null });
    expect(c?.message).toContain('without one');
    expect(a?.label?.account.type).toBe('ROYAL_MAIL');
    expect(a?.label?.trackingNumbers).toHaveLength(1);
    expect(a?.label?.trackingNumbers[0]).toMatch(/^RM\d{9}GB$/);
    // One widget of 0.450 kg, weighed from the product.
    expect(a?.label?.parcels).toEqual([{ weightKg: '0.450' }]);
    expect(b?.label?.account.type).toBe('PARCELFORCE');
    expect(b?.label?.parcels).toEqual([{ weightKg: '0.900' }]);
    const rmShipment = rm.shipments().find((s) => s.reference === a?.invoiceNumber);
    expect(rmShipment?.trackingNumbers).toEqual(a?.label?.trackingNumbers);
    const pfShipment = pf.shipments().find((s) => s.reference === b?.invoiceNumber);
    expect(pfShipment?.trackingNumbers).toEqual(b?.label?.trackingNumbers);

    // Asked again: the live labels are answered, the carriers make nothing more.
    const rmBefore = rm.shipments().length;
    const pfBefore = pf.shipments().length;
    const again = await makeLabels(list.id);
    expect(again.status).toBe(200);
    expect(again.body.items.map((i) => i.outcome)).toEqual(['EXISTING', 'EXISTING', 'SKIPPED']);
    expect(again.body.items[0]?.label?.id).toBe(a?.label?.id);
    expect(rm.shipments()).toHaveLength(rmBefore);
    expect(pf.shipments()).toHaveLength(pfBefore);
    expect(await labelsOf(list.id)).toHaveLength(2);

    // One PDF of every live label (each fake's label is one page per parcel).
    expect(await pdfPages(`/api/ship-lists/${list.id}/labels/pdf`)).toBe(2);
    expect(await pdfPages(`/api/shipping-labels/${a?.label?.id}/pdf`)).toBe(1);
    const zpl = await shipper.get<ErrorBody>(`/api/shipping-labels/${a?.label?.id}/zpl`);
    expect(zpl.status).toBe(404);
    expect(zpl.body.code).toBe('SHIPPING_LABEL_NO_ZPL');
    expect(zpl.body.message).toContain('PDF');

    // The carrier screens' list, by account type.
    const rmOnly = await shipper.get<Page<ShippingLabel>>(
      `/api/shipping-labels?types=ROYAL_MAIL&shipListId=${list.id}`,
    );
    expect(rmOnly.status).toBe(200);
    expect(rmOnly.body.items.map((l) => l.id)).toEqual([a?.label?.id]);

    // Every call is logged, without a secret.
    const logs = await ta.t.db.selectFrom('system_logs').select(['action', 'entity', 'after']).execute();
    expect(logs.filter((l) => l.action === 'api_call').length).toBeGreaterThan(0);
    expect(logs.filter((l) => l.entity === 'shipping_label' && l.action === 'create')).toHaveLength(2);
    const text = JSON.stringify(logs);
    for (const secret of [ROYAL_MAIL_FAKE_API_KEY, PARCELFORCE_FAKE_LOGIN.password]) expect(text).not.toContain(secret);
    expect(rm.violations).toEqual([]);
    expect(pf.violations).toEqual([]);
  });

  it('fails only the refused invoice’s label, in words, and makes it once the cause is gone', async () => {
    const { list, ids } = await openListOf([rmService.id, rmService.id, pfBadService.id]);
    const refusedNumber = (await admin.get<SalesInvoice>(`/api/sales-invoices/${ids[1]}`)).body.number;
    rm.state.refuse.set(refusedNumber, 'The recipient address could not be verified');
    const made = await makeLabels(list.id, {
      rows: [{ invoiceId: ids[0], parcels: [{ weightKg: '1.2' }, { weightKg: '0.25' }] }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [ok, refused, pfRefused] = made.body.items;
    expect(ok?.outcome).toBe('CREATED');
    expect(ok?.label?.parcels).toEqual([{ weightKg: '1.200' }, { weightKg: '0.250' }]);
    expect(ok?.label?.trackingNumbers).toHaveLength(2);
    expect(refused?.outcome).toBe('FAILED');
    expect(refused?.message).toContain('could not be verified');
    expect(refused?.label?.status).toBe('FAILED');
    expect(pfRefused?.outcome).toBe('FAILED');
    expect(pfRefused?.message).toContain('NOPE1');
    rm.state.refuse.delete(refusedNumber);
    const again = await makeLabels(list.id, { invoiceIds: [ids[1] as string] });
    expect(again.body.items.map((i) => i.outcome)).toEqual(['CREATED']);
    expect((await labelsOf(list.id)).map((l) => l.status).sort()).toEqual(['CREATED', 'CREATED', 'FAILED', 'FAILED']);
    expect(await pdfPages(`/api/ship-lists/${list.id}/labels/pdf`)).toBe(3);
  });

  it('cancels a label at the carrier, and the confirm ships with the labels’ tracking numbers', async () => {
    const { list, ids } = await openListOf([rmService.id, pfService.id]);
    const made = await makeLabels(list.id);
    const [rmLabel, pfLabel] = made.body.items.map((i) => i.label as ShippingLabel);
    // Refused by the carrier: the label stays live, the answer says why, the call is logged.
    pf.inject({ operation: 'CancelShipment', status: 500, times: 10 });
    const refusedCancel = await shipper.post<ShippingLabelCancelResult>(`/api/shipping-labels/${pfLabel?.id}/cancel`);
    expect(refusedCancel.status, JSON.stringify(refusedCancel.body)).toBe(200);
    expect(refusedCancel.body.ok).toBe(false);
    expect(refusedCancel.body.message).toContain('did not cancel');
    expect(refusedCancel.body.label.status).toBe('CREATED');
    const calls = await ta.t.db
      .selectFrom('system_logs')
      .select('after')
      .where('action', '=', 'api_call')
      .where('after', '@>', JSON.stringify({ operation: 'CancelShipment', status: 500 }))
      .execute();
    expect(calls.length).toBeGreaterThan(0);
    pf.reset();
    const cancelled = await shipper.post<ShippingLabelCancelResult>(`/api/shipping-labels/${pfLabel?.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ ok: true, message: null });
    expect(cancelled.body.label.status).toBe('CANCELLED');
    expect(pf.shipments().find((s) => s.externalId === pfLabel?.externalId)?.cancelled).toBe(true);
    const twice = await shipper.post<ErrorBody>(`/api/shipping-labels/${pfLabel?.id}/cancel`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('SHIPPING_LABEL_NOT_LIVE');
    const remade = await makeLabels(list.id, { invoiceIds: [ids[1] as string] });
    expect(remade.body.items[0]?.outcome).toBe('CREATED');
    const live = (await labelsOf(list.id)).filter((l) => l.status === 'CREATED');
    const rows = live.map((l) => ({
      invoiceId: l.invoice.id,
      carrierServiceId: l.carrierService.id,
      parcels: l.parcels.map((p, i) => ({ weightKg: p.weightKg, trackingNumber: l.trackingNumbers[i] ?? null })),
    }));
    const confirmed = await shipper.post<ShipList>(`/api/ship-lists/${list.id}/confirm`, { rows }, key());
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const shipped = await ta.t.db
      .selectFrom('sales_invoices')
      .select(['id', 'tracking_numbers', 'status'])
      .where('id', 'in', ids)
      .execute();
    for (const l of live)
      expect(shipped.find((s) => s.id === l.invoice.id)?.tracking_numbers).toEqual(l.trackingNumbers);
    const late = await shipper.post<ErrorBody>(`/api/shipping-labels/${rmLabel?.id}/cancel`);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('SHIPPING_LABEL_SHIPPED');
    expect(late.body.message).toContain('shipped');
    const closed = await makeLabels(list.id);
    expect(closed.status).toBe(409);
    expect((closed.body as unknown as ErrorBody).code).toBe('SHIPPING_LABEL_LIST_NOT_OPEN');
  });

  it('makes one shipment when two people ask for the same list’s labels at once', async () => {
    const { list } = await openListOf([rmService.id]);
    const before = rm.shipments().length;
    const [x, y] = await Promise.all([makeLabels(list.id), makeLabels(list.id)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.body.items[0]?.outcome, y.body.items[0]?.outcome].sort()).toEqual(['CREATED', 'EXISTING']);
    expect(x.body.items[0]?.label?.id).toBe(y.body.items[0]?.label?.id);
    expect(rm.shipments()).toHaveLength(before + 1);
  });

  it('refuses without ship_list, and in words for invoices not on the list', async () => {
    const { list } = await openListOf([rmService.id]);
    const before = rm.shipments().length;
    const refused = await makeLabels(list.id, {}, noShip);
    expect(refused.status).toBe(403);
    expect((await noShip.get(`/api/ship-lists/${list.id}/labels`)).status).toBe(403);
    const stranger = await makeLabels(list.id, { invoiceIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(stranger.status).toBe(422);
    expect((stranger.body as unknown as ErrorBody).code).toBe('SHIPPING_LABEL_INVOICE_NOT_ON_LIST');
    expect(rm.shipments()).toHaveLength(before);
    expect(await labelsOf(list.id)).toEqual([]);
  });

  it('opens each carrier’s labels to its own screen’s permission', async () => {
    const { list } = await openListOf([rmService.id, pfService.id]);
    const made = await makeLabels(list.id);
    const [rmLabel, pfLabel] = made.body.items.map((i) => i.label as ShippingLabel);
    // Parcel Force Fulfillment (shipping_fulfilment) sees and cancels Parcelforce labels, not Royal Mail's.
    const pfScreen = (await clientWith(ta, ['shipping_fulfilment'])).api;
    const seen = await pfScreen.get<Page<ShippingLabel>>(`/api/shipping-labels?shipListId=${list.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((l) => l.account.type)).toEqual(['PARCELFORCE']);
    const rmRefused = await pfScreen.post<ErrorBody>(`/api/shipping-labels/${rmLabel?.id}/cancel`);
    expect(rmRefused.status).toBe(403);
    expect(rmRefused.body.message).toContain('Royal Mail');
    expect(rm.shipments().find((s) => s.externalId === rmLabel?.externalId)?.cancelled).toBe(false);
    const pfCancelled = await pfScreen.post<ShippingLabelCancelResult>(`/api/shipping-labels/${pfLabel?.id}/cancel`);
    expect(pfCancelled.status).toBe(200);
    expect(pfCancelled.body.ok).toBe(true);
    const audit = await ta.t.db
      .selectFrom('system_logs')
      .select('action')
      .where('entity', '=', 'shipping_label')
      .where('entity_id', '=', pfLabel?.id as string)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['cancel', 'create']);
    // A reader of Api Config sees labels but cannot cancel them.
    const reader = (await clientWith(ta, ['view_api_configuration'])).api;
    expect((await reader.get(`/api/shipping-labels?types=ROYAL_MAIL`)).status).toBe(200);
    expect((await reader.post(`/api/shipping-labels/${rmLabel?.id}/cancel`)).status).toBe(403);
  });

  it('tracks shipped labels at Royal Mail and tells the order’s channel account when one is delivered', async () => {
    const { list, ids } = await openListOf([rmService.id]);
    const made = await makeLabels(list.id);
    const label = made.body.items[0]?.label as ShippingLabel;
    const confirmed = await shipper.post<ShipList>(
      `/api/ship-lists/${list.id}/confirm`,
      {
        rows: [
          {
            invoiceId: ids[0],
            carrierServiceId: rmService.id,
            parcels: [{ weightKg: '0.450', trackingNumber: label.trackingNumbers[0] }],
          },
        ],
      },
      key(),
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // The order came from a sales channel account.
    const channel = await ta.t.db
      .insertInto('channel_accounts')
      .values({ type: 'SHOPIFY', name: `Shop ${uniq()}`, enabled: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ta.t.db
      .updateTable('sales_invoices')
      .set({ channel_account_id: channel.id })
      .where('id', '=', ids[0] as string)
      .execute();
    ta.app.jobs.start();
    const run = async () => {
      const res = await admin.post(`/api/channel-accounts/${rmAccountId}/run`, { stream: 'TRACKING' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ta.app.jobs.nudge();
      await ta.app.jobs.idle();
    };
    const delivered = () =>
      ta.t.db
        .selectFrom('channel_messages')
        .select(['process_type', 'operation', 'status', 'sales_invoice_id'])
        .where('account_id', '=', channel.id)
        .execute();
    await run();
    expect((await labelsOf(list.id))[0]?.deliveredAt).toBeNull();
    expect(await delivered()).toEqual([]);
    rm.deliver(label.trackingNumbers[0] as string);
    await run();
    expect((await labelsOf(list.id))[0]?.deliveredAt).not.toBeNull();
    await run();
    expect(await delivered()).toEqual([
      { process_type: 'STATUS_DELIVERED', operation: 'DELIVERY', status: 'DONE', sales_invoice_id: ids[0] },
    ]);
    const cursor = await ta.t.db
      .selectFrom('channel_cursors')
      .select(['last_error'])
      .where('account_id', '=', rmAccountId)
      .where('stream', '=', 'TRACKING')
      .executeTakeFirst();
    expect(cursor?.last_error).toBeNull();
  });
});
