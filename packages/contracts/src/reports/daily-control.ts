import { z } from 'zod';
import { SalesChannel } from '../master-data/enumerations.ts';
import { endpoint } from '../platform/endpoint.ts';
import { IsoDate, Uuid } from '../platform/pagination.ts';
import { PdfFile, PrintoutLanguage } from '../platform/printouts.ts';

/**
 * Daily Control and Ship List (DOMAIN.md "Reports"; screen /reports/daily-control-and-ship-list, permission
 * daily_control_and_ship_list_report): per London business day and sales channel, what came in and what went out of
 * the order book, counted in sales invoices (a back-order split off at picking is an invoice of its own, received the
 * day it was split):
 *
 * - received: invoices created that day;
 * - booked: invoices booked that day (stock reserved; `booked_at`);
 * - picked: invoices packed that day by a confirmed pick list (picked in full, or in part with a back-order);
 * - shipped: invoices shipped that day by a confirmed ship list (`shipped_at`);
 * - shippedLate: of those, the ones shipped after their channel's dispatch promise;
 * - pending: invoices received by the end of the day and, at that end, neither shipped nor cancelled;
 * - overdue: of those, the ones already past their dispatch promise.
 *
 * The promise is the channel's setting (`SalesChannelSetting.dispatchDays`): an invoice received on day R is due by
 * the end of the `dispatchDays`-th working day (Monday to Friday) after R. Range totals add up the day counts;
 * pending and overdue are as at the end of the range's last day. Every figure is the database's, over the whole filter.
 */

/** The longest range, in days (both ends included). */
export const DAILY_CONTROL_MAX_DAYS = 366;
/** The days shown when no range is asked for: the last 14, today included. */
export const DAILY_CONTROL_DEFAULT_DAYS = 14;

/** A real calendar day (not 2025-02-30). */
const CalendarDay = IsoDate.refine((d) => {
  const [y = 0, m = 0, dd = 0] = d.split('-').map((p) => Number.parseInt(p, 10));
  const date = new Date(Date.UTC(y, m - 1, dd));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === dd;
}, 'not a day of the calendar');

/** Days from one YYYY-MM-DD to another (calendar arithmetic), negative when `to` is before `from`. */
export function dailyControlDaysBetween(from: string, to: string): number {
  const day = (d: string) => {
    const [y = 1970, m = 1, dd = 1] = d.split('-').map((p) => Number.parseInt(p, 10));
    return Date.UTC(y, m - 1, dd) / 86_400_000;
  };
  return day(to) - day(from);
}

/**
 * The filter: `from`..`to` (London days, both included; `to` defaults to today and `from` to the 13 days before
 * `to`), one channel, one warehouse. A range ending before it starts, ending after today or longer than
 * DAILY_CONTROL_MAX_DAYS answers 400 VALIDATION_FAILED naming `to`.
 */
const FilterShape = z.object({
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
  channel: SalesChannel.optional(),
  warehouseId: Uuid.optional(),
});
const checkRange = (f: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!f.from || !f.to) return;
  const days = dailyControlDaysBetween(f.from, f.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'the range ends before it starts' });
  else if (days + 1 > DAILY_CONTROL_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `a range of at most ${DAILY_CONTROL_MAX_DAYS} days: this one has ${days + 1}`,
    });
};
export const DailyControlFilter = FilterShape.superRefine(checkRange);
export type DailyControlFilter = z.infer<typeof DailyControlFilter>;

export const DailyControlPrintQuery = FilterShape.extend({ lang: PrintoutLanguage.optional() }).superRefine(checkRange);
export type DailyControlPrintQuery = z.infer<typeof DailyControlPrintQuery>;

/** The counts of a day (and channel), or of the range. */
export const DailyControlCounts = z.object({
  received: z.number().int(),
  booked: z.number().int(),
  picked: z.number().int(),
  shipped: z.number().int(),
  shippedLate: z.number().int(),
  pending: z.number().int(),
  overdue: z.number().int(),
});
export type DailyControlCounts = z.infer<typeof DailyControlCounts>;
export const DAILY_CONTROL_COUNTS = [
  'received',
  'booked',
  'picked',
  'shipped',
  'shippedLate',
  'pending',
  'overdue',
] as const satisfies readonly (keyof DailyControlCounts)[];

/** One day and channel. */
export const DailyControlRow = DailyControlCounts.extend({ date: z.string(), channel: SalesChannel });
export type DailyControlRow = z.infer<typeof DailyControlRow>;

/** One day, every channel of the filter together. */
export const DailyControlDay = DailyControlCounts.extend({ date: z.string() });
export type DailyControlDay = z.infer<typeof DailyControlDay>;

/** One channel over the range, with the promise it was measured against. */
export const DailyControlChannel = DailyControlCounts.extend({
  channel: SalesChannel,
  dispatchDays: z.number().int(),
});
export type DailyControlChannel = z.infer<typeof DailyControlChannel>;

export const DailyControlReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Today in London when the report was read. */
  today: z.string(),
  /**
   * Every day of the range (oldest first) for every channel with an invoice received, booked, picked, shipped or
   * pending in it; a day with nothing is a row of zeros, so each channel's days read as a series.
   */
  rows: z.array(DailyControlRow),
  /** Every day of the range, oldest first: the channels added up. */
  days: z.array(DailyControlDay),
  /** Each channel of `rows` over the range. */
  channels: z.array(DailyControlChannel),
  /** The range: day counts added up; pending and overdue at the end of its last day. */
  totals: DailyControlCounts,
});
export type DailyControlReport = z.infer<typeof DailyControlReport>;

const TAG = 'reports';
const PERMISSION = 'daily_control_and_ship_list_report';

export const dailyControlApi = {
  dailyControl: endpoint({
    method: 'GET',
    path: '/api/reports/daily-control-and-ship-list',
    permission: PERMISSION,
    tag: TAG,
    summary:
      'Per day and channel: invoices received, booked, picked, shipped (and shipped late), pending and overdue at the end of the day, with totals (at most 366 days)',
    query: DailyControlFilter,
    response: DailyControlReport,
  }),
  exportDailyControl: endpoint({
    method: 'GET',
    path: '/api/reports/daily-control-and-ship-list/export',
    permission: PERMISSION,
    tag: TAG,
    summary: 'The daily control and ship list of a filter as an .xlsx file',
    query: DailyControlFilter,
    response: z.unknown(),
  }),
  printDailyControl: endpoint({
    method: 'GET',
    path: '/api/reports/daily-control-and-ship-list/pdf',
    permission: PERMISSION,
    tag: TAG,
    summary: 'The daily control and ship list of a filter as a PDF printout (A4), in the language asked for',
    query: DailyControlPrintQuery,
    response: PdfFile,
  }),
};
