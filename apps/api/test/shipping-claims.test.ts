import type {
  ErrorBody,
  SalesInvoice,
  ShippableInvoice,
  ShippableInvoiceOption,
  ShippingClaim,
  ShippingClaimEvidence,
  ShippingClaimInput,
  ShippingClaimPage,
} from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { businessChecksum, businessTables } from './business-tables.ts';
import { DOCX, PDF, PNG } from './fixtures.ts';
import { shipInvoices } from './fulfilment.ts';

let ta: TestApp;
let admin: ApiClient;
/** Opens, edits and submits claims (add, edit, view) but may not approve them. */
let clerk: Awaited<ReturnType<typeof clientWith>>;
/** Sees claims only. */
let viewer: ApiClient;
/** Everything but view_shipping_claim. */
let blind: Awaited<ReturnType<typeof clientWith>>;
let tables: string[];
beforeAll(async () => {
  ta = await startTestApp();
  const [a, c, v, b] = await Promise.all([
    clientWith(ta, ALL_PERMISSIONS),
    clientWith(ta, ['view_shipping_claim', 'add_shipping_claim', 'edit_shipping_claim']),
    clientWith(ta, ['view_shipping_claim']),
    clientWith(
      ta,
      ALL_PERMISSIONS.filter((p) => p !== 'view_shipping_claim'),
    ),
  ]);
  admin = a.api;
  clerk = c;
  viewer = v.api;
  blind = b;
  tables = await businessTables(ta.t.db);
}, 120_000);
afterAll(() => ta.close());

let n = 0;
const uniq = () => {
  n += 1;
  return `${n}${Date.now() % 100000}`;
};
let keys = 0;
const key = () => ({ 'idempotency-key': `sc-${Date.now()}-${++keys}` });
const checksum = () => businessChecksum(ta.t.db, tables);

