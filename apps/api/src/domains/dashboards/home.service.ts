import {
  DASHBOARD_FIGURES,
  DASHBOARD_SERIES_DAYS,
  DASHBOARD_SERIES_PERMISSIONS,
  DASHBOARD_SETTLEMENT_HORIZON_DAYS,
  type DashboardFigure,
  type DashboardFigureKey,
  type DashboardSummary,
  type PurchaseOrderType,
  SALES_CHANNELS,
  type SalesChannel,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { addDays, todayInLondon } from '../../platform/business-day.ts';
import * as repo from './home.repository.ts';
import { reused } from './reuse.ts';

/**
 * The landing dashboard's figures (contract dashboards/home.ts): only those the caller's permissions open are read,
 * all at once on the pool; each carries the address of the web app's list that shows its records.
 */

type Db = Kysely<Database>;

const money = (v: string) => new Decimal(v).toFixed(2, Decimal.ROUND_HALF_UP);

// --- List addresses (the web app's routes and the URL filters its lists read) -------------------------------

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};
const SALES_INVOICES = '/sales-invoice/sales-invoice';
const RETURN_TICKETS = '/return-ticket/return-tickets-list';
const INVENTORY_SUMMARY = '/inventory/summary';
const PURCHASE_INVOICES = '/purchase-invoice/purchase-invoice';
const purchaseOrders = (type: string) => `/purchase-order/purchase-order/${type}`;
/** The channel screen that lists an account type's messages (web features/api, sync/screens.ts). */
const CHANNEL_SCREEN: Record<string, string> = {
  AMAZON: '/api/amazon-fulfillment',
  EBAY: '/api/seller-hub-update',
  SHOPIFY: '/api/marketplace-fulfillment',
  TIKTOK: '/api/marketplace-fulfillment',
  ROYAL_MAIL: '/api/royal-mail-fulfillment',
  DHL: '/api/dhl-fulfillment',
  DPD: '/api/shipping-career-fulfillment',
  PARCELFORCE: '/api/shipping-career-fulfillment',
};

/** The type whose list holds the most of these orders (Prior PO when none or tied). */
function busiestType(rows: repo.OrdersWaiting[], pick: (r: repo.OrdersWaiting) => number): PurchaseOrderType {
  let best: repo.OrdersWaiting | null = null;
  for (const row of rows)
    if (pick(row) > 0 && (!best || pick(row) > pick(best) || (pick(row) === pick(best) && row.type < best.type)))
      best = row;
  return (best?.type as PurchaseOrderType | undefined) ?? 'PRIOR_ORDER_PO';
}

/**
 * The purchase order lists are one per type: the link opens the type holding most of these orders, waiting for goods
 * (awaitingReceipt) and expected in the figure's days, sorted by expected date (the oldest first).
 */
function ordersUrl(
  rows: repo.OrdersWaiting[],
  pick: (r: repo.OrdersWaiting) => number,
  expected: { expectedFrom?: string; expectedTo: string },
): string {
  return withQuery(purchaseOrders(busiestType(rows, pick)), {
    awaitingReceipt: 'true',
    expectedFrom: expected.expectedFrom,
    expectedTo: expected.expectedTo,
    sort: 'expectedDate',
  });
}

// --- The summary ----------------------------------------------------------------------------------------------

const may = (user: AuthUser, needed: readonly string[]) => needed.some((p) => user.permissions.has(p));

/** Fills every day from `from` to `to` for each channel that has anything in the window, in the contract's order. */
function perChannel<T>(
  rows: { day: string; channel: string; value: T }[],
  from: string,
  to: string,
  zero: T,
): { channel: SalesChannel; points: { date: string; value: T }[] }[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  const byChannel = new Map<string, Map<string, T>>();
  for (const row of rows) {
    const channel = byChannel.get(row.channel) ?? new Map<string, T>();
    channel.set(row.day, row.value);
    byChannel.set(row.channel, channel);
  }
  return SALES_CHANNELS.filter((c) => byChannel.has(c)).map((channel) => {
    const values = byChannel.get(channel) as Map<string, T>;
    return { channel, points: days.map((date) => ({ date, value: values.get(date) ?? zero })) };
  });
}

