import type { DailyControlCounts, DailyControlReport } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { dailyControlLines } from '../src/features/reports/components/daily-control-rows.ts';

const c = (received: number, pending: number): DailyControlCounts => ({
  received,
  booked: 0,
  picked: 0,
  shipped: 0,
  shippedLate: 0,
  pending,
  overdue: 0,
});

const report: DailyControlReport = {
  from: '2025-06-01',
  to: '2025-06-03',
  today: '2025-06-10',
  rows: [
    { date: '2025-06-02', channel: 'AMAZON', ...c(2, 2) },
    { date: '2025-06-02', channel: 'MANUAL', ...c(1, 1) },
    { date: '2025-06-03', channel: 'AMAZON', ...c(0, 2) },
  ],
  days: [
    { date: '2025-06-01', ...c(0, 0) },
    { date: '2025-06-02', ...c(3, 3) },
    { date: '2025-06-03', ...c(0, 2) },
  ],
  channels: [],
  totals: c(3, 2),
};

describe('the daily control table', () => {
  it('lists the newest day first, each day its channels then, with several, their total; days with none left out', () => {
    expect(dailyControlLines(report).map((l) => [l.key, l.isFirstOfDay, l.received, l.pending])).toEqual([
      ['2025-06-03:AMAZON', true, 0, 2],
      ['2025-06-02:AMAZON', true, 2, 2],
      ['2025-06-02:MANUAL', false, 1, 1],
      ['2025-06-02:ALL', false, 3, 3],
    ]);
  });

  it('reads oldest first when asked', () => {
    expect(dailyControlLines(report, false).map((l) => l.key)).toEqual([
      '2025-06-02:AMAZON',
      '2025-06-02:MANUAL',
      '2025-06-02:ALL',
      '2025-06-03:AMAZON',
    ]);
  });
});
