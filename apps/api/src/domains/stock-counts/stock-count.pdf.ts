import type { StockCount } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import {
  PDF_LABELS,
  type PdfLanguage,
  pdfCompany,
  renderPdf,
  requestLanguage,
  sendPdf,
} from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getWarehouse } from '../warehouses/index.ts';
import * as repo from './stock-count.repository.ts';
import { getCount } from './stock-count.service.ts';

/**
 * The count sheet: the session's lines in the order a counter walks the bins, with a ruled column to
 * write what is there. A blind session's sheet never shows the expected quantities, whoever prints it:
 * the paper goes to the counters.
 */

interface Texts {
  title: string;
  started: string;
  submitted: string;
  posted: string;
  warehouse: string;
  startedBy: string;
  status: string;
  zone: string;
  wholeWarehouse: string;
  blind: string;
  yes: string;
  no: string;
  lines: string;
  bin: string;
  noBin: string;
  sku: string;
  name: string;
  unit: string;
  expected: string;
  counted: string;
  total: string;
  countedBy: string;
  checkedBy: string;
  statuses: Record<StockCount['status'], string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Count sheet',
    started: 'Started',
    submitted: 'Submitted',
    posted: 'Posted',
    warehouse: 'Warehouse',
    startedBy: 'Started by',
    status: 'Status',
    zone: 'Zone',
    wholeWarehouse: 'Whole warehouse',
    blind: 'Blind count',
    yes: 'Yes',
    no: 'No',
    lines: 'Lines',
    bin: 'Bin',
    noBin: 'No bin',
    sku: 'SKU',
    name: 'Name',
    unit: 'Unit',
    expected: 'Expected',
    counted: 'Counted',
    total: 'Total',
    countedBy: 'Counted by',
    checkedBy: 'Checked by',
    statuses: { OPEN: 'Open', SUBMITTED: 'Submitted', POSTED: 'Posted', REVERSED: 'Reversed', CANCELED: 'Cancelled' },
  },
  es: {
    title: 'Hoja de recuento',
    started: 'Iniciado',
    submitted: 'Enviado',
    posted: 'Contabilizado',
    warehouse: 'Almacén',
    startedBy: 'Iniciado por',
    status: 'Estado',
    zone: 'Zona',
    wholeWarehouse: 'Todo el almacén',
    blind: 'Recuento a ciegas',
    yes: 'Sí',
    no: 'No',
    lines: 'Líneas',
    bin: 'Ubicación',
    noBin: 'Sin ubicación',
    sku: 'SKU',
    name: 'Nombre',
    unit: 'Unidad',
    expected: 'Esperado',
    counted: 'Contado',
    total: 'Total',
    countedBy: 'Contado por',
    checkedBy: 'Revisado por',
    statuses: {
      OPEN: 'Abierto',
      SUBMITTED: 'Enviado',
      POSTED: 'Contabilizado',
      REVERSED: 'Revertido',
      CANCELED: 'Cancelado',
    },
  },
  pt: {
    title: 'Folha de contagem',
    started: 'Iniciada',
    submitted: 'Submetida',
    posted: 'Lançada',
    warehouse: 'Armazém',
    startedBy: 'Iniciada por',
    status: 'Estado',
    zone: 'Zona',
    wholeWarehouse: 'Armazém inteiro',
    blind: 'Contagem às cegas',
    yes: 'Sim',
    no: 'Não',
    lines: 'Linhas',
    bin: 'Localização',
    noBin: 'Sem localização',
    sku: 'SKU',
    name: 'Nome',
    unit: 'Unidade',
    expected: 'Esperado',
    counted: 'Contado',
    total: 'Total',
    countedBy: 'Contado por',
    checkedBy: 'Verificado por',
    statuses: {
      OPEN: 'Aberta',
      SUBMITTED: 'Submetida',
      POSTED: 'Lançada',
      REVERSED: 'Estornada',
      CANCELED: 'Cancelada',
    },
  },
  de: {
    title: 'Zählliste',
    started: 'Begonnen',
    submitted: 'Eingereicht',
    posted: 'Gebucht',
    warehouse: 'Lager',
    startedBy: 'Begonnen von',
    status: 'Status',
    zone: 'Zone',
    wholeWarehouse: 'Ganzes Lager',
    blind: 'Blindzählung',
    yes: 'Ja',
    no: 'Nein',
    lines: 'Zeilen',
    bin: 'Lagerplatz',
    noBin: 'Kein Lagerplatz',
    sku: 'SKU',
    name: 'Name',
    unit: 'Einheit',
    expected: 'Erwartet',
    counted: 'Gezählt',
    total: 'Summe',
    countedBy: 'Gezählt von',
    checkedBy: 'Geprüft von',
    statuses: {
      OPEN: 'Offen',
      SUBMITTED: 'Eingereicht',
      POSTED: 'Gebucht',
      REVERSED: 'Rückgebucht',
      CANCELED: 'Storniert',
    },
  },
};

