import {
  DAILY_CONTROL_COUNTS,
  DAILY_CONTROL_DEFAULT_DAYS,
  DAILY_CONTROL_MAX_DAYS,
  type DailyControlChannel,
  type DailyControlCounts,
  type DailyControlDay,
  type DailyControlFilter,
  type DailyControlReport,
  type DailyControlRow,
  dailyControlDaysBetween,
} from '@backoffice/contracts';
import { addDays } from '../../platform/business-day.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  type PdfColumn,
  type PdfLine,
  pdfCompany,
  renderPdf,
  requestLanguage,
  sendPdf,
} from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { uiText } from '../../platform/ui-words.ts';
import { sendXlsx, ui, type XlsxColumn } from '../../platform/xlsx.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import * as repo from './daily-control.repository.ts';
import type { Db } from './report-sql.repository.ts';

/**
 * The Daily Control and Ship List (contract packages/contracts/src/reports/daily-control.ts): the range resolved and
 * checked against today, the database's rows per day and channel, and from them the day, channel and range totals
 * that the screen, the .xlsx export and the printout all show.
 */

const zero = (): DailyControlCounts => ({
  received: 0,
  booked: 0,
  picked: 0,
  shipped: 0,
  shippedLate: 0,
  pending: 0,
  overdue: 0,
});

/** Adds the day counts; pending and overdue are balances, so `closing` ones replace rather than add. */
function addInto(sum: DailyControlCounts, row: DailyControlCounts, closing: boolean) {
  for (const key of DAILY_CONTROL_COUNTS) {
    if (key === 'pending' || key === 'overdue') sum[key] = closing ? row[key] : sum[key] + row[key];
    else sum[key] += row[key];
  }
}

const rangeError = (message: string) =>
  badRequest('VALIDATION_FAILED', `Some values are not valid: to: ${message}`, {
    issues: [{ path: 'query.to', message }],
  });

/** The range asked for with its defaults (the last 14 days to today), refused in words when it cannot be read. */
export async function resolveRange(db: Db, f: DailyControlFilter) {
  const today = await repo.londonToday(db);
  const to = f.to ?? today;
  const from = f.from ?? addDays(to, -(DAILY_CONTROL_DEFAULT_DAYS - 1));
  const days = dailyControlDaysBetween(from, to) + 1;
  if (to > today) throw rangeError(`the range ends after today (${today})`);
  if (days < 1) throw rangeError('the range ends before it starts');
  if (days > DAILY_CONTROL_MAX_DAYS)
    throw rangeError(`a range of at most ${DAILY_CONTROL_MAX_DAYS} days: this one has ${days}`);
  return { from, to, today };
}

export async function dailyControl(db: Db, f: DailyControlFilter): Promise<DailyControlReport> {
  const { from, to, today } = await resolveRange(db, f);
  const [rows, promises] = await Promise.all([
    repo.dailyControlRows(db, { from, to, channel: f.channel, warehouseId: f.warehouseId }),
    repo.dispatchDays(db),
  ]);
  const days = new Map<string, DailyControlDay>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, { date: d, ...zero() });
  const channels = new Map<string, DailyControlChannel>();
  const totals = zero();
  for (const row of rows) {
    const day = days.get(row.date);
    if (day) addInto(day, row, false);
    let channel = channels.get(row.channel);
    if (!channel) {
      channel = { channel: row.channel, dispatchDays: promises.get(row.channel) ?? 2, ...zero() };
      channels.set(row.channel, channel);
    }
    // Rows come oldest day first: the last one a channel has is its range's end.
    addInto(channel, row, true);
  }
  for (const channel of channels.values()) addInto(totals, channel, false);
  return {
    from,
    to,
    today,
    rows: rows.map((r): DailyControlRow => ({ ...r })),
    days: [...days.values()],
    channels: [...channels.values()],
    totals,
  };
}

// ── Export and printout ──────────────────────────────────────────────────────────────────────────

/** A line of the export and the printout: a day and channel, a day's total, a channel's or the range's total. */
interface SheetRow extends DailyControlCounts {
  date: string | null;
  /** A channel's code, ALL (every channel) or RANGE (the whole range). */
  channel: string;
  dispatchDays: number | null;
}

const ALL = 'ALL';
const RANGE = 'RANGE';

