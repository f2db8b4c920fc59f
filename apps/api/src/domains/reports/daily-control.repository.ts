import { type DailyControlCounts, defaultDispatchDays, SALES_CHANNELS, type SalesChannel } from '@backoffice/contracts';
import { sql } from 'kysely';
import { BUSINESS_TIME_ZONE, dayEnd, dayStart, TODAY } from '../../platform/business-day.ts';
import { and, type Db, type Fragment } from './report-sql.repository.ts';

/**
 * The Daily Control and Ship List's SQL (contract packages/contracts/src/reports/daily-control.ts). One grouped
 * statement over the invoices that were open at some time in the range:
 *
 * 1. `inv`: those open now and created before the range's end (index sales_invoices_status_created), and those
 *    closed (shipped or cancelled) since the range's start (sales_invoices_closed_at, migration 0062). At a million
 *    invoices a range of a fortnight reads the open book and a fortnight's closed invoices, never the history.
 * 2. `picks`: the pick lists confirmed in the range (index pick_lists_confirmed_at, migration 0062) and the invoices
 *    they packed.
 * 3. `facts`: per invoice its London days: received, booked, picked, shipped, left the book (shipped or cancelled)
 *    and due (received + the channel's dispatch promise in working days, `add_working_days`); invoices alike in all
 *    of these are one group with their number.
 * 4. `ev`: each fact as an event on its day; "pending" and "overdue" as +n when invoices enter and −n when they
 *    leave, so that a running sum over the days (a window over generate_series) gives them at each day's end.
 *    Events before the range fold into its first day (the opening book), those after it are dropped.
 */

export interface DailyControlDbRow extends DailyControlCounts {
  date: string;
  channel: SalesChannel;
}

export interface DailyControlQuery {
  from: string;
  to: string;
  channel?: SalesChannel | undefined;
  warehouseId?: string | undefined;
}

const OPEN = sql`('PENDING', 'BOOKED', 'PROCESSING', 'READY_FOR_DELIVERY')`;
const CLOSED = sql`('PROCESSED', 'CANCELED')`;
const ZONE = sql.lit(BUSINESS_TIME_ZONE);
const london = (column: string) => sql`(${sql.ref(column)} AT TIME ZONE ${ZONE})::date`;

/** A channel's promise when its settings row has none (a channel added after migration 0062). */
const DEFAULT_DAYS = sql`CASE c.channel ${sql.join(
  SALES_CHANNELS.map((c) => sql`WHEN ${sql.lit(c)} THEN ${sql.lit(defaultDispatchDays(c))}`),
  sql` `,
)} ELSE 2 END`;

export async function londonToday(db: Db): Promise<string> {
  const { rows } = await sql<{ today: string }>`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS today`.execute(db);
  return rows[0]?.today ?? new Date().toISOString().slice(0, 10);
}

/** Each channel's dispatch promise in working days, as configured. */
export async function dispatchDays(db: Db): Promise<Map<SalesChannel, number>> {
  const rows = await db.selectFrom('sales_channel_settings').select(['channel', 'dispatch_days']).execute();
  const found = new Map(rows.map((r) => [r.channel, r.dispatch_days]));
  return new Map(SALES_CHANNELS.map((c) => [c, found.get(c) ?? defaultDispatchDays(c)]));
}

