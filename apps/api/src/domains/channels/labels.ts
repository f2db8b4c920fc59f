import {
  CHANNEL_ACCOUNT_TYPE_INFO,
  CHANNEL_ACCOUNT_TYPES,
  type ChannelAccountType,
  channelPermissionsFor,
  ShippingLabelErrorCode as E,
  type ShipListLabelsInput,
  type ShipListLabelsResult,
  type ShippingLabel,
  type ShippingLabelCancelResult,
  type ShippingLabelListQuery,
  type ShippingLabelStatus,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { type Kysely, sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { ConnectorError } from '../../platform/connectors/http.ts';
import { AppError, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { offsetOf, parseSort, toPage } from '../../platform/pagination.ts';
import { sendPdf } from '../../platform/pdf/index.ts';
import { type Ctx, sendFile } from '../../platform/routes.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { AccountRow } from './account.repository.ts';
import { connectorContext, openAccount, settingsOf } from './account.service.ts';
import { callLog } from './call-log.ts';
import { carrierModule } from './connectors/registry.ts';
import type { CarrierShipmentRequest } from './connectors/types.ts';
import * as repo from './labels.repository.ts';

/**
 * Carrier labels from a ship list: a shipment per invoice at the carrier of its service, through that carrier's one
 * enabled account, its label kept for printing, its tracking numbers for the list's confirm. See the contract
 * (packages/contracts/src/channels/labels.ts).
 */

type Db = Kysely<Database>;
type LabelsInput = z.output<typeof ShipListLabelsInput>;
type ListQuery = z.output<typeof ShippingLabelListQuery>;

function mayWorkLabels(user: AuthUser, type: ChannelAccountType) {
  return channelPermissionsFor(type, 'LABELS').some((p) => user.permissions.has(p));
}

/** Changing labels: the account's LABELS permissions, without the read-only one of Api Config. */
function mayChangeLabels(user: AuthUser, type: ChannelAccountType) {
  return channelPermissionsFor(type, 'LABELS').some((p) => p !== 'view_api_configuration' && user.permissions.has(p));
}

function requireChange(user: AuthUser, account: { name: string; type: string }) {
  const type = account.type as ChannelAccountType;
  if (!mayChangeLabels(user, type))
    throw forbidden(`Your permissions do not open ${account.name}'s labels.`, {
      required: channelPermissionsFor(type, 'LABELS').filter((p) => p !== 'view_api_configuration'),
    });
}

function toLabel(r: repo.LabelViewRow): ShippingLabel {
  return {
    id: r.id,
    account: { id: r.account_id, name: r.account_name, type: r.account_type as ChannelAccountType },
    shipList: { id: r.ship_list_id, number: r.ship_list_number },
    invoice: { id: r.invoice_id, number: r.invoice_number },
    carrierService: {
      id: r.service_id,
      code: r.service_code,
      name: r.service_name,
      carrier: { id: r.carrier_id, code: r.carrier_code, name: r.carrier_name },
    },
    status: r.status as ShippingLabelStatus,
    reference: r.reference,
    externalId: r.external_id,
    trackingNumbers: r.tracking_numbers,
    parcels: (r.parcels as { weightKg: string }[]) ?? [],
    hasPdf: Boolean(r.has_pdf),
    hasZpl: Boolean(r.has_zpl),
    error: r.error,
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    createdBy: r.user_id && r.username ? { id: r.user_id, username: r.username } : null,
    createdAt: r.created_at.toISOString(),
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
  };
}

async function labelById(db: Db, id: string): Promise<ShippingLabel> {
  const row = await repo.labelViews(db).where('l.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Shipping label', id);
  return toLabel(row);
}

// Reading

export async function shipListLabels(db: Db, shipListId: string) {
  const list = await repo.findShipList(db, shipListId);
  if (!list) throw notFound('Ship list', shipListId);
  const rows = await repo
    .labelViews(db)
    .where('l.ship_list_id', '=', shipListId)
    .orderBy('li.position')
    .orderBy('l.created_at')
    .execute();
  return { items: rows.map(toLabel) };
}

export async function listLabels(db: Db, user: AuthUser, q: ListQuery) {
  // Only the account types whose labels the user's permissions open.
  const open = CHANNEL_ACCOUNT_TYPES.filter(
    (t) => CHANNEL_ACCOUNT_TYPE_INFO[t].kind === 'CARRIER' && mayWorkLabels(user, t),
  );
  const types = q.types ? open.filter((t) => q.types?.includes(t)) : open;
  let base = repo.labelViews(db);
  base = types.length ? base.where('a.type', 'in', types) : base.where(sql<boolean>`false`);
  if (q.status) base = base.where('l.status', '=', q.status);
  if (q.shipListId) base = base.where('l.ship_list_id', '=', q.shipListId);
  if (q.invoiceId) base = base.where('l.invoice_id', '=', q.invoiceId);
  if (q.q) {
    const text = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('l.reference', 'ilike', text),
        eb('sl.number', 'ilike', text),
        eb(sql<string>`array_to_string(l.tracking_numbers, ' ')`, 'ilike', text),
      ]),
    );
  }
  const labelSort = parseSort(
    q.sort,
    { createdAt: 'l.created_at', reference: 'l.reference' },
    {
      column: 'l.created_at',
      direction: 'desc',
    },
  );
  const [rows, count] = await Promise.all([
    base
      .orderBy(sql.ref(labelSort.column), labelSort.direction)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst(),
  ]);
  return toPage(rows.map(toLabel), Number(count?.n ?? 0), q);
}