/** Bins as a person reads them: A-2 before A-10; stock in no bin last; then by SKU. */
const BIN_ORDER = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
function inBinOrder(a: repo.LineRow, b: repo.LineRow): number {
  if ((a.location_code === null) !== (b.location_code === null)) return a.location_code === null ? 1 : -1;
  return BIN_ORDER.compare(a.location_code ?? '', b.location_code ?? '') || BIN_ORDER.compare(a.sku, b.sku);
}

export async function stockCountPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const count = await getCount(ctx, id);
  const [company, warehouse, rows] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    getWarehouse(ctx.db, count.warehouse.id),
    repo.linesOfCount(ctx.db, count.id, count.warehouse.id),
  ]);
  const language = requestLanguage(ctx, lang);
  const t = TEXTS[language];
  const units = PDF_LABELS[language].units;
  const lines = [...rows].sort(inBinOrder);
  const showsExpected = !count.blind;
  const expectedTotal = lines.reduce((sum, l) => sum.add(l.book_quantity), new Decimal(0));
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: count.number,
    dates: [
      { label: t.started, value: count.createdAt },
      ...(count.submittedAt ? [{ label: t.submitted, value: count.submittedAt }] : []),
      ...(count.postedAt ? [{ label: t.posted, value: count.postedAt }] : []),
    ],
    parties: [
      { label: t.warehouse, name: warehouse.name, address: warehouse.address, lines: [warehouse.code] },
      { label: t.startedBy, name: count.createdBy.username },
    ],
    details: [
      { label: t.zone, value: count.zone ?? t.wholeWarehouse },
      { label: t.status, value: t.statuses[count.status] },
      { label: t.blind, value: count.blind ? t.yes : t.no },
      { label: t.lines, value: String(lines.length) },
    ],
    columns: [
      { key: 'bin', label: t.bin, width: 14 },
      { key: 'sku', label: t.sku, width: 16 },
      { key: 'name', label: t.name, width: showsExpected ? 34 : 42 },
      { key: 'unit', label: t.unit, width: 8 },
      ...(showsExpected ? [{ key: 'expected', label: t.expected, width: 12, kind: 'quantity' as const }] : []),
      { key: 'counted', label: t.counted, width: 14, kind: 'blank' as const },
    ],
    lines: lines.map((l) => ({
      bin: l.location_code ?? t.noBin,
      sku: l.sku,
      name: l.product_name,
      unit: units[l.unit] ?? l.unit,
      expected: showsExpected ? l.book_quantity : null,
    })),
    totals: showsExpected ? [{ label: t.total, values: { expected: expectedTotal.toFixed() } }] : [],
    notes: count.notes,
    signatures: [t.countedBy, t.checkedBy],
    printedAt: new Date(),
  });
  return sendPdf(ctx, count.number, body);
}