export async function warehouseName(db: Db, id: string) {
  return (await db.selectFrom('warehouses').select(['code', 'name']).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Every day of the range for every channel with something in it, oldest day first, channels in name order. */
export async function dailyControlRows(db: Db, q: DailyControlQuery): Promise<DailyControlDbRow[]> {
  const { rows } = await dailyControlSql(q).execute(db);
  return rows;
}

/** The statement itself (EXPLAIN reads it in the tests). */
export function dailyControlSql(q: DailyControlQuery) {
  const filters: Fragment[] = [];
  if (q.channel) filters.push(sql`i.channel = ${q.channel}`);
  if (q.warehouseId) filters.push(sql`i.warehouse_id = ${q.warehouseId}::uuid`);
  const where = and(filters);
  const from = sql`${q.from}::date`;
  const to = sql`${q.to}::date`;
  return sql<DailyControlDbRow>`
    WITH inv AS (
      SELECT i.id, i.channel, i.created_at, i.booked_at, i.shipped_at, NULL::timestamptz AS closed_at
      FROM sales_invoices i
      WHERE i.status IN ${OPEN} AND i.created_at < ${dayEnd(q.to)} AND ${where}
      UNION ALL
      SELECT i.id, i.channel, i.created_at, i.booked_at, i.shipped_at,
             GREATEST(COALESCE(i.shipped_at, i.canceled_at, i.created_at), i.created_at)
      FROM sales_invoices i
      WHERE i.status IN ${CLOSED}
        AND COALESCE(i.shipped_at, i.canceled_at, i.created_at) >= ${dayStart(q.from)}
        AND i.created_at < ${dayEnd(q.to)} AND ${where}
    ),
    -- The pick lists confirmed in the range and the invoices they packed (a pick outside it counts on no day shown).
    picks AS (
      SELECT pli.invoice_id, min(pl.confirmed_at) AS picked_at
      FROM pick_lists pl
      JOIN pick_list_invoices pli ON pli.pick_list_id = pl.id AND pli.outcome IN ('PICKED', 'PARTIAL')
      WHERE pl.status = 'CONFIRMED' AND pl.confirmed_at >= ${dayStart(q.from)} AND pl.confirmed_at < ${dayEnd(q.to)}
      GROUP BY pli.invoice_id
    ),
    -- Invoices with the same channel and days counted once with their number (n): a year's closed invoices fall into
    -- a few thousand such groups, so the events below are per group, not per invoice.
    grouped AS MATERIALIZED (
      SELECT inv.channel,
             ${london('inv.created_at')} AS r,
             ${london('inv.booked_at')} AS b,
             ${london('picks.picked_at')} AS p,
             ${london('inv.shipped_at')} AS s,
             ${london('inv.closed_at')} AS l,
             count(*) AS n
      FROM inv LEFT JOIN picks ON picks.invoice_id = inv.id
      GROUP BY 1, 2, 3, 4, 5, 6
    ),
    -- Each channel's due day per day received, worked out once (add_working_days steps over non-working days).
    due AS MATERIALIZED (
      SELECT c.channel, c.r, add_working_days(c.r, COALESCE(st.dispatch_days, ${DEFAULT_DAYS})) AS due
      FROM (SELECT DISTINCT g.channel, g.r FROM grouped g) c
      LEFT JOIN sales_channel_settings st ON st.channel = c.channel
    ),
    facts AS MATERIALIZED (
      SELECT g.channel, g.n, g.r, g.b, g.p, g.s, g.l,
             (g.s > d.due) AS late,
             d.due + 1 AS over_from,
             CASE WHEN g.l IS NOT NULL THEN GREATEST(g.l, d.due + 1) END AS over_to
      FROM grouped g JOIN due d ON d.channel = g.channel AND d.r = g.r
    ),
    ev AS (
      SELECT f.channel, e.d, e.received, e.booked, e.picked, e.shipped, e.late, e.pend, e.over
      FROM facts f
      CROSS JOIN LATERAL (VALUES
        (f.r, f.n, 0, 0, 0, 0, f.n, 0),
        (f.b, 0, f.n, 0, 0, 0, 0, 0),
        (f.p, 0, 0, f.n, 0, 0, 0, 0),
        (f.s, 0, 0, 0, f.n, CASE WHEN f.late THEN f.n ELSE 0 END, 0, 0),
        (f.l, 0, 0, 0, 0, 0, -f.n, 0),
        (f.over_from, 0, 0, 0, 0, 0, 0, f.n),
        (f.over_to, 0, 0, 0, 0, 0, 0, -f.n)
      ) AS e(d, received, booked, picked, shipped, late, pend, over)
      WHERE e.d IS NOT NULL AND e.d <= ${to}
    ),
    agg AS (
      SELECT ev.channel, GREATEST(ev.d, ${from}) AS day,
             sum(ev.received) FILTER (WHERE ev.d >= ${from}) AS received,
             sum(ev.booked) FILTER (WHERE ev.d >= ${from}) AS booked,
             sum(ev.picked) FILTER (WHERE ev.d >= ${from}) AS picked,
             sum(ev.shipped) FILTER (WHERE ev.d >= ${from}) AS shipped,
             sum(ev.late) FILTER (WHERE ev.d >= ${from}) AS late,
             sum(ev.pend) AS pend,
             sum(ev.over) AS over
      FROM ev
      GROUP BY 1, 2
    ),
    grid AS (
      SELECT c.channel, g.day::date AS day
      FROM (SELECT DISTINCT channel FROM agg) c
      CROSS JOIN generate_series(${from}, ${to}, interval '1 day') AS g(day)
    )
    SELECT to_char(grid.day, 'YYYY-MM-DD') AS date, grid.channel,
           COALESCE(agg.received, 0)::int AS received,
           COALESCE(agg.booked, 0)::int AS booked,
           COALESCE(agg.picked, 0)::int AS picked,
           COALESCE(agg.shipped, 0)::int AS shipped,
           COALESCE(agg.late, 0)::int AS "shippedLate",
           (sum(COALESCE(agg.pend, 0)) OVER w)::int AS pending,
           (sum(COALESCE(agg.over, 0)) OVER w)::int AS overdue
    FROM grid
    LEFT JOIN agg ON agg.channel = grid.channel AND agg.day = grid.day
    WINDOW w AS (PARTITION BY grid.channel ORDER BY grid.day)
    ORDER BY grid.day, grid.channel`;
}
