import { BUSINESS_TIME_ZONE, londonDay, todayInLondon } from '@backoffice/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * The business day: the business keeps its books in the United Kingdom, so "today", a day's first instant and
 * a day's end are London's whatever the server's or the database's time zone. One copy for every area, in
 * JavaScript and as SQL fragments.
 */

export { BUSINESS_TIME_ZONE, londonDay, todayInLondon };

type Fragment = RawBuilder<unknown>;

/** The calendar day `days` after `day` (both YYYY-MM-DD; negative goes back): arithmetic on the date alone. */
export function addDays(day: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map((p) => Number.parseInt(p, 10));
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today in London as an SQL date, by the database's clock (the one postings are stamped with). */
export const TODAY = sql`(now() AT TIME ZONE ${sql.lit(BUSINESS_TIME_ZONE)})::date`;

/** The first instant of a day (YYYY-MM-DD, or an SQL date) in London. */
export const dayStart = (day: string | Fragment) =>
  typeof day === 'string'
    ? sql`(${day}::date::timestamp AT TIME ZONE ${sql.lit(BUSINESS_TIME_ZONE)})`
    : sql`((${day})::timestamp AT TIME ZONE ${sql.lit(BUSINESS_TIME_ZONE)})`;

/** The first instant after a day: a row stamped on that day is before it (backdated ones at 23:59:59.999). */
export const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${sql.lit(BUSINESS_TIME_ZONE)})`;