export async function dashboardSummary(db: Db, user: AuthUser, now = new Date()): Promise<DashboardSummary> {
  const today = todayInLondon(now);
  const sees = (key: DashboardFigureKey) => may(user, DASHBOARD_FIGURES[key]);
  const figures: DashboardFigure[] = [];
  const add = (key: DashboardFigureKey, count: number | null, value: string | null, url: string) =>
    figures.push({ key, count, value: value === null ? null : money(value), url });
  const summary: DashboardSummary = { today, generatedAt: now.toISOString(), figures };
  const dueBy = addDays(today, DASHBOARD_SETTLEMENT_HORIZON_DAYS);
  const seriesFrom = addDays(today, -(DASHBOARD_SERIES_DAYS - 1));
  const none = Promise.resolve(null);
  const series = may(user, DASHBOARD_SERIES_PERMISSIONS);

  const [sales, shipped, late, returns, reorder, orders, supplierDue, failures, value, salesDays, shipDays] =
    await Promise.all([
      sees('invoicesToBook') ? repo.salesInvoicesByStatus(db) : none,
      sees('shippedToday') ? repo.shippedOn(db, today) : none,
      sees('lateShipments') ? repo.lateShipments(db, today) : none,
      sees('returnsToReceive') ? repo.returnsWaiting(db) : none,
      sees('belowReorderPoint') ? reused(db, 'reorder', () => repo.productsAtOrBelowReorderPoint(db)) : none,
      sees('purchaseOrdersDue') ? repo.purchaseOrdersWaiting(db, today) : none,
      sees('supplierInvoicesDue') ? repo.supplierInvoicesDue(db, dueBy) : none,
      sees('connectorFailures') ? repo.failedChannelMessages(db) : none,
      sees('stockValue') ? reused(db, 'stockValue', () => repo.stockValue(db)) : none,
      series ? repo.salesPerDay(db, seriesFrom, today) : none,
      series ? repo.shipmentsPerDay(db, seriesFrom) : none,
    ]);

  if (sales) {
    const of = (status: string) => sales.get(status) ?? { count: 0, value: '0' };
    const status = (s: string) => withQuery(SALES_INVOICES, { status: s });
    add('invoicesToBook', of('PENDING').count, of('PENDING').value, status('PENDING'));
    add('invoicesToPick', of('BOOKED').count, of('BOOKED').value, status('BOOKED'));
    add('invoicesToShip', of('READY_FOR_DELIVERY').count, of('READY_FOR_DELIVERY').value, status('READY_FOR_DELIVERY'));
  }
  if (shipped)
    add(
      'shippedToday',
      shipped.count,
      shipped.value,
      withQuery(SALES_INVOICES, { status: 'PROCESSED', shippedFrom: today, shippedTo: today }),
    );
  if (late) {
    // The list's late filter applies the count's own rule (sales invoices' isLateShipment), oldest first.
    if (late.lastDay) summary.lateSince = late.lastDay;
    add('lateShipments', late.count, null, withQuery(SALES_INVOICES, { late: 'true', sort: 'invoiceDate' }));
  }
  if (returns) {
    add('returnsToReceive', returns.open, null, withQuery(RETURN_TICKETS, { status: 'OPEN' }));
    add('returnsToInspect', returns.received, null, withQuery(RETURN_TICKETS, { status: 'RECEIVED' }));
  }
  if (reorder !== null) add('belowReorderPoint', reorder, null, withQuery(INVENTORY_SUMMARY, { belowReorder: 'true' }));
  if (orders) {
    const sum = (pick: (r: repo.OrdersWaiting) => number) => orders.reduce((n, r) => n + pick(r), 0);
    add(
      'purchaseOrdersDue',
      sum((r) => r.due),
      null,
      ordersUrl(orders, (r) => r.due, { expectedFrom: today, expectedTo: today }),
    );
    add(
      'purchaseOrdersOverdue',
      sum((r) => r.overdue),
      null,
      ordersUrl(orders, (r) => r.overdue, { expectedTo: addDays(today, -1) }),
    );
  }
  if (supplierDue)
    add(
      'supplierInvoicesDue',
      supplierDue.count,
      supplierDue.value,
      withQuery(PURCHASE_INVOICES, { status: 'BOOKED', dueTo: dueBy, sort: 'dueDate' }),
    );
  if (failures) {
    const most = [...failures].sort((a, b) => b.n - a.n || a.type.localeCompare(b.type))[0];
    const screen = (most && CHANNEL_SCREEN[most.type]) ?? '/api/marketplace-fulfillment';
    add(
      'connectorFailures',
      failures.reduce((n, r) => n + r.n, 0),
      null,
      withQuery(screen, { status: 'FAILED' }),
    );
  }
  if (value !== null) add('stockValue', null, value, INVENTORY_SUMMARY);
  if (salesDays && shipDays) {
    summary.seriesFrom = seriesFrom;
    summary.sales = perChannel(
      salesDays.map((r) => ({ day: r.day, channel: r.channel, value: money(r.value) })),
      seriesFrom,
      today,
      '0.00',
    );
    summary.shipments = perChannel(
      shipDays.map((r) => ({ day: r.day, channel: r.channel, value: r.n })),
      seriesFrom,
      today,
      0,
    );
  }
  return summary;
}
