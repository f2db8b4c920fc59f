import { todayInLondon } from '@backoffice/contracts';
/** Calendar arithmetic on YYYY-MM-DD days (no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map((part) => Number.parseInt(part, 10));
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  const at = (day: string) => {
    const [y = 1970, m = 1, d = 1] = day.split('-').map((part) => Number.parseInt(part, 10));
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return at(to) - at(from);
}

export const IS_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the United Kingdom, the business's day (the server's reports count days in Europe/London). */
export const ukToday = (): string => todayInLondon();
