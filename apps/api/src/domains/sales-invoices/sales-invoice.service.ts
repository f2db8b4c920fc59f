import {
  BASE_CURRENCY,
  type CurrencyCode,
  defaultDispatchDays,
  type PaymentType,
  SALES_CHANNELS,
  SALES_INVOICE_COUNT_CAP,
  SALES_INVOICE_SOURCE_TYPE,
  SALES_INVOICE_STATUSES,
  type SalesChannel,
  type SalesChannelSettings,
  type SalesChannelSettingsInput,
  type SalesInvoice,
  type SalesInvoiceAddress,
  type SalesInvoiceBookInput,
  type SalesInvoiceCancelInput,
  type SalesInvoiceCreateInput,
  SalesInvoiceErrorCode,
  type SalesInvoiceExistsDetails,
  type SalesInvoiceFilter,
  type SalesInvoiceLine,
  type SalesInvoiceListQuery,
  type SalesInvoicePage,
  type SalesInvoiceShortageChoice,
  type SalesInvoiceShortageDetails,
  type SalesInvoiceStatus,
  type SalesInvoiceSummary,
  type SalesInvoiceValues,
  type SalesProductAvailability,
  salesInvoiceDocument,
  salesInvoiceTotals,
  todayInLondon,
  type VatCode,
  vatCodeForRate,
  WHOLE_UNIT,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import {
  auditDocument,
  found,
  isoOrNull,
  lockForAction,
  nextDocumentNumber,
  quantityText as qty,
  recordStep,
  userRef,
} from '../../platform/documents.ts';
import { lineDetails } from '../../platform/documents-lines.ts';
import { conflict, forbidden, isUniqueViolation, unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { rateOn } from '../currencies/index.ts';
import { createCustomer } from '../partners/index.ts';
import { releaseReservation, reserveMany } from '../stock/index.ts';
import * as repo from './sales-invoice.repository.ts';
import { shipmentOf } from './sales-invoice.shipping.ts';

/**
 * Sales invoices (contract packages/contracts/src/sales/sales-invoices.ts, whose header tells the whole flow): drafts
 * with their totals and VAT computed here (never taken from the client), booking through the stock core's
 * reservations (all lines or none, refused or kept PENDING on a shortage, as asked), cancelling releasing them.
 */

type CreateValues = z.output<typeof SalesInvoiceCreateInput>;
type BookValues = z.output<typeof SalesInvoiceBookInput>;
type CancelValues = z.output<typeof SalesInvoiceCancelInput>;
type SettingsValues = z.output<typeof SalesChannelSettingsInput>;

const E = SalesInvoiceErrorCode;
const ZERO = new Decimal(0);
const LABEL = salesInvoiceDocument.label;
const money = (v: Decimal.Value) => new Decimal(v).toFixed(2);
const priceText = (v: Decimal.Value) => {
  const d = new Decimal(v);
  return d.toFixed(Math.max(2, d.decimalPlaces()));
};

// Channel settings

export async function getChannelSettings(db: Kysely<Database>): Promise<SalesChannelSettings> {
  const rows = new Map((await repo.channelSettings(db)).map((r) => [r.channel, r]));
  return {
    items: SALES_CHANNELS.map((channel) => ({
      channel,
      pricesIncludeVat: rows.get(channel)?.prices_include_vat ?? channel !== 'MANUAL',
      dispatchDays: rows.get(channel)?.dispatch_days ?? defaultDispatchDays(channel),
    })),
  };
}

export async function updateChannelSettings(ctx: Ctx, input: SettingsValues): Promise<SalesChannelSettings> {
  const before = await getChannelSettings(ctx.db);
  for (const s of input.items) {
    const was = before.items.find((b) => b.channel === s.channel);
    await repo.setChannelSetting(
      ctx.db,
      s.channel,
      {
        pricesIncludeVat: s.pricesIncludeVat ?? was?.pricesIncludeVat ?? s.channel !== 'MANUAL',
        dispatchDays: s.dispatchDays ?? was?.dispatchDays ?? defaultDispatchDays(s.channel),
      },
      ctx.user.id,
    );
  }
  const after = await getChannelSettings(ctx.db);
  await ctx.audit({ action: 'update', entity: 'sales_channel_setting', entityId: null, before, after });
  return after;
}

// Availability (the form's lines, and the one-invoice answer)

interface Level {
  onHand: Decimal;
  reserved: Decimal;
}

async function levelsIn(db: Kysely<Database>, warehouseId: string, productIds: string[]) {
  const rows = await repo.levelsOf(db, warehouseId, [...new Set(productIds)]);
  return new Map<string, Level>(
    rows.map((r) => [r.product_id, { onHand: new Decimal(r.on_hand), reserved: new Decimal(r.reserved) }]),
  );
}

const availableOf = (level: Level | undefined) => (level ? level.onHand.sub(level.reserved) : ZERO);

export async function availability(
  db: Kysely<Database>,
  q: { warehouseId: string; productIds: string },
): Promise<{ items: SalesProductAvailability[] }> {
  const ids = [...new Set(q.productIds.split(',').map((id) => id.trim()))];
  const [products, levels] = await Promise.all([repo.findProducts(db, ids), levelsIn(db, q.warehouseId, ids)]);
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    items: ids.flatMap((id) => {
      const p = byId.get(id);
      if (!p) return [];
      const level = levels.get(id);
      return [
        {
          productId: p.id,
          sku: p.sku,
          name: p.name,
          kind: p.kind,
          unit: p.unit,
          onHand: qty(level?.onHand),
          reserved: qty(level?.reserved),
          available: qty(availableOf(level)),
          salePrice: money(p.sale_price),
          vatCode: vatCodeForRate(p.vat_rate),
        },
      ];
    }),
  };
}

// Reading

function headOf(r: repo.InvoiceListRow | repo.InvoiceHead) {
  return {
    id: r.id,
    number: r.number,
    status: r.status as SalesInvoiceStatus,
    channel: r.channel as SalesChannel,
    externalOrderId: r.external_order_id,
    customer: { id: r.customer_id, name: r.customer_name, email: r.customer_email },
    email: r.email,
    warehouse: { id: r.warehouse_id, code: r.warehouse_code, name: r.warehouse_name },
    currency: r.currency,
    exchangeRate: new Decimal(r.exchange_rate).toFixed(),
    invoiceDate: r.invoice_date,
    taxPointDate: r.tax_point_date,
    pricesIncludeVat: r.prices_include_vat,
    paymentType: r.payment_type as PaymentType | null,
    paymentReference: r.payment_reference,
    netTotal: money(r.net_total),
    vatTotal: money(r.vat_total),
    grossTotal: money(r.gross_total),
    totalQuantity: qty(r.total_quantity),
    shortQuantity: qty(r.short_quantity),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    bookedAt: isoOrNull(r.booked_at),
  };
}

function toSummary(r: repo.InvoiceListRow): SalesInvoiceSummary {
  return {
    ...headOf(r),
    lineCount: r.line_count,
    deliveryName: r.delivery_name,
    deliveryPostcode: r.delivery_postcode,
    carrierService: r.carrier_service_id
      ? {
          id: r.carrier_service_id,
          code: r.carrier_service_code ?? '',
          name: r.carrier_service_name ?? '',
          carrierName: r.carrier_name ?? '',
        }
      : null,
  };
}

/**
 * Each line's figures now in the invoice's warehouse. PENDING: what it would lack if booked now, the product's
 * lines taking what is available in their order; booked and after: its reservation's short units.
 */
function linesWithAvailability(
  head: repo.InvoiceHead,
  rows: repo.LineRow[],
  levels: Map<string, Level>,
  allowNegative: boolean,
): SalesInvoiceLine[] {
  const taken = new Map<string, Decimal>();
  return rows.map((l) => {
    const open = l.reservation_status === 'OPEN' ? new Decimal(l.reservation_open ?? 0) : ZERO;
    let availability: SalesInvoiceLine['availability'] = null;
    if (l.kind !== 'SERVICE') {
      const level = levels.get(l.product_id);
      const available = availableOf(level);
      let shortage = ZERO;
      if (head.status === 'PENDING' && !allowNegative) {
        const before = taken.get(l.product_id) ?? ZERO;
        const through = before.add(l.quantity);
        taken.set(l.product_id, through);
        const free = Decimal.max(available, 0);
        shortage = Decimal.max(through.sub(free), 0).sub(Decimal.max(before.sub(free), 0));
      } else if (l.reservation_status === 'OPEN') shortage = new Decimal(l.reservation_short ?? 0);
      availability = {
        onHand: qty(level?.onHand),
        reserved: qty(level?.reserved),
        available: qty(available),
        shortage: qty(shortage),
      };
    }
    return {
      id: l.id,
      lineNo: l.line_no,
      product: { id: l.product_id, sku: l.sku, name: l.name, unit: l.unit, kind: l.kind },
      quantity: qty(l.quantity),
      unitPrice: priceText(l.unit_price),
      discountPercent: new Decimal(l.discount_percent).toFixed(),
      vatCode: l.vat_code as VatCode,
      vatRate: new Decimal(l.vat_rate).toFixed(),
      netAmount: money(l.net_amount),
      vatAmount: money(l.vat_amount),
      grossAmount: money(l.gross_amount),
      reservedQuantity: qty(open),
      shortQuantity: qty(l.short_quantity),
      reservationId: l.reservation_id,
      availability,
    };
  });
}

const addressOf = (
  name: string | null,
  a: {
    line1: string;
    line2: string | null;
    city: string;
    county: string | null;
    postcode: string | null;
    country: string;
  },
): SalesInvoiceAddress => ({
  name,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  county: a.county,
  postcode: a.postcode,
  country: a.country,
});

export async function getSalesInvoice(db: Kysely<Database>, id: string): Promise<SalesInvoice> {
  const head = found(await repo.findInvoice(db, id), LABEL, id);
  const rows = await repo.findLines(db, [id]);
  const [levels, allowNegative] = await Promise.all([
    levelsIn(
      db,
      head.warehouse_id,
      rows.map((l) => l.product_id),
    ),
    repo.warehouseAllowsNegative(db, head.warehouse_id),
  ]);
  const lines = linesWithAvailability(head, rows, levels, allowNegative);
  const totals = salesInvoiceTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      vatCode: l.vatCode,
    })),
    { charge: head.shipping_charge, vatCode: head.shipping_vat_code as VatCode },
    head.prices_include_vat,
  );
  return {
    ...headOf(head),
    billingAddress: addressOf(head.billing_name, {
      line1: head.billing_line1,
      line2: head.billing_line2,
      city: head.billing_city,
      county: head.billing_county,
      postcode: head.billing_postcode,
      country: head.billing_country,
    }),
    deliveryAddress: addressOf(head.delivery_name, {
      line1: head.delivery_line1,
      line2: head.delivery_line2,
      city: head.delivery_city,
      county: head.delivery_county,
      postcode: head.delivery_postcode,
      country: head.delivery_country,
    }),
    carrierService: head.carrier_service_id
      ? {
          id: head.carrier_service_id,
          code: head.carrier_service_code ?? '',
          name: head.carrier_service_name ?? '',
          carrier: { id: head.carrier_id ?? '', code: head.carrier_code ?? '', name: head.carrier_name ?? '' },
        }
      : null,
    shippingCharge: money(head.shipping_charge),
    shippingVatCode: head.shipping_vat_code as VatCode,
    shippingNet: money(head.shipping_net),
    shippingVat: money(head.shipping_vat),
    shippingGross: money(new Decimal(head.shipping_net).add(head.shipping_vat)),
    goodsNet: totals.goodsNet,
    note: head.note,
    createdBy: userRef(head.created_by, head.created_by_name),
    bookedBy: userRef(head.booked_by, head.booked_by_name),
    canceledAt: isoOrNull(head.canceled_at),
    canceledBy: userRef(head.canceled_by, head.canceled_by_name),
    cancelReason: head.cancel_reason,
    lines,
    vatPerRate: totals.perRate,
    shipment: head.status === 'PROCESSED' ? await shipmentOf(db, id) : null,
  };
}

