import { z } from 'zod';
import { CHANNEL_SCREEN_PERMISSIONS } from '../channels/sync.ts';
import { SalesChannel } from '../master-data/enumerations.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate } from '../platform/pagination.ts';
import type { PermissionName } from '../users/permissions.ts';

/**
 * The landing dashboard (/dashboard/dashboard1): the day's work at a glance. Any signed-in user may ask; the server
 * computes only the figures the caller's permissions open (each figure below names them, any one grants), and a
 * figure the caller may not see is absent from the answer, never zero. Each figure carries the web app's list
 * address with the filters that show its records.
 *
 * - invoicesToBook / invoicesToPick / invoicesToShip: sales invoices PENDING / BOOKED / READY_FOR_DELIVERY; value is
 *   their gross in GBP (each invoice's gross × its rate, rounded to the penny, then summed).
 * - shippedToday: invoices whose shipment was confirmed today (the London day); value as above. The link is the
 *   invoice list's `status=PROCESSED&shippedFrom=<today>&shippedTo=<today>`.
 * - lateShipments: invoices BOOKED, PROCESSING or READY_FOR_DELIVERY past their channel's dispatch promise
 *   (`SalesChannelSetting.dispatchDays`: received on a London day, due by the end of that many working days after
 *   it, late from the day after); the link is the invoice list's `late=true` (the same rule). `lateSince` is the
 *   latest day received that is late today on some channel: the last late day under the shortest promise.
 * - returnsToReceive / returnsToInspect: the returns waiting, return tickets OPEN / RECEIVED (two figures, so that
 *   each opens its list's status exactly).
 * - belowReorderPoint: products at or below their reorder point in at least one warehouse (the inventory summary's
 *   and the replenishment report's one rule).
 * - purchaseOrdersDue / purchaseOrdersOverdue: orders APPROVED or PARTIALLY_RECEIVED expected today / before today.
 *   The lists are one per order type: the link opens the type with the most of them, `awaitingReceipt=true` and
 *   `expectedFrom=<today>&expectedTo=<today>` / `expectedTo=<yesterday>`, by expected date.
 * - supplierInvoicesDue: supplier invoices BOOKED with an open amount, due within DASHBOARD_SETTLEMENT_HORIZON_DAYS
 *   days (overdue ones included); value is the open amount in GBP.
 * - connectorFailures: channel messages FAILED, waiting for a retry.
 * - stockValue: the FIFO value of all stock now, on hand and in transit (the inventory summary's total); no count.
 * belowReorderPoint and stockValue cover the whole catalogue and are read at most twice a minute, so they may be up to
 * half a minute old; the others are read on every request.
 *
 * Two 30-day series per channel (view_sales_invoice): sales (gross in GBP by invoice date, cancelled invoices left
 * out) and shipments (invoices shipped per London day). Every channel with anything in the window has a point for
 * every day, zero included. Money is decimal text, counts integers.
 */

export const DASHBOARD_SETTLEMENT_HORIZON_DAYS = 7;
export const DASHBOARD_SERIES_DAYS = 30;

/** Each figure and the permissions that open it (any one). */
export const DASHBOARD_FIGURES = {
  invoicesToBook: ['view_sales_invoice'],
  invoicesToPick: ['view_sales_invoice'],
  invoicesToShip: ['view_sales_invoice'],
  shippedToday: ['view_sales_invoice'],
  lateShipments: ['view_sales_invoice'],
  returnsToReceive: ['view_return_ticket'],
  returnsToInspect: ['view_return_ticket'],
  belowReorderPoint: ['view_inventory_summary'],
  purchaseOrdersDue: ['view_purchase_order'],
  purchaseOrdersOverdue: ['view_purchase_order'],
  supplierInvoicesDue: ['view_purchase_invoice'],
  connectorFailures: CHANNEL_SCREEN_PERMISSIONS,
  stockValue: ['view_inventory_summary'],
} as const satisfies Record<string, readonly PermissionName[]>;
export type DashboardFigureKey = keyof typeof DASHBOARD_FIGURES;
export const DASHBOARD_FIGURE_KEYS = Object.keys(DASHBOARD_FIGURES) as DashboardFigureKey[];
export const DashboardFigureKey = z.enum(DASHBOARD_FIGURE_KEYS as [DashboardFigureKey, ...DashboardFigureKey[]]);

/** The series' permissions. */
export const DASHBOARD_SERIES_PERMISSIONS = ['view_sales_invoice'] as const satisfies readonly PermissionName[];

export const DashboardFigure = z
  .object({
    key: DashboardFigureKey,
    /** How many records; null where the figure is an amount only (stock value). */
    count: z.number().int().nullable(),
    /** An amount in GBP as decimal text (2 places); null where the figure is a count only. */
    value: z.string().nullable(),
    /** The web app's list with the filters that show these records (a path with its query). */
    url: z.string(),
  })
  .meta({ id: 'DashboardFigure' });
export type DashboardFigure = z.infer<typeof DashboardFigure>;

const ChannelSeries = <T extends z.ZodType>(value: T) =>
  z.array(z.object({ channel: SalesChannel, points: z.array(z.object({ date: IsoDate, value })) }));

export const DashboardSummary = z
  .object({
    /** Today in London (YYYY-MM-DD) and when the figures were read. */
    today: IsoDate,
    generatedAt: z.string(),
    /** The latest day received that is late today on some channel; present with the late shipments' figure. */
    lateSince: IsoDate.optional(),
    figures: z.array(DashboardFigure),
    /** The series' first day; the last is today. Present with the series. */
    seriesFrom: IsoDate.optional(),
    /** Gross sales in GBP per channel and invoice day. */
    sales: ChannelSeries(z.string()).optional(),
    /** Invoices shipped per channel and London day. */
    shipments: ChannelSeries(z.number().int()).optional(),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof DashboardSummary>;

export const dashboardHomeApi = {
  dashboardSummary: endpoint({
    method: 'GET',
    path: '/api/dashboard/summary',
    permission: 'authenticated',
    tag: 'dashboards',
    summary:
      'The landing dashboard: the day’s work as counts and amounts, only those the caller’s permissions open, each with its list’s address, and 30 days of sales and shipments per channel',
    response: DashboardSummary,
  }),
};