/** A carrier with one service, written as master data. */
async function carrierService() {
  const carrier = await ta.t.db
    .insertInto('shipping_carriers')
    .values({ code: `CR${uniq()}`, name: 'Parcel Carrier Ltd' })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  const service = await ta.t.db
    .insertInto('carrier_services')
    .values({ carrier_id: carrier.id, code: `NEXT${uniq()}`, name: 'Next day' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { carrierId: carrier.id, serviceId: service.id };
}

async function warehouse() {
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `CW${uniq()}`, name: 'Claims warehouse', kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receiving = await ta.t.db
    .insertInto('warehouse_locations')
    .values({ warehouse_id: w.id, code: 'RECV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: w.id, default_receiving_location_id: receiving.id, over_receipt_tolerance: '0' })
    .execute();
  return w.id;
}

/**
 * A booked invoice of two units at £10.00 net plus £5.00 shipping (both at 20% VAT): goods and shipping £30.00 gross.
 */
async function bookedInvoice(opts: { carrier?: boolean } = {}) {
  const wh = await warehouse();
  const sku = `SC-${uniq()}`;
  const product = await ta.t.db
    .insertInto('products')
    .values({ sku, name: `Fragile vase ${sku}`, unit: 'Unit', kind: 'STOCK', sale_price: '10.00' })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
  const stocked = await admin.post('/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId: product.id, warehouseId: wh, quantity: '5', unitCost: '4.00' }],
  });
  expect(stocked.status, JSON.stringify(stocked.body)).toBe(201);
  const customer = await admin.post<{ id: string }>(
    '/api/customers',
    {
      name: `Claire Customer ${uniq()}`,
      email: `claire${uniq()}@example.com`,
      addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
    },
    key(),
  );
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const carrier = opts.carrier === false ? null : await carrierService();
  const res = await admin.post<SalesInvoice>(
    '/api/sales-invoices',
    {
      customerId: customer.body.id,
      warehouseId: wh,
      carrierServiceId: carrier?.serviceId ?? null,
      shippingCharge: '5.00',
      lines: [{ productId: product.id, quantity: '2', unitPrice: '10.00' }],
      book: true,
    },
    key(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('BOOKED');
  expect(res.body.grossTotal).toBe('30.00');
  return { invoice: res.body, carrierId: carrier?.carrierId ?? null, product, warehouseId: wh };
}

/**
 * A booked invoice shipped for real: picked on a pick list, then shipped on a ship list with its own carrier service
 * (or the one given) and one parcel with a new tracking number, which the ship list records as its shipment.
 */
async function shippedInvoice(opts: { carrier?: boolean; carrierServiceId?: string } = {}) {
  const made = await bookedInvoice(opts);
  const shipped = await shipInvoices(admin, made.warehouseId, [made.invoice.id], {
    carrierServiceId: opts.carrierServiceId,
  });
  return { ...made, trackingNumbers: shipped.trackingNumbers[made.invoice.id] ?? [] };
}

const claimInput = (invoice: SalesInvoice, extra: Partial<ShippingClaimInput> = {}): ShippingClaimInput => ({
  invoiceId: invoice.id,
  kind: 'DAMAGED',
  trackingNumber: `TRK${uniq()}`,
  description: 'The vase arrived broken; the box was crushed.',
  amountClaimed: '24.00',
  lines: [{ invoiceLineId: invoice.lines[0]?.id ?? '', quantity: '2' }],
  ...extra,
});

async function openClaim(client: ApiClient = admin, extra: Partial<ShippingClaimInput> = {}) {
  const { invoice, carrierId } = await shippedInvoice();
  const res = await client.post<ShippingClaim>('/api/shipping-claims', claimInput(invoice, extra), key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { claim: res.body, invoice, carrierId };
}

async function upload(token: string, claimId: string, name: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${ta.baseUrl}/api/shipping-claims/${claimId}/evidence`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, cookie: 'XSRF-TOKEN=t0k3n', 'x-xsrf-token': 't0k3n' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as ShippingClaimEvidence & ErrorBody };
}

async function logRows(number: string) {
  return ta.t.db
    .selectFrom('system_logs')
    .select(['action', 'entity', 'before', 'after'])
    .where('entity', '=', 'shipping_claim')
    .where('entity_id', '=', number)
    .orderBy('id')
    .execute();
}

describe('shipping claims: the machine', () => {
  it('opens a claim for a shipped invoice with its carrier, submits, approves and records the money recovered', async () => {
    const { claim, invoice, carrierId } = await openClaim(clerk.api);
    expect(claim).toMatchObject({
      status: 'OPEN',
      kind: 'DAMAGED',
      invoice: { id: invoice.id, number: invoice.number },
      carrier: { id: carrierId },
      amountClaimed: '24.00',
      approvedAmount: null,
      lines: [{ quantity: '2', invoicedQuantity: '2', product: { sku: invoice.lines[0]?.product.sku } }],
      evidence: [],
    });
    expect(claim.number).toMatch(/^SC-\d{4}-\d{5}$/);

    const edited = await clerk.api.put<ShippingClaim>(`/api/shipping-claims/${claim.id}`, {
      kind: 'LOST',
      trackingNumber: 'TRACK-123',
      description: 'Never delivered.',
      amountClaimed: '30.00',
      lines: [],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'LOST', trackingNumber: 'TRACK-123', amountClaimed: '30.00', lines: [] });

    const noReference = await clerk.api.post<ErrorBody>(`/api/shipping-claims/${claim.id}/submit`, {});
    expect(noReference.status).toBe(400);
    const submitted = await clerk.api.post<ShippingClaim>(
      `/api/shipping-claims/${claim.id}/submit`,
      { carrierReference: 'PC-CLAIM-778' },
      key(),
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', carrierReference: 'PC-CLAIM-778' });
    expect(submitted.body.submittedBy?.username).toBe(clerk.user.username);

    // An edit after submission is a step its status does not allow.
    const lateEdit = await clerk.api.put<ErrorBody>(`/api/shipping-claims/${claim.id}`, {
      kind: 'LOST',
      amountClaimed: '1.00',
    });
    expect([lateEdit.status, lateEdit.body.code]).toEqual([409, 'SHIPPING_CLAIM_STATUS_CONFLICT']);
    expect(lateEdit.body.details).toMatchObject({ document: 'shipping_claim', status: 'SUBMITTED', action: 'edit' });

    // The clerk may not approve; above the amount claimed is refused; both write nothing.
    const before = await checksum();
    const notAllowed = await clerk.api.post<ErrorBody>(
      `/api/shipping-claims/${claim.id}/approve`,
      { approvedAmount: '20.00' },
      key(),
    );
    expect(notAllowed.status).toBe(403);
    const over = await admin.post<ErrorBody>(
      `/api/shipping-claims/${claim.id}/approve`,
      { approvedAmount: '30.01' },
      key(),
    );
    expect([over.status, over.body.code]).toEqual([422, 'SHIPPING_CLAIM_APPROVED_EXCEEDS_CLAIMED']);
    expect(await checksum()).toEqual(before);

    const approved = await admin.post<ShippingClaim>(
      `/api/shipping-claims/${claim.id}/approve`,
      { approvedAmount: '20.10' },
      key(),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', approvedAmount: '20.10' });
    const beforePay = await checksum();

    const overPaid = await admin.post<ErrorBody>(
      `/api/shipping-claims/${claim.id}/pay`,
      { amountRecovered: '20.11' },
      key(),
    );
    expect([overPaid.status, overPaid.body.code]).toEqual([422, 'SHIPPING_CLAIM_RECOVERED_EXCEEDS_APPROVED']);
    const future = await admin.post<ErrorBody>(
      `/api/shipping-claims/${claim.id}/pay`,
      { amountRecovered: '20.10', paidOn: '2999-01-01' },
      key(),
    );
    expect([future.status, future.body.code]).toEqual([422, 'SHIPPING_CLAIM_DATE_IN_FUTURE']);
    expect(await checksum()).toEqual(beforePay);

    const paid = await admin.post<ShippingClaim>(
      `/api/shipping-claims/${claim.id}/pay`,
      { amountRecovered: '20.10', paidOn: '2026-01-15' },
      key(),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', amountRecovered: '20.10', paidOn: '2026-01-15' });

    // Every step from here is refused with the kernel's code.
    for (const [step, body] of [
      ['approve', { approvedAmount: '1.00' }],
      ['reject', { reason: 'late' }],
      ['submit', { carrierReference: 'X' }],
      ['pay', { amountRecovered: '1.00' }],
      ['cancel', {}],
    ] as const) {
      const res = await admin.post<ErrorBody>(`/api/shipping-claims/${claim.id}/${step}`, body, key());
      expect([step, res.status, res.body.code]).toEqual([step, 409, 'SHIPPING_CLAIM_STATUS_CONFLICT']);
    }

    // The log tells the story under the claim's number; each change of status is an outbox event.
    const rows = await logRows(claim.number);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'submit', 'approve', 'pay']);
    expect(rows[4]?.after).toMatchObject({ status: 'PAID', amountRecovered: '20.10' });
    const { rows: events } = await sql<{ payload: { to: string } }>`
      SELECT payload FROM outbox_events WHERE key = ${`shipping_claim:${claim.id}`} ORDER BY id`.execute(ta.t.db);
    expect(events.map((e) => e.payload.to)).toEqual(['SUBMITTED', 'APPROVED', 'PAID']);
  });

  it('rejects a submitted claim with the carrier’s reason, and cancels only while open', async () => {
    const { claim } = await openClaim();
    const submitted = await admin.post(`/api/shipping-claims/${claim.id}/submit`, { carrierReference: 'R-1' }, key());
    expect(submitted.status).toBe(200);
    const cancelLate = await admin.post<ErrorBody>(`/api/shipping-claims/${claim.id}/cancel`, {}, key());
    expect([cancelLate.status, cancelLate.body.code]).toEqual([409, 'SHIPPING_CLAIM_STATUS_CONFLICT']);
    expect(cancelLate.body.details).toMatchObject({ allowedActions: ['attach', 'approve', 'reject'] });
    const noReason = await admin.post<ErrorBody>(`/api/shipping-claims/${claim.id}/reject`, { reason: ' ' }, key());
    expect(noReason.status).toBe(400);
    const rejected = await admin.post<ShippingClaim>(
      `/api/shipping-claims/${claim.id}/reject`,
      { reason: 'Packaging not adequate' },
      key(),
    );
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Packaging not adequate' });
    const payRejected = await admin.post<ErrorBody>(
      `/api/shipping-claims/${claim.id}/pay`,
      { amountRecovered: '1.00' },
      key(),
    );
    expect([payRejected.status, payRejected.body.code]).toEqual([409, 'SHIPPING_CLAIM_STATUS_CONFLICT']);

    const other = (await openClaim()).claim;
    const canceled = await admin.post<ShippingClaim>(
      `/api/shipping-claims/${other.id}/cancel`,
      { reason: 'Parcel turned up' },
      key(),
    );
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'Parcel turned up' });
    const submitCanceled = await admin.post<ErrorBody>(
      `/api/shipping-claims/${other.id}/submit`,
      { carrierReference: 'X' },
      key(),
    );
    expect([submitCanceled.status, submitCanceled.body.code]).toEqual([409, 'SHIPPING_CLAIM_STATUS_CONFLICT']);
  });
});

describe('shipping claims: amounts and lines held to the invoice', () => {
  it('refuses more than the goods plus shipping, counting the invoice’s other live claims, and writes nothing', async () => {
    const { invoice, trackingNumbers } = await shippedInvoice();
    const before = await checksum();
    const over = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, { amountClaimed: '30.01', lines: [] }),
      key(),
    );
    expect([over.status, over.body.code]).toEqual([422, 'SHIPPING_CLAIM_AMOUNT_EXCEEDED']);
    expect(over.body.details).toMatchObject({ invoiceValueGbp: '30.00', otherClaims: '0.00', claimable: '30.00' });
    expect(await checksum()).toEqual(before);

    const first = await admin.post<ShippingClaim>(
      '/api/shipping-claims',
      claimInput(invoice, {
        amountClaimed: '18.00',
        lines: [{ invoiceLineId: invoice.lines[0]?.id ?? '', quantity: '1' }],
      }),
      key(),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const offer = await admin.get<ShippableInvoice>(`/api/shipping-claims/invoices/${invoice.id}`);
    expect(offer.body).toMatchObject({ valueGbp: '30.00', claimableGbp: '12.00', lines: [{ claimable: '1' }] });
    // The shipment's parcels are offered with their tracking numbers, as the ship list recorded them.
    expect(trackingNumbers).toHaveLength(1);
    expect(offer.body.parcels).toEqual([
      { trackingNumber: trackingNumbers[0], service: 'Parcel Carrier Ltd: Next day' },
    ]);

    const foreign = await shippedInvoice();
    const before2 = await checksum();
    const second = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, { amountClaimed: '12.01', lines: [] }),
      key(),
    );
    expect([second.status, second.body.code]).toEqual([422, 'SHIPPING_CLAIM_AMOUNT_EXCEEDED']);
    expect(second.body.details).toMatchObject({ otherClaims: '18.00', claimable: '12.00' });
    const tooMany = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, {
        amountClaimed: '1.00',
        lines: [{ invoiceLineId: invoice.lines[0]?.id ?? '', quantity: '2' }],
      }),
      key(),
    );
    expect([tooMany.status, tooMany.body.code]).toEqual([422, 'SHIPPING_CLAIM_QUANTITY_EXCEEDED']);
    expect(tooMany.body.details).toMatchObject({
      invoiced: '2',
      claimedElsewhere: '1',
      claimable: '1',
      requested: '2',
    });
    const fraction = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, {
        amountClaimed: '1.00',
        lines: [{ invoiceLineId: invoice.lines[0]?.id ?? '', quantity: '0.5' }],
      }),
      key(),
    );
    expect([fraction.status, fraction.body.code]).toEqual([422, 'SHIPPING_CLAIM_QUANTITY_EXCEEDED']);
    const otherLine = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, {
        amountClaimed: '1.00',
        lines: [{ invoiceLineId: foreign.invoice.lines[0]?.id ?? '', quantity: '1' }],
      }),
      key(),
    );
    expect([otherLine.status, otherLine.body.code]).toEqual([422, 'SHIPPING_CLAIM_LINE_UNKNOWN']);
    const badMoney = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, { amountClaimed: '1.005' }),
      key(),
    );
    expect(badMoney.status).toBe(400);
    const zero = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, { amountClaimed: '0' }),
      key(),
    );
    expect(zero.status).toBe(400);
    expect(await checksum()).toEqual(before2);

    // A cancelled claim gives back what it took; the exact rest can be claimed.
    await admin.post(`/api/shipping-claims/${first.body.id}/cancel`, {}, key());
    const whole = await admin.post<ShippingClaim>(
      '/api/shipping-claims',
      claimInput(invoice, { amountClaimed: '30.00' }),
      key(),
    );
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    expect(whole.body.amountClaimed).toBe('30.00');
  });

  it('claims only for a shipped invoice with a carrier (422 with a code, nothing written)', async () => {
    const { invoice } = await bookedInvoice();
    const before = await checksum();
    const notShipped = await admin.post<ErrorBody>('/api/shipping-claims', claimInput(invoice), key());
    expect([notShipped.status, notShipped.body.code]).toEqual([422, 'SHIPPING_CLAIM_INVOICE_NOT_SHIPPED']);
    expect(notShipped.body.message).toContain(invoice.number);
    const unknown = await admin.post<ErrorBody>(
      '/api/shipping-claims',
      claimInput(invoice, { invoiceId: '00000000-0000-4000-8000-000000000000' }),
      key(),
    );
    expect([unknown.status, unknown.body.code]).toEqual([422, 'SHIPPING_CLAIM_INVOICE_NOT_SHIPPED']);
    expect(await checksum()).toEqual(before);
    // A shipment always goes with a carrier service (the ship list's row needs one), so an invoice booked without
    // one and shipped takes the carrier it went with.
    const service = await carrierService();
    const shippedWith = (await shippedInvoice({ carrier: false, carrierServiceId: service.serviceId })).invoice;
    const taken = await admin.post<ShippingClaim>('/api/shipping-claims', claimInput(shippedWith), key());
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.carrier.id).toBe(service.carrierId);
    expect(taken.body.carrierService?.id).toBe(service.serviceId);
    // Stand-in kept on purpose: only an invoice PROCESSED without any shipment record (no ship list ever confirmed it,
    // e.g. data from before ship lists) has no carrier at all, and the real flow cannot make one; set it by SQL.
    const noCarrier = (await bookedInvoice({ carrier: false })).invoice;
    await sql`UPDATE sales_invoices SET status = 'PROCESSED', updated_at = now() WHERE id = ${noCarrier.id}`.execute(
      ta.t.db,
    );
    const before2 = await checksum();
    const res = await admin.post<ErrorBody>('/api/shipping-claims', claimInput(noCarrier), key());
    expect([res.status, res.body.code]).toEqual([422, 'SHIPPING_CLAIM_NO_CARRIER']);
    expect(await checksum()).toEqual(before2);
    // The picker offers shipped invoices only.
    const picker = await clerk.api.get<ShippableInvoiceOption[]>(
      `/api/shipping-claims/invoices?q=${encodeURIComponent(invoice.number)}`,
    );
    expect(picker.body).toEqual([]);
    const shippedOne = await clerk.api.get<ShippableInvoiceOption[]>(
      `/api/shipping-claims/invoices?q=${encodeURIComponent(noCarrier.number)}`,
    );
    expect(shippedOne.body.map((i) => i.number)).toEqual([noCarrier.number]);
  });

  it('makes one claim for a create retried with the same Idempotency-Key', async () => {
    const { invoice } = await shippedInvoice();
    const headers = key();
    const body = claimInput(invoice);
    const first = await admin.post<ShippingClaim>('/api/shipping-claims', body, headers);
    const again = await admin.post<ShippingClaim>('/api/shipping-claims', body, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM shipping_claims WHERE invoice_id = ${invoice.id}`.execute(ta.t.db);
    expect(rows[0]?.n).toBe('1');
  });
});

describe('shipping claims: evidence', () => {
  it('stores photos and PDFs, serves them only with view_shipping_claim, and removes them while open', async () => {
    const { claim } = await openClaim(clerk.api);
    const photo = await upload(clerk.tokens.accessToken, claim.id, 'crushed box.png', PNG);
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect(photo.body).toMatchObject({ originalName: 'crushed box.png', kind: 'png', contentType: 'image/png' });
    const pdf = await upload(clerk.tokens.accessToken, claim.id, 'delivery-note.pdf', PDF);
    expect(pdf.status).toBe(201);
    const listed = await viewer.get<ShippingClaim>(`/api/shipping-claims/${claim.id}`);
    expect(listed.body.evidence.map((f) => f.originalName)).toEqual(['crushed box.png', 'delivery-note.pdf']);

    // The permitted get it as an attachment of its stored type, never to run inline.
    const got = await fetch(`${ta.baseUrl}${photo.body.url}`, {
      headers: { authorization: `Bearer ${(await clientWith(ta, ['view_shipping_claim'])).tokens.accessToken}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="crushed box.png"/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);

    // Without view_shipping_claim: 403 on the claim's route, and the file route does not know it.
    const refused = await fetch(`${ta.baseUrl}${photo.body.url}`, {
      headers: { authorization: `Bearer ${blind.tokens.accessToken}` },
    });
    expect(refused.status).toBe(403);
    const generic = await blind.api.get<ErrorBody>(`/api/upload/files/${photo.body.fileName}`);
    expect(generic.status).toBe(404);
    // Another claim's path does not serve it.
    const elsewhere = await openClaim();
    expect(
      (await viewer.get(`/api/shipping-claims/${elsewhere.claim.id}/evidence/${photo.body.fileName}`)).status,
    ).toBe(404);

    const onlyViewer = await clientWith(ta, ['view_shipping_claim']);
    // Not a photo or PDF, a disguised file, too large: refused with a code, nothing written.
    const before = await checksum();
    const docx = await upload(clerk.tokens.accessToken, claim.id, 'statement.docx', DOCX);
    expect([docx.status, docx.body.code]).toEqual([415, 'SHIPPING_CLAIM_EVIDENCE_TYPE']);
    const disguised = await upload(clerk.tokens.accessToken, claim.id, 'photo.jpg', PDF);
    expect([disguised.status, disguised.body.code]).toEqual([415, 'FILE_NAME_MISMATCH']);
    const script = await upload(clerk.tokens.accessToken, claim.id, 'x.html', Buffer.from('<script>alert(1)</script>'));
    // A file of no kind the product knows is told what evidence is, not the uploads' general list of kinds.
    expect([script.status, script.body.code]).toEqual([415, 'SHIPPING_CLAIM_EVIDENCE_TYPE']);
    expect(script.body.message).toBe(
      'Evidence is a photo (PNG, JPEG, GIF, WebP, BMP, TIFF, AVIF) or a PDF; this file is neither.',
    );
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(clerk.tokens.accessToken, claim.id, 'big.pdf', big);
    expect([tooBig.status, tooBig.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    const viewerUpload = await upload(onlyViewer.tokens.accessToken, claim.id, 'a.png', PNG);
    expect(viewerUpload.status).toBe(403);
    expect(await checksum()).toEqual(before);

    // Removable while open; after submission more may be added but none removed.
    const removed = await clerk.api.delete<ShippingClaim>(
      `/api/shipping-claims/${claim.id}/evidence/${pdf.body.fileName}`,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.evidence.map((f) => f.originalName)).toEqual(['crushed box.png']);
    expect(
      await ta.t.db.selectFrom('uploaded_files').select('id').where('file_name', '=', pdf.body.fileName).execute(),
    ).toEqual([]);
    await clerk.api.post(`/api/shipping-claims/${claim.id}/submit`, { carrierReference: 'E-1' }, key());
    const more = await upload(clerk.tokens.accessToken, claim.id, 'more.png', PNG);
    expect(more.status).toBe(201);
    const lateRemove = await clerk.api.delete<ErrorBody>(
      `/api/shipping-claims/${claim.id}/evidence/${photo.body.fileName}`,
    );
    expect([lateRemove.status, lateRemove.body.code]).toEqual([409, 'SHIPPING_CLAIM_STATUS_CONFLICT']);
    const rows = await logRows(claim.number);
    expect(rows.map((r) => r.action)).toEqual(['create', 'attach', 'attach', 'detach', 'submit', 'attach']);
  });
});

describe('shipping claims: permissions, list, export and printout', () => {
  it('answers 403 to those without the permission and writes nothing', async () => {
    const { invoice } = await shippedInvoice();
    const before = await checksum();
    expect((await viewer.post('/api/shipping-claims', claimInput(invoice), key())).status).toBe(403);
    expect((await blind.api.get('/api/shipping-claims')).status).toBe(403);
    expect((await viewer.get(`/api/shipping-claims/invoices?q=x`)).status).toBe(403);
    expect(await checksum()).toEqual(before);
    const { claim } = await openClaim();
    const before2 = await checksum();
    expect((await viewer.put(`/api/shipping-claims/${claim.id}`, { kind: 'LOST', amountClaimed: '1.00' })).status).toBe(
      403,
    );
    expect((await viewer.post(`/api/shipping-claims/${claim.id}/cancel`, {}, key())).status).toBe(403);
    expect(
      (
        await viewer.delete(
          `/api/shipping-claims/${claim.id}/evidence/${'0'.repeat(8)}-0000-4000-8000-000000000000.png`,
        )
      ).status,
    ).toBe(403);
    expect(await checksum()).toEqual(before2);
  });

  it('lists with counts per status, filters and search, exports .xlsx and prints the claim', async () => {
    const a = await openClaim(admin, { trackingNumber: `ZZTRACK${uniq()}`, kind: 'LOST' });
    const b = await openClaim(admin, { kind: 'DAMAGED' });
    await admin.post(`/api/shipping-claims/${b.claim.id}/submit`, { carrierReference: 'L-1' }, key());

    const byTracking = await viewer.get<ShippingClaimPage>(
      `/api/shipping-claims?q=${encodeURIComponent(a.claim.trackingNumber)}`,
    );
    expect(byTracking.body.items.map((c) => c.number)).toEqual([a.claim.number]);
    const byInvoice = await viewer.get<ShippingClaimPage>(
      `/api/shipping-claims?q=${encodeURIComponent(b.invoice.number)}`,
    );
    expect(byInvoice.body.items.map((c) => c.number)).toEqual([b.claim.number]);
    expect(byInvoice.body.statusCounts).toMatchObject({ SUBMITTED: 1, OPEN: 0 });
    const byNumber = await viewer.get<ShippingClaimPage>(`/api/shipping-claims?q=${a.claim.number}`);
    expect(byNumber.body.items.map((c) => c.id)).toEqual([a.claim.id]);
    const byCarrier = await viewer.get<ShippingClaimPage>(`/api/shipping-claims?carrierId=${a.carrierId}`);
    expect(byCarrier.body.items.map((c) => c.id)).toEqual([a.claim.id]);
    const lost = await viewer.get<ShippingClaimPage>(`/api/shipping-claims?kind=LOST&status=OPEN&pageSize=200`);
    expect(lost.body.items.every((c) => c.kind === 'LOST' && c.status === 'OPEN')).toBe(true);
    expect(lost.body.items.map((c) => c.id)).toContain(a.claim.id);
    const all = await viewer.get<ShippingClaimPage>('/api/shipping-claims?pageSize=1&sort=-amountClaimed');
    expect(all.body.items).toHaveLength(1);
    const total = Object.values(all.body.statusCounts).reduce((s, x) => s + x, 0);
    expect(total).toBe(all.body.total);
    const byInvoiceId = await viewer.get<ShippingClaimPage>(`/api/shipping-claims?invoiceId=${b.invoice.id}`);
    expect(byInvoiceId.body.total).toBe(1);
    const future = await viewer.get<ShippingClaimPage>(`/api/shipping-claims?from=2999-01-01`);
    expect(future.body.total).toBe(0);
    const badSort = await viewer.get<ErrorBody>('/api/shipping-claims?sort=password');
    expect(badSort.status).toBe(400);

    const xlsx = await fetch(`${ta.baseUrl}/api/shipping-claims/export?status=SUBMITTED`, {
      headers: { authorization: `Bearer ${clerk.tokens.accessToken}` },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const pdf = await fetch(`${ta.baseUrl}/api/shipping-claims/${b.claim.id}/pdf?lang=de`, {
      headers: { authorization: `Bearer ${clerk.tokens.accessToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
