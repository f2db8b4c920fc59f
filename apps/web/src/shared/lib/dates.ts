/** Dates are shown YYYY-MM-DD everywhere (specification section 5), in the viewer's time zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD and the time of day (HH:mm:ss), for log instants. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function today(): string {
  return formatDate(new Date());
}

/** A day from the address bar (a list's URL filter): YYYY-MM-DD and a day of the calendar, else undefined. */
export function urlDay(value: string | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y = 0, m = 0, d = 0] = value.split('-').map((part) => Number.parseInt(part, 10));
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : undefined;
}

/**
 * A range of days from the address bar, both ends included: each end a real day, and an end before the start left out,
 * so a hand-edited address never reaches the API with a range it refuses.
 */
export function urlDayRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const start = urlDay(from);
  const end = urlDay(to);
  return { ...(start ? { from: start } : {}), ...(end && !(start && end < start) ? { to: end } : {}) };
}