async function readableFile(db: Db, user: AuthUser, id: string) {
  const f = await repo.labelFile(db, id);
  if (!f) throw notFound('Shipping label', id);
  if (!mayWorkLabels(user, f.type as ChannelAccountType))
    throw forbidden(`Your permissions do not open ${f.name}'s labels.`, {
      required: channelPermissionsFor(f.type as ChannelAccountType, 'LABELS'),
    });
  return f;
}

export async function labelPdf(ctx: Ctx, id: string) {
  const f = await readableFile(ctx.db, ctx.user, id);
  if (!f.label_pdf)
    throw new AppError(404, E.SHIPPING_LABEL_NONE, `The label of ${f.reference} has no PDF: the carrier made none.`);
  return sendPdf(ctx, `label-${f.reference}`, f.label_pdf);
}

export async function labelZpl(ctx: Ctx, id: string) {
  const f = await readableFile(ctx.db, ctx.user, id);
  if (!f.label_zpl)
    throw new AppError(
      404,
      E.SHIPPING_LABEL_NO_ZPL,
      `${f.name} gave no ZPL for the label of ${f.reference}: print its PDF instead.`,
    );
  return sendFile(ctx, {
    body: Buffer.from(f.label_zpl, 'utf8'),
    contentType: 'text/plain; charset=utf-8',
    fileName: `label-${f.reference}.zpl`,
  });
}