/**
 * A page of the list and its tabs' counts. The tabs count the filter with its status aside, each status up to
 * SALES_INVOICE_COUNT_CAP (`countsCapped` names those that reached it), so the page's total is one of them (a status
 * chosen) or their sum (none): a few bounded counts (a search's matches are counted whole).
 */
export async function listSalesInvoices(db: Kysely<Database>, q: SalesInvoiceListQuery): Promise<SalesInvoicePage> {
  // A search first finds its matches up to the cap: all of them (counted exactly, the page sorted among them), or, when
  // there are more, the page is walked in order and the counts are those of the matches found, each "at least".
  const probe = q.q ? await repo.searchProbe(db, q.q, SALES_INVOICE_COUNT_CAP) : undefined;
  const way: repo.SearchWay | undefined = probe
    ? probe.broad
      ? { walk: q.q as string, skus: probe.skus }
      : { ids: probe.ids }
    : undefined;
  const [rows, counts] = await Promise.all([
    repo.findInvoices(db, q, q.pageSize, offsetOf(q), way),
    repo.countByStatus(db, q, SALES_INVOICE_COUNT_CAP, probe?.ids),
  ]);
  const statusCounts = Object.fromEntries(
    SALES_INVOICE_STATUSES.map((s) => [s, Math.min(counts.get(s) ?? 0, SALES_INVOICE_COUNT_CAP)]),
  ) as Record<SalesInvoiceStatus, number>;
  const countsCapped = probe?.broad
    ? [...SALES_INVOICE_STATUSES]
    : SALES_INVOICE_STATUSES.filter((s) => (counts.get(s) ?? 0) > SALES_INVOICE_COUNT_CAP);
  const total = q.status ? statusCounts[q.status] : SALES_INVOICE_STATUSES.reduce((n, s) => n + statusCounts[s], 0);
  return { ...toPage(rows.map(toSummary), total, q), statusCounts, countsCapped };
}

