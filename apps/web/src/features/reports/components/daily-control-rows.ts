import type { DailyControlCounts, DailyControlReport, SalesChannel } from '@backoffice/contracts';

/** A line of the daily control table: a day and channel, or (channel ALL) the day's channels together. */
export interface DailyControlLine extends DailyControlCounts {
  key: string;
  date: string;
  channel: SalesChannel | 'ALL';
  /** The day's first line: the day is written on it only, so the eye finds where a day starts. */
  isFirstOfDay: boolean;
}

/**
 * The table's lines, newest day first (the day the reader checks is today's): each day's channels and, when it
 * has several, their total. Days with no channel at all are left out (the chart still shows them).
 */
export function dailyControlLines(report: DailyControlReport, newestFirst = true): DailyControlLine[] {
  const byDay = new Map<string, DailyControlReport['rows']>();
  for (const row of report.rows) byDay.set(row.date, [...(byDay.get(row.date) ?? []), row]);
  const days = newestFirst ? [...report.days].reverse() : report.days;
  return days.flatMap((day) => {
    const rows = byDay.get(day.date) ?? [];
    const lines: DailyControlLine[] = rows.map((row, i) => ({
      ...row,
      key: `${row.date}:${row.channel}`,
      isFirstOfDay: i === 0,
    }));
    if (rows.length > 1) lines.push({ ...day, key: `${day.date}:ALL`, channel: 'ALL', isFirstOfDay: false });
    return lines;
  });
}