/** Every live label of the list in one PDF, in the list's order. */
export async function shipListLabelsPdf(ctx: Ctx, shipListId: string) {
  const list = await repo.findShipList(ctx.db, shipListId);
  if (!list) throw notFound('Ship list', shipListId);
  const labels = await repo.livePdfsOfList(ctx.db, shipListId);
  if (!labels.length)
    throw new AppError(404, E.SHIPPING_LABEL_NONE, `Ship list ${list.number} has no labels to print: make them first.`);
  const merged = await PDFDocument.create();
  for (const l of labels) {
    if (!l.label_pdf) continue;
    const source = await PDFDocument.load(l.label_pdf);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return sendPdf(ctx, `labels-${list.number}`, Buffer.from(await merged.save()));
}

// Making labels

interface Plan {
  invoice: repo.ListInvoice;
  outcome?: { kind: 'SKIPPED' | 'FAILED' | 'EXISTING'; message: string | null; labelId?: string };
  service?: repo.ServiceRow;
  account?: AccountRow;
  parcels?: { weightKg: string }[];
}

function addressOf(i: repo.ListInvoice): CarrierShipmentRequest['shipTo'] {
  return {
    name: i.delivery_name ?? i.customer_name,
    company: null,
    line1: i.delivery_line1,
    line2: i.delivery_line2,
    line3: null,
    city: i.delivery_city,
    county: i.delivery_county,
    postcode: i.delivery_postcode ?? '',
    countryCode: i.delivery_country,
    phone: i.customer_phone,
    email: i.email,
  };
}

type LineRow = Awaited<ReturnType<typeof repo.invoiceLines>>[number];

/** One parcel weighing the invoice's products, or why that cannot be known. */
function defaultParcels(lines: LineRow[]): { weightKg: string }[] | string {
  const missing = lines.filter((l) => l.weight_kg === null).map((l) => l.sku);
  if (missing.length)
    return `${missing.join(', ')} ${missing.length > 1 ? 'have' : 'has'} no weight: give the parcels' weights.`;
  const total = lines.reduce((sum, l) => sum.plus(new Decimal(l.weight_kg ?? 0).times(l.quantity)), new Decimal(0));
  if (total.lte(0)) return "The invoice's products weigh nothing: give the parcels' weights.";
  return [{ weightKg: total.toDecimalPlaces(3, Decimal.ROUND_UP).toFixed(3) }];
}

function shipmentRequest(plan: Plan, lines: LineRow[]): CarrierShipmentRequest {
  const i = plan.invoice;
  return {
    reference: i.number,
    serviceCode: plan.service?.code ?? '',
    shipTo: addressOf(i),
    parcels: (plan.parcels ?? []).map((p) => ({ weightKg: p.weightKg, lengthCm: null, widthCm: null, heightCm: null })),
    value: new Decimal(i.gross_total).toFixed(2),
    currency: i.currency,
    contents: lines.map((l) => {
      const quantity = new Decimal(l.quantity);
      return {
        sku: l.sku,
        description: l.name,
        quantity: quantity.ceil().toNumber(),
        unitValue: quantity.gt(0) ? new Decimal(l.gross_amount).div(quantity).toFixed(2) : '0.00',
        weightKg: l.weight_kg === null ? null : new Decimal(l.weight_kg).toFixed(3),
      };
    }),
    shippingDate: new Date(),
  };
}

const TYPE_NAMES: Record<string, string> = {
  ROYAL_MAIL: 'Royal Mail',
  PARCELFORCE: 'Parcelforce',
  DHL: 'DHL',
  DPD: 'DPD',
};
const typeName = (type: string) => TYPE_NAMES[type] ?? type;

export async function createLabels(ctx: Ctx, box: SecretBox, shipListId: string, input: LabelsInput) {
  const list = await repo.lockShipList(ctx.db, shipListId);
  if (!list) throw notFound('Ship list', shipListId);
  if (list.status !== 'OPEN')
    throw conflict(
      E.SHIPPING_LABEL_LIST_NOT_OPEN,
      `Ship list ${list.number} is ${list.status === 'CONFIRMED' ? 'confirmed' : 'cancelled'}: labels are made while it is open.`,
      { shipList: list.number, status: list.status },
    );
  const invoices = await repo.listInvoices(ctx.db, shipListId);
  const onList = new Set(invoices.map((i) => i.invoice_id));
  const rowOf = new Map(input.rows.map((r) => [r.invoiceId, r]));
  const named = [...(input.invoiceIds ?? []), ...input.rows.map((r) => r.invoiceId)];
  const strangers = [...new Set(named.filter((id) => !onList.has(id)))];
  if (strangers.length)
    throw unprocessable(
      E.SHIPPING_LABEL_INVOICE_NOT_ON_LIST,
      `${strangers.length > 1 ? 'These invoices are' : 'This invoice is'} not on ship list ${list.number}: ${strangers.join(', ')}.`,
      { invoiceIds: strangers },
    );
  const chosen = input.invoiceIds ? invoices.filter((i) => input.invoiceIds?.includes(i.invoice_id)) : invoices;

  const serviceIds = new Set<string>();
  for (const i of chosen) {
    const id = rowOf.get(i.invoice_id)?.carrierServiceId ?? i.carrier_service_id;
    if (id) serviceIds.add(id);
  }
  for (const r of input.rows) if (r.carrierServiceId) serviceIds.add(r.carrierServiceId);
  const services = new Map((await repo.services(ctx.db, [...serviceIds])).map((s) => [s.id, s]));
  const unknown = input.rows.filter(
    (r) =>
      r.carrierServiceId &&
      (!services.get(r.carrierServiceId)?.active || !services.get(r.carrierServiceId)?.carrier_active),
  );
  if (unknown.length)
    throw unprocessable(
      E.SHIPPING_LABEL_SERVICE_UNKNOWN,
      'A carrier service chosen does not exist or is inactive: choose another.',
      { invoiceIds: unknown.map((r) => r.invoiceId) },
    );
  const lines = await repo.invoiceLines(
    ctx.db,
    chosen.map((i) => i.invoice_id),
  );
  const linesOf = (id: string) => lines.filter((l) => l.invoice_id === id);

  // The plan first, so a permission refusal changes nothing.
  const accountsByType = new Map<string, AccountRow[]>();
  const plans: Plan[] = [];
  for (const invoice of chosen) {
    const plan: Plan = { invoice };
    plans.push(plan);
    const live = await repo.liveLabel(ctx.db, shipListId, invoice.invoice_id);
    if (live) {
      plan.outcome = { kind: 'EXISTING', message: null, labelId: live.id };
      continue;
    }
    const row = rowOf.get(invoice.invoice_id);
    const serviceId = row?.carrierServiceId ?? invoice.carrier_service_id;
    const service = serviceId ? services.get(serviceId) : undefined;
    if (!service) {
      plan.outcome = { kind: 'SKIPPED', message: `${invoice.number} has no carrier service: choose one first.` };
      continue;
    }
    if (service.integration === 'NONE') {
      plan.outcome = {
        kind: 'SKIPPED',
        message: `${service.carrier_name} makes no labels through the product: ship ${invoice.number} without one.`,
      };
      continue;
    }
    plan.service = service;
    let candidates = accountsByType.get(service.integration);
    if (!candidates) {
      candidates = (await repo.accountsOfType(ctx.db, service.integration as ChannelAccountType)).filter((a) =>
        settingsOf(a).operations.includes('LABELS'),
      );
      accountsByType.set(service.integration, candidates);
    }
    const label = typeName(service.integration);
    if (candidates.length !== 1) {
      plan.outcome = {
        kind: 'FAILED',
        message: candidates.length
          ? `More than one enabled ${label} account makes labels (${candidates.map((a) => a.name).join(', ')}): leave one on in Api Config.`
          : `No enabled ${label} account makes labels: set one up (operation Labels on) in Api Config.`,
      };
      continue;
    }
    plan.account = candidates[0];
    if (plan.account) requireChange(ctx.user, plan.account);
    const parcels = row?.parcels ?? defaultParcels(linesOf(invoice.invoice_id));
    if (typeof parcels === 'string') {
      plan.outcome = { kind: 'FAILED', message: `${invoice.number}: ${parcels}` };
      continue;
    }
    plan.parcels = parcels.map((p) => ({ weightKg: new Decimal(p.weightKg).toFixed(3) }));
  }

  const items: ShipListLabelsResult['items'] = [];
  for (const plan of plans) {
    const i = plan.invoice;
    if (plan.outcome) {
      items.push({
        invoiceId: i.invoice_id,
        invoiceNumber: i.number,
        outcome: plan.outcome.kind,
        message: plan.outcome.message,
        label: plan.outcome.labelId ? await labelById(ctx.db, plan.outcome.labelId) : null,
      });
      continue;
    }
    items.push(await makeLabel(ctx, box, list.id, plan, linesOf(i.invoice_id)));
  }
  return { items };
}

/** One invoice's label, in a savepoint of its own: what fails here undoes only this label. */
async function makeLabel(
  ctx: Ctx,
  box: SecretBox,
  shipListId: string,
  plan: Plan,
  lines: LineRow[],
): Promise<ShipListLabelsResult['items'][number]> {
  const account = plan.account as AccountRow;
  const service = plan.service as repo.ServiceRow;
  const i = plan.invoice;
  const log = callLog(account.id);
  const base = {
    accountId: account.id,
    shipListId,
    invoiceId: i.invoice_id,
    carrierServiceId: service.id,
    reference: i.number,
    parcels: plan.parcels ?? [],
    createdBy: ctx.user.id,
  };
  await sql`SAVEPOINT shipping_label`.execute(ctx.db);
  try {
    let values: repo.LabelValues;
    try {
      const module = carrierModule(account.type as ChannelAccountType);
      if (!module)
        throw new ConnectorError(`No connector for ${account.type} is installed in this server.`, { retryable: false });
      const connector = module.create(connectorContext(openAccount(box, account), log.sink));
      const shipment = await connector.createShipment(shipmentRequest(plan, lines));
      values = {
        ...base,
        status: 'CREATED',
        externalId: shipment.externalId,
        trackingNumbers: shipment.trackingNumbers,
        labelPdf: shipment.labelPdf.length ? shipment.labelPdf : null,
        labelZpl: shipment.labelZpl,
        error: null,
      };
    } catch (e) {
      if (!(e instanceof ConnectorError) && !(e instanceof AppError)) throw e;
      values = {
        ...base,
        status: 'FAILED',
        externalId: null,
        trackingNumbers: [],
        labelPdf: null,
        labelZpl: null,
        error: `${account.name} made no label for ${i.number}: ${e.message}`.slice(0, 2000),
      };
    }
    const id = await repo.insertLabel(ctx.db, values);
    await log.flush(ctx.db, ctx.user, ctx.requestId);
    await ctx.audit({
      action: 'create',
      entity: 'shipping_label',
      entityId: id,
      after: {
        shipListId,
        invoice: i.number,
        account: account.name,
        service: service.code,
        status: values.status,
        externalId: values.externalId,
        trackingNumbers: values.trackingNumbers,
        parcels: values.parcels,
        error: values.error,
      },
    });
    await sql`RELEASE SAVEPOINT shipping_label`.execute(ctx.db);
    const label = await labelById(ctx.db, id);
    return {
      invoiceId: i.invoice_id,
      invoiceNumber: i.number,
      outcome: values.status === 'CREATED' ? 'CREATED' : 'FAILED',
      message: values.error,
      label,
    };
  } catch (e) {
    await sql`ROLLBACK TO SAVEPOINT shipping_label`.execute(ctx.db);
    // What the carrier was asked is still logged.
    await log.flush(ctx.db, ctx.user, ctx.requestId);
    if (e instanceof AppError && e.status < 500)
      return { invoiceId: i.invoice_id, invoiceNumber: i.number, outcome: 'FAILED', message: e.message, label: null };
    throw e;
  }
}

export async function cancelLabel(ctx: Ctx, box: SecretBox, id: string): Promise<ShippingLabelCancelResult> {
  const label = await repo.lockLabel(ctx.db, id);
  if (!label) throw notFound('Shipping label', id);
  const account = await ctx.db
    .selectFrom('channel_accounts')
    .selectAll()
    .where('id', '=', label.account_id)
    .executeTakeFirstOrThrow();
  requireChange(ctx.user, account);
  if (label.status !== 'CREATED')
    throw conflict(
      E.SHIPPING_LABEL_NOT_LIVE,
      `The label of ${label.reference} is ${label.status === 'CANCELLED' ? 'already cancelled' : 'a failed attempt'}: there is nothing to cancel.`,
      { status: label.status },
    );
  const invoice = await repo.invoiceShipped(ctx.db, label.invoice_id);
  if (invoice?.shipped_at)
    throw conflict(
      E.SHIPPING_LABEL_SHIPPED,
      `${invoice.number} has shipped with this label: it can no longer be cancelled. Raise a shipping claim or a return instead.`,
      { invoice: invoice.number },
    );
  const log = callLog(account.id);
  const before = await labelById(ctx.db, id);
  let message: string | null = null;
  try {
    const module = carrierModule(account.type as ChannelAccountType);
    if (!module)
      throw new ConnectorError(`No connector for ${account.type} is installed in this server.`, { retryable: false });
    const connector = module.create(connectorContext(openAccount(box, account), log.sink));
    await connector.cancelShipment(label.external_id ?? '');
  } catch (e) {
    if (!(e instanceof ConnectorError) && !(e instanceof AppError)) throw e;
    // The label stays live and what was asked stays in the call log: the answer says why.
    message = `${account.name} did not cancel the shipment of ${label.reference}: ${e.message}`;
  }
  if (!message) await repo.markCancelled(ctx.db, id);
  await log.flush(ctx.db, ctx.user, ctx.requestId);
  const after = await labelById(ctx.db, id);
  await ctx.audit({
    action: 'cancel',
    entity: 'shipping_label',
    entityId: id,
    before: { status: before.status, externalId: before.externalId, trackingNumbers: before.trackingNumbers },
    after: { status: after.status, invoice: label.reference, ok: !message, message },
  });
  return { ok: !message, message, label: after };
}
