import { defaultDispatchDays, SALES_CHANNELS, type SalesChannel } from '@backoffice/contracts';
import { type RawBuilder, sql } from 'kysely';
import { dayStart, TODAY } from '../../platform/business-day.ts';

/**
 * Late shipments: the one rule the invoice list's `late` filter and the landing dashboard's count share (contract
 * SalesInvoiceFilter.late). An invoice booked but not shipped (BOOKED, PROCESSING, READY_FOR_DELIVERY) is late when
 * the channel's dispatch promise (`sales_channel_settings.dispatch_days` working days, migration 0062) counted from
 * the London day it was received (created) ends before today: due by the end of that day, late from the day after.
 * The working days are the database's `add_working_days`, which the Daily Control report counts with too.
 *
 * The due day only moves forward with the day received, so the late days of a channel are every day up to its last
 * late day: each channel's last late day is worked out once per statement (uncorrelated subqueries, run once), and
 * each open invoice is compared with the first instant after it, not put through the working-day arithmetic.
 */

type Fragment = RawBuilder<unknown>;

/** The statuses of an invoice booked and not yet shipped: those that can be late. */
export const AWAITING_DISPATCH = ['BOOKED', 'PROCESSING', 'READY_FOR_DELIVERY'] as const;

/** More calendar days than the longest promise (30 working days, from a weekend day) spans. */
const PROMISE_SPAN_DAYS = 60;

/** A channel's promise in working days: its setting, else the contracts' default for it. */
export const dispatchDaysOf = (channel: SalesChannel) =>
  sql<number>`COALESCE((SELECT st.dispatch_days FROM sales_channel_settings st WHERE st.channel = ${sql.lit(channel)}),
    ${sql.lit(defaultDispatchDays(channel))})`;

/** Whether an order received on the day `received` under a promise of `days` working days is late on `today`. */
export const pastDispatchPromise = (received: Fragment, days: Fragment, today: Fragment) =>
  sql<boolean>`(add_working_days(${received}, ${days}) < ${today})`;

/** The latest day received (an SQL date) whose orders on `channel` are late on `today`: every day before it is too. */
export const lastLateDay = (channel: SalesChannel, today: Fragment = TODAY) =>
  sql<string>`(SELECT max(g.d)::date
    FROM generate_series((${today} - ${sql.lit(PROMISE_SPAN_DAYS)})::timestamp, (${today} - 1)::timestamp, interval '1 day') AS g (d)
    WHERE ${pastDispatchPromise(sql`g.d::date`, dispatchDaysOf(channel), today)})`;

/**
 * The invoices (table alias `alias`) late on `today` (an SQL date; London's today by the database's clock unless
 * given): never null, so `NOT` of it is every other invoice. Open invoices only, so the statuses' index
 * (status, created_at) finds the candidates.
 */
export function isLateShipment(alias: string, today: Fragment = TODAY) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const notLateFrom = SALES_CHANNELS.map(
    (channel) => sql`WHEN ${sql.lit(channel)} THEN ${dayStart(sql`${lastLateDay(channel, today)} + 1`)}`,
  );
  return sql<boolean>`(${column('status')} IN (${sql.join(AWAITING_DISPATCH.map((s) => sql.lit(s)))})
    AND COALESCE(${column('created_at')} < CASE ${column('channel')} ${sql.join(notLateFrom, sql` `)} END, false))`;
}