function sheetRows(report: DailyControlReport): SheetRow[] {
  const out: SheetRow[] = [];
  const byDay = new Map<string, DailyControlRow[]>();
  for (const r of report.rows) byDay.set(r.date, [...(byDay.get(r.date) ?? []), r]);
  const promise = new Map(report.channels.map((c) => [c.channel, c.dispatchDays]));
  for (const day of report.days) {
    const rows = byDay.get(day.date) ?? [];
    if (!rows.length) continue;
    for (const r of rows) out.push({ ...r, dispatchDays: promise.get(r.channel) ?? null });
    out.push({ ...day, channel: ALL, dispatchDays: null });
  }
  for (const c of report.channels) out.push({ ...c, date: null });
  if (report.channels.length) out.push({ ...report.totals, date: null, channel: RANGE, dispatchDays: null });
  return out;
}

const channelLabel = (code: string) =>
  code === ALL
    ? ui('reports:dailyControl.dayTotal')
    : code === RANGE
      ? ui('reports:dailyControl.rangeTotal')
      : ui(`salesInvoices:channels.${code}`);

const XLSX_COLUMNS: XlsxColumn<SheetRow>[] = [
  { header: ui('reports:dailyControl.date'), width: 12, type: 'date', value: (r) => r.date },
  {
    header: ui('reports:dailyControl.channel'),
    width: 16,
    type: 'enum',
    labels: channelLabel,
    value: (r) => r.channel,
  },
  ...DAILY_CONTROL_COUNTS.map(
    (key): XlsxColumn<SheetRow> => ({
      header: ui(`reports:dailyControl.${key}`),
      width: 14,
      type: 'number',
      places: 0,
      value: (r) => r[key],
    }),
  ),
  {
    header: ui('reports:dailyControl.dispatchDays'),
    width: 14,
    type: 'number',
    places: 0,
    value: (r) => r.dispatchDays,
  },
];

export async function exportDailyControl(ctx: Ctx, f: DailyControlFilter) {
  const report = await dailyControl(ctx.db, f);
  return sendXlsx(ctx, `daily-control-and-ship-list-${report.from}-${report.to}.xlsx`, XLSX_COLUMNS, sheetRows(report));
}

export async function printDailyControl(ctx: Ctx, f: DailyControlFilter, lang: unknown) {
  const language = requestLanguage(ctx, lang);
  const text = (key: string) => uiText(language, `reports:dailyControl.${key}`) ?? key;
  const channelName = (code: string) =>
    code === ALL
      ? text('dayTotal')
      : code === RANGE
        ? text('rangeTotal')
        : (uiText(language, `salesInvoices:channels.${code}`) ?? code);
  const [report, company, warehouse] = await Promise.all([
    dailyControl(ctx.db, f),
    getSettingsGroup(ctx.db, 'company'),
    f.warehouseId ? repo.warehouseName(ctx.db, f.warehouseId) : Promise.resolve(null),
  ]);
  const columns: PdfColumn[] = [
    { key: 'date', label: text('date'), width: 12 },
    { key: 'channel', label: text('channel'), width: 14 },
    ...DAILY_CONTROL_COUNTS.map((key): PdfColumn => ({ key, label: text(key), width: 10, kind: 'quantity' })),
  ];
  const counts = (r: DailyControlCounts) =>
    Object.fromEntries(DAILY_CONTROL_COUNTS.map((key) => [key, String(r[key])])) as Record<string, string>;
  const rows = sheetRows(report);
  const lines: PdfLine[] = rows
    .filter((r) => r.date !== null)
    .map((r) => ({ date: r.date, channel: channelName(r.channel), ...counts(r) }));
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: text('pdfTitle'),
    number: `${report.from} – ${report.to}`,
    dates: [
      { label: text('from'), value: report.from },
      { label: text('to'), value: report.to },
    ],
    parties: [
      {
        label: text('warehouse'),
        name: warehouse ? `${warehouse.code} · ${warehouse.name}` : text('allWarehouses'),
      },
    ],
    details: [
      { label: text('channel'), value: f.channel ? channelName(f.channel) : text('allChannels') },
      {
        label: text('dispatchDays'),
        value: report.channels.map((c) => `${channelName(c.channel)} ${c.dispatchDays}`).join(', ') || '—',
      },
      { label: text('printedBy'), value: ctx.user.username },
    ],
    columns,
    lines,
    totals: rows
      .filter((r) => r.date === null)
      .map((r) => ({
        label: r.channel === RANGE ? text('rangeTotal') : `${text('rangeTotal')}: ${channelName(r.channel)}`,
        values: counts(r),
      })),
    notes: text('totalsHint'),
    printedAt: new Date(),
  });
  return sendPdf(ctx, `daily-control-and-ship-list-${report.from}-${report.to}`, body);
}
