import type { PickListStatus } from '@backoffice/contracts';
import { type PdfLanguage, pdfCompany, renderPdf, requestLanguage, sendPdf } from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getPickList } from './pick-list.service.ts';

/** The pick sheet: the lines in pick order (bin, SKU, barcode, name, quantity) with boxes to tick as units are taken. */

interface Texts {
  title: string;
  created: string;
  warehouse: string;
  status: string;
  invoices: string;
  createdBy: string;
  bin: string;
  noBin: string;
  sku: string;
  barcode: string;
  name: string;
  quantity: string;
  picked: string;
  tick: string;
  total: string;
  pickedBy: string;
  checkedBy: string;
  statuses: Record<PickListStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Pick list',
    created: 'Created',
    warehouse: 'Warehouse',
    status: 'Status',
    invoices: 'Invoices',
    createdBy: 'Created by',
    bin: 'Bin',
    noBin: 'No bin',
    sku: 'SKU',
    barcode: 'Barcode',
    name: 'Name',
    quantity: 'Quantity',
    picked: 'Picked',
    tick: 'Done',
    total: 'Total',
    pickedBy: 'Picked by',
    checkedBy: 'Checked by',
    statuses: { OPEN: 'Open', CONFIRMED: 'Confirmed', CANCELED: 'Cancelled' },
  },
  es: {
    title: 'Lista de picking',
    created: 'Creada',
    warehouse: 'Almacén',
    status: 'Estado',
    invoices: 'Facturas',
    createdBy: 'Creada por',
    bin: 'Ubicación',
    noBin: 'Sin ubicación',
    sku: 'SKU',
    barcode: 'Código de barras',
    name: 'Nombre',
    quantity: 'Cantidad',
    picked: 'Recogido',
    tick: 'Hecho',
    total: 'Total',
    pickedBy: 'Recogido por',
    checkedBy: 'Revisado por',
    statuses: { OPEN: 'Abierta', CONFIRMED: 'Confirmada', CANCELED: 'Cancelada' },
  },
  pt: {
    title: 'Lista de picking',
    created: 'Criada',
    warehouse: 'Armazém',
    status: 'Estado',
    invoices: 'Faturas',
    createdBy: 'Criada por',
    bin: 'Localização',
    noBin: 'Sem localização',
    sku: 'SKU',
    barcode: 'Código de barras',
    name: 'Nome',
    quantity: 'Quantidade',
    picked: 'Recolhido',
    tick: 'Feito',
    total: 'Total',
    pickedBy: 'Recolhido por',
    checkedBy: 'Verificado por',
    statuses: { OPEN: 'Aberta', CONFIRMED: 'Confirmada', CANCELED: 'Cancelada' },
  },
  de: {
    title: 'Kommissionierliste',
    created: 'Erstellt',
    warehouse: 'Lager',
    status: 'Status',
    invoices: 'Rechnungen',
    createdBy: 'Erstellt von',
    bin: 'Lagerplatz',
    noBin: 'Kein Lagerplatz',
    sku: 'SKU',
    barcode: 'Barcode',
    name: 'Bezeichnung',
    quantity: 'Menge',
    picked: 'Entnommen',
    tick: 'Erledigt',
    total: 'Summe',
    pickedBy: 'Kommissioniert von',
    checkedBy: 'Geprüft von',
    statuses: { OPEN: 'Offen', CONFIRMED: 'Bestätigt', CANCELED: 'Storniert' },
  },
};

export async function pickListPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const list = await getPickList(ctx.db, id);
  const company = await getSettingsGroup(ctx.db, 'company');
  const language = requestLanguage(ctx, lang);
  const t = TEXTS[language];
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: list.number,
    dates: [{ label: t.created, value: list.createdAt.slice(0, 10) }],
    parties: [{ label: t.warehouse, name: list.warehouse.name, lines: [list.warehouse.code] }],
    details: [
      { label: t.status, value: t.statuses[list.status] },
      { label: t.invoices, value: list.invoices.map((i) => i.number).join(', ') },
      { label: t.createdBy, value: list.createdBy?.username ?? '' },
    ],
    columns: [
      { key: 'bin', label: t.bin, width: 12 },
      { key: 'sku', label: t.sku, width: 16 },
      { key: 'barcode', label: t.barcode, width: 16 },
      { key: 'name', label: t.name, width: 30 },
      { key: 'quantity', label: t.quantity, width: 10, kind: 'quantity' },
      { key: 'picked', label: t.picked, width: 10, kind: 'blank' },
      { key: 'tick', label: t.tick, width: 7, kind: 'blank' },
    ],
    lines: list.lines.map((l) => ({
      bin: l.bin?.code ?? t.noBin,
      sku: l.product.sku,
      barcode: l.product.barcode ?? '',
      name: l.product.name,
      quantity: l.required,
      picked: '',
      tick: '',
    })),
    totals: [{ label: t.total, values: { quantity: list.requiredQuantity } }],
    notes: list.note,
    signatures: [t.pickedBy, t.checkedBy],
    printedAt: new Date(),
  });
  return sendPdf(ctx, list.number, body);
}
