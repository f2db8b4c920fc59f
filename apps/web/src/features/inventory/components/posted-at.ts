import { formatDate, formatDateTime } from '../../../shared/lib/dates.ts';

const IS_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** When a ledger row counts: a posting day as it is, an instant as day and time in the viewer's zone. */
export function postedAtText(value: string): string {
  return IS_DAY.test(value) ? value : formatDateTime(value);
}

/** The day (YYYY-MM-DD, the viewer's zone) a ledger row counts on. */
export function postedDay(value: string): string {
  return formatDate(value);
}