export function findInvoicesForExport(db: Kysely<Database>, f: SalesInvoiceFilter, limit: number, offset: number) {
  return repo.findInvoices(db, f, limit, offset);
}

// Writing

/** The rules of an invoice that need the database, and what it is written as (totals computed here). */
async function prepare(
  ctx: Ctx,
  input: SalesInvoiceValues,
): Promise<{ head: repo.InvoiceWrite; lines: repo.LineWrite[] }> {
  const db = ctx.db;
  const warehouse = await repo.findWarehouse(db, input.warehouseId);
  if (!warehouse)
    throw unprocessable(E.SALES_INVOICE_WAREHOUSE_UNKNOWN, 'The chosen warehouse no longer exists.', {
      field: 'warehouseId',
      warehouseId: input.warehouseId,
    });
  if (!warehouse.active)
    throw unprocessable(
      E.SALES_INVOICE_WAREHOUSE_UNKNOWN,
      `Warehouse ${warehouse.code} is inactive: it ships no orders.`,
      {
        field: 'warehouseId',
        warehouseId: input.warehouseId,
        code: warehouse.code,
      },
    );

  if (input.carrierServiceId) {
    const service = await repo.findCarrierService(db, input.carrierServiceId);
    if (!service?.active || !service.carrier_active)
      throw unprocessable(
        E.SALES_INVOICE_CARRIER_SERVICE_UNKNOWN,
        service
          ? `The carrier service ${service.code} is inactive: choose another.`
          : 'The chosen carrier service no longer exists.',
        { field: 'carrierServiceId', carrierServiceId: input.carrierServiceId },
      );
  }

  const products = new Map(
    (
      await repo.findProducts(
        db,
        input.lines.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  input.lines.forEach((l, i) => {
    const p = products.get(l.productId);
    if (!p?.active)
      throw unprocessable(
        E.SALES_INVOICE_PRODUCT_UNKNOWN,
        p ? `${p.sku} is deactivated: it cannot be sold.` : `The product of line ${i + 1} no longer exists.`,
        lineDetails(i, { field: 'productId', productId: l.productId, ...(p ? { sku: p.sku } : {}) }),
      );
    if (p.unit === WHOLE_UNIT && !new Decimal(l.quantity).isInteger())
      throw unprocessable(
        E.SALES_INVOICE_QUANTITY_NOT_WHOLE,
        `${p.sku} is counted in units: sell a whole quantity.`,
        lineDetails(i, { sku: p.sku, field: 'quantity' }),
      );
  });

  const invoiceDate = input.invoiceDate ?? todayInLondon();
  // The rate typed is kept; else the day's rate (422 NO_EXCHANGE_RATE when the currency has none that early).
  const exchangeRate =
    input.currency === BASE_CURRENCY
      ? '1'
      : (input.exchangeRate ?? (await rateOn(db, input.currency as CurrencyCode, invoiceDate)).rate);
  const pricesIncludeVat =
    input.pricesIncludeVat ??
    (await getChannelSettings(db)).items.find((s) => s.channel === input.channel)?.pricesIncludeVat ??
    false;

  // The customer last: a new one is written (and audited) only once everything else is known to be good.
  let customer: { id: string; name: string; email: string | null };
  if (input.newCustomer) {
    if (!ctx.user.permissions.has('add_customer'))
      throw forbidden(
        'Adding a customer needs the permission to add customers: choose an existing customer instead.',
        { required: ['add_customer'], field: 'newCustomer' },
        E.SALES_INVOICE_CUSTOMER_CREATE_NOT_PERMITTED,
      );
    const made = await createCustomer(ctx, input.newCustomer);
    customer = { id: made.id, name: made.name, email: made.email };
  } else {
    const row = await repo.findCustomer(db, input.customerId as string);
    if (!row?.active)
      throw unprocessable(
        E.SALES_INVOICE_CUSTOMER_UNKNOWN,
        row ? `${row.name} is an inactive customer: reactivate them first.` : 'The chosen customer no longer exists.',
        { field: 'customerId', customerId: input.customerId },
      );
    customer = row;
  }

  let delivery: repo.AddressWrite | undefined = input.deliveryAddress ?? undefined;
  if (!delivery) {
    const a = await repo.findCustomerAddress(db, customer.id, 'shipping');
    if (a) delivery = { name: customer.name, ...a };
  }
  if (!delivery)
    throw unprocessable(
      E.SALES_INVOICE_ADDRESS_REQUIRED,
      `Give a delivery address: ${customer.name} has no shipping address.`,
      { field: 'deliveryAddress' },
    );
  let billing: repo.AddressWrite | undefined = input.billingAddress ?? undefined;
  if (!billing) {
    const a = await repo.findCustomerAddress(db, customer.id, 'billing');
    billing = a ? { name: customer.name, ...a } : delivery;
  }

  const totals = salesInvoiceTotals(
    input.lines,
    { charge: input.shippingCharge, vatCode: input.shippingVatCode },
    pricesIncludeVat,
  );
  const lines: repo.LineWrite[] = input.lines.map((l, i) => {
    const a = totals.lines[i] as (typeof totals.lines)[number];
    return {
      lineNo: i + 1,
      productId: l.productId,
      quantity: new Decimal(l.quantity).toFixed(),
      unitPrice: new Decimal(l.unitPrice).toFixed(),
      discountPercent: new Decimal(l.discountPercent).toFixed(),
      vatCode: l.vatCode,
      vatRate: a.vatRate,
      netAmount: a.net,
      vatAmount: a.vat,
      grossAmount: a.gross,
    };
  });
  return {
    head: {
      channel: input.channel,
      externalOrderId: input.externalOrderId,
      customerId: customer.id,
      email: input.email ?? customer.email,
      billing,
      delivery,
      warehouseId: input.warehouseId,
      currency: input.currency,
      exchangeRate,
      invoiceDate,
      taxPointDate: input.taxPointDate ?? invoiceDate,
      pricesIncludeVat,
      shippingCharge: new Decimal(input.shippingCharge).toFixed(2),
      shippingVatCode: input.shippingVatCode,
      shippingNet: totals.shipping.net,
      shippingVat: totals.shipping.vat,
      carrierServiceId: input.carrierServiceId,
      paymentType: input.paymentType,
      paymentReference: input.paymentReference,
      note: input.note,
      netTotal: totals.net,
      vatTotal: totals.vat,
      grossTotal: totals.gross,
      lineCount: lines.length,
      totalQuantity: input.lines.reduce((s, l) => s.add(l.quantity), ZERO).toFixed(),
    },
    lines,
  };
}

function orderExists(
  existing: { id: string; number: string; status: string; channel: string },
  externalOrderId: string,
) {
  const details: SalesInvoiceExistsDetails = {
    channel: existing.channel as SalesChannel,
    externalOrderId,
    invoiceId: existing.id,
    number: existing.number,
    status: existing.status as SalesInvoiceStatus,
  };
  return conflict(
    E.SALES_INVOICE_EXTERNAL_ORDER_EXISTS,
    `The ${existing.channel} order ${externalOrderId} is already invoice ${existing.number}: an order is invoiced once.`,
    details,
  );
}

export async function createSalesInvoice(ctx: Ctx, input: CreateValues): Promise<SalesInvoice> {
  if (input.book && !ctx.user.permissions.has('approve_sales_invoice'))
    throw forbidden(
      'Booking an invoice needs the permission to book sales invoices: save it as pending instead.',
      { required: ['approve_sales_invoice'] },
      E.SALES_INVOICE_BOOK_NOT_PERMITTED,
    );
  const { book, onShortage, ...values } = input;
  const { head, lines } = await prepare(ctx, values);
  const number = await nextDocumentNumber(ctx.db, 'salesInvoice');
  const id = await repo.insertInvoice(ctx.db, number, head, ctx.user.id);
  if (!id) {
    // The unique index found the channel's order invoiced already (also when both arrived at once).
    const externalOrderId = head.externalOrderId as string;
    const existing = await repo.findByExternalOrder(ctx.db, head.channel, externalOrderId);
    throw existing
      ? orderExists(existing, externalOrderId)
      : conflict(
          E.SALES_INVOICE_EXTERNAL_ORDER_EXISTS,
          `The ${head.channel} order ${externalOrderId} is invoiced already.`,
        );
  }
  await repo.replaceLines(ctx.db, id, lines);
  const created = await getSalesInvoice(ctx.db, id);
  await auditDocument(ctx, salesInvoiceDocument, { number, action: 'create', after: created });
  if (!book) return created;
  return bookSalesInvoice(ctx, id, { onShortage });
}

const lockFor = (ctx: Ctx, id: string, action: keyof typeof salesInvoiceDocument.actions) =>
  lockForAction(ctx.db, salesInvoiceDocument, 'sales_invoices', id, action);

export async function updateSalesInvoice(ctx: Ctx, id: string, input: SalesInvoiceValues): Promise<SalesInvoice> {
  const row = await lockFor(ctx, id, 'edit');
  const before = await getSalesInvoice(ctx.db, id);
  const { head, lines } = await prepare(ctx, input);
  if (head.externalOrderId) {
    const existing = await repo.findByExternalOrder(ctx.db, head.channel, head.externalOrderId);
    if (existing && existing.id !== id) throw orderExists(existing, head.externalOrderId);
  }
  try {
    await repo.updateInvoice(ctx.db, id, head);
  } catch (e) {
    // Another invoice took the order id between the look and the write: the index refuses it.
    if (isUniqueViolation(e, 'sales_invoices_external_order_key'))
      throw conflict(
        E.SALES_INVOICE_EXTERNAL_ORDER_EXISTS,
        `The ${head.channel} order ${head.externalOrderId ?? ''} is invoiced already.`,
      );
    throw e;
  }
  await repo.replaceLines(ctx.db, id, lines);
  const after = await getSalesInvoice(ctx.db, id);
  await auditDocument(ctx, salesInvoiceDocument, { number: row.number, action: 'update', before, after });
  return after;
}

// Steps

/**
 * Book: every stocked line reserved in the invoice's warehouse (reserveMany: all or none, levels locked in the
 * posting service's order, so concurrent bookings of the last units never hold more than is there). With too little
 * available the request's choice decides: REFUSE answers 422 with each line's shortage and writes nothing; KEEP_PENDING
 * records the shortages on the lines and leaves the invoice PENDING with nothing reserved.
 */
export async function bookSalesInvoice(ctx: Ctx, id: string, input: BookValues): Promise<SalesInvoice> {
  const row = await lockFor(ctx, id, 'book');
  const lines = await repo.findLines(ctx.db, [id]);
  const stocked = lines.filter((l) => l.kind !== 'SERVICE');
  const result = await reserveMany(ctx, {
    sourceType: SALES_INVOICE_SOURCE_TYPE,
    sourceId: id,
    lines: stocked.map((l) => ({
      key: l.line_no,
      productId: l.product_id,
      warehouseId: row.warehouse_id,
      quantity: new Decimal(l.quantity),
    })),
  });
  if (!result.ok) {
    const byLine = new Map(lines.map((l) => [l.line_no, l]));
    const shortLines = result.shortages.map((s) => ({
      lineNo: s.key,
      productId: s.productId,
      sku: byLine.get(s.key)?.sku ?? s.productId,
      requested: qty(s.requested),
      available: qty(s.available),
      shortage: qty(s.shortage),
    }));
    const warehouse = await repo.findWarehouse(ctx.db, row.warehouse_id);
    const warehouseCode = warehouse?.code ?? '';
    if ((input.onShortage as SalesInvoiceShortageChoice) === 'REFUSE') {
      const details: SalesInvoiceShortageDetails = { warehouseCode, lines: shortLines };
      throw unprocessable(
        E.SALES_INVOICE_INSUFFICIENT_STOCK,
        `Not enough stock in ${warehouseCode} to book ${row.number}: ${shortLines
          .map((l) => `line ${l.lineNo}, ${l.sku}: ${l.available} available of ${l.requested}`)
          .join('; ')}. Nothing was reserved.`,
        details,
      );
    }
    await repo.setShortages(ctx.db, id, new Map(shortLines.map((l) => [l.lineNo, l.shortage])));
    await recordStep(ctx, salesInvoiceDocument, row, 'book', 'PENDING', {
      after: { warehouseCode, shortages: shortLines },
    });
    return getSalesInvoice(ctx.db, id);
  }
  const reservations = new Map([...result.reservations].map(([lineNo, r]) => [lineNo, r.id]));
  await repo.markBooked(ctx.db, id, reservations, ctx.user.id);
  await recordStep(ctx, salesInvoiceDocument, row, 'book', 'BOOKED', {
    after: { reservationIds: [...reservations.values()], grossTotal: money(row.gross_total), currency: row.currency },
  });
  return getSalesInvoice(ctx.db, id);
}

/** Cancel with a reason: every open reservation of the invoice given back (in product order, the lock order). */
export async function cancelSalesInvoice(ctx: Ctx, id: string, input: CancelValues): Promise<SalesInvoice> {
  const row = await lockFor(ctx, id, 'cancel');
  if (!input.reason)
    throw unprocessable(E.SALES_INVOICE_REASON_REQUIRED, 'Say why the invoice is cancelled.', { field: 'reason' });
  const open = (await repo.findLines(ctx.db, [id]))
    .filter((l) => l.reservation_id && l.reservation_status === 'OPEN')
    .sort((a, b) => (a.product_id < b.product_id ? -1 : a.product_id > b.product_id ? 1 : a.line_no - b.line_no));
  const released: { lineNo: number; reservationId: string; quantity: string }[] = [];
  for (const l of open) {
    await releaseReservation(ctx, l.reservation_id as string);
    released.push({ lineNo: l.line_no, reservationId: l.reservation_id as string, quantity: qty(l.reservation_open) });
  }
  await repo.markCanceled(ctx.db, id, ctx.user.id, input.reason);
  await recordStep(ctx, salesInvoiceDocument, row, 'cancel', 'CANCELED', {
    after: { reason: input.reason, released },
  });
  return getSalesInvoice(ctx.db, id);
}
