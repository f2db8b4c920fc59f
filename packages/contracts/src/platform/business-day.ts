/**
 * The business keeps its books in the United Kingdom: "today", a document's year and a report's day are
 * London's, whatever the server's, the database's or the browser's time zone. The one copy of that rule
 * for the API (apps/api/src/platform/business-day.ts builds its SQL on it) and the web app.
 */
export const BUSINESS_TIME_ZONE = 'Europe/London';

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The London day (YYYY-MM-DD) of an instant. */
export const londonDay = (at: Date): string => LONDON_DAY.format(at);

/** Today in London, YYYY-MM-DD. */
export const todayInLondon = (now = new Date()): string => londonDay(now);

/** A calendar day as numbers. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** The day of `instant` in the United Kingdom, as numbers. */
export function ukCalendarDay(instant: Date = new Date()): CalendarDay {
  const [year = '0', month = '0', day = '0'] = londonDay(instant).split('-');
  return { year: Number.parseInt(year, 10), month: Number.parseInt(month, 10), day: Number.parseInt(day, 10) };
}
