import type { TransferStatus, Warehouse } from '@backoffice/contracts';
import {
  type PdfLanguage,
  type PdfParty,
  pdfCompany,
  renderPdf,
  requestLanguage,
  sendPdf,
} from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getWarehouse } from '../warehouses/index.ts';
import { getTransfer } from './transfer.service.ts';

/** The transfer's dispatch note: what leaves where for where, with boxes for who dispatched and who received. */

interface Texts {
  title: string;
  created: string;
  expectedDate: string;
  dispatched: string;
  received: string;
  from: string;
  to: string;
  status: string;
  lines: string;
  createdBy: string;
  dispatchedBy: string;
  receivedBy: string;
  sku: string;
  name: string;
  fromBin: string;
  toBin: string;
  quantity: string;
  dispatchedQuantity: string;
  total: string;
  /** A line without a source bin: taken from the bins in picking order. */
  pickingOrder: string;
  /** A line without a destination bin: into the destination's default receiving bin. */
  receivingBin: string;
  statuses: Record<TransferStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Dispatch note',
    created: 'Created',
    expectedDate: 'Expected arrival',
    dispatched: 'Dispatched',
    received: 'Received',
    from: 'From',
    to: 'To',
    status: 'Status',
    lines: 'Lines',
    createdBy: 'Created by',
    dispatchedBy: 'Dispatched by',
    receivedBy: 'Received by',
    sku: 'SKU',
    name: 'Name',
    fromBin: 'Source bin',
    toBin: 'Destination bin',
    quantity: 'Quantity',
    dispatchedQuantity: 'Dispatched',
    total: 'Total',
    pickingOrder: 'Picking order',
    receivingBin: 'Receiving bin',
    statuses: {
      DRAFT: 'Draft',
      DISPATCHED: 'Dispatched',
      PARTIALLY_RECEIVED: 'Partly received',
      RECEIVED: 'Received',
      CANCELED: 'Canceled',
    },
  },
  es: {
    title: 'Albarán de envío',
    created: 'Creada',
    expectedDate: 'Llegada prevista',
    dispatched: 'Enviada',
    received: 'Recibida',
    from: 'Desde',
    to: 'Hasta',
    status: 'Estado',
    lines: 'Líneas',
    createdBy: 'Creada por',
    dispatchedBy: 'Enviado por',
    receivedBy: 'Recibido por',
    sku: 'SKU',
    name: 'Nombre',
    fromBin: 'Ubicación de origen',
    toBin: 'Ubicación de destino',
    quantity: 'Cantidad',
    dispatchedQuantity: 'Enviado',
    total: 'Total',
    pickingOrder: 'Orden de picking',
    receivingBin: 'Ubicación de recepción',
    statuses: {
      DRAFT: 'Borrador',
      DISPATCHED: 'Enviada',
      PARTIALLY_RECEIVED: 'Recibida en parte',
      RECEIVED: 'Recibida',
      CANCELED: 'Cancelada',
    },
  },
  pt: {
    title: 'Guia de remessa',
    created: 'Criada',
    expectedDate: 'Chegada prevista',
    dispatched: 'Expedida',
    received: 'Recebida',
    from: 'De',
    to: 'Para',
    status: 'Estado',
    lines: 'Linhas',
    createdBy: 'Criada por',
    dispatchedBy: 'Expedido por',
    receivedBy: 'Recebido por',
    sku: 'SKU',
    name: 'Nome',
    fromBin: 'Localização de origem',
    toBin: 'Localização de destino',
    quantity: 'Quantidade',
    dispatchedQuantity: 'Expedido',
    total: 'Total',
    pickingOrder: 'Ordem de picking',
    receivingBin: 'Localização de receção',
    statuses: {
      DRAFT: 'Rascunho',
      DISPATCHED: 'Expedida',
      PARTIALLY_RECEIVED: 'Recebida em parte',
      RECEIVED: 'Recebida',
      CANCELED: 'Cancelada',
    },
  },
  de: {
    title: 'Lieferschein',
    created: 'Erstellt',
    expectedDate: 'Erwartete Ankunft',
    dispatched: 'Versandt',
    received: 'Eingegangen',
    from: 'Von',
    to: 'An',
    status: 'Status',
    lines: 'Positionen',
    createdBy: 'Erstellt von',
    dispatchedBy: 'Versandt von',
    receivedBy: 'Empfangen von',
    sku: 'SKU',
    name: 'Name',
    fromBin: 'Quelllagerplatz',
    toBin: 'Ziellagerplatz',
    quantity: 'Menge',
    dispatchedQuantity: 'Versandt',
    total: 'Summe',
    pickingOrder: 'Kommissionierreihenfolge',
    receivingBin: 'Wareneingangsplatz',
    statuses: {
      DRAFT: 'Entwurf',
      DISPATCHED: 'Versandt',
      PARTIALLY_RECEIVED: 'Teilweise eingegangen',
      RECEIVED: 'Eingegangen',
      CANCELED: 'Storniert',
    },
  },
};

function warehouseParty(label: string, w: Warehouse): PdfParty {
  return { label, name: w.name, address: w.address, lines: [w.code] };
}

export async function transferPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const transfer = await getTransfer(ctx.db, id);
  const [company, from, to] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    getWarehouse(ctx.db, transfer.fromWarehouse.id),
    getWarehouse(ctx.db, transfer.toWarehouse.id),
  ]);
  const language = requestLanguage(ctx, lang);
  const t = TEXTS[language];
  const isDispatched = transfer.dispatchedAt !== null;
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: transfer.number,
    dates: [
      { label: t.created, value: transfer.createdAt },
      { label: t.expectedDate, value: transfer.expectedDate },
      ...(isDispatched ? [{ label: t.dispatched, value: transfer.dispatchedAt }] : []),
      ...(transfer.receivedAt ? [{ label: t.received, value: transfer.receivedAt }] : []),
    ],
    parties: [warehouseParty(t.from, from), warehouseParty(t.to, to)],
    details: [
      { label: t.status, value: t.statuses[transfer.status] },
      { label: t.lines, value: String(transfer.lines.length) },
      { label: t.createdBy, value: transfer.createdBy?.username ?? '' },
      ...(transfer.dispatchedBy ? [{ label: t.dispatchedBy, value: transfer.dispatchedBy.username }] : []),
    ],
    columns: [
      { key: 'sku', label: t.sku, width: 16 },
      { key: 'name', label: t.name, width: 34 },
      { key: 'fromBin', label: t.fromBin, width: 15 },
      { key: 'toBin', label: t.toBin, width: 15 },
      { key: 'quantity', label: t.quantity, width: 11, kind: 'quantity' },
      { key: 'dispatched', label: t.dispatchedQuantity, width: 11, kind: 'quantity' },
    ],
    lines: transfer.lines.map((l) => ({
      sku: l.product.sku,
      name: l.product.name,
      fromBin: l.fromLocation?.code ?? t.pickingOrder,
      toBin: l.toLocation?.code ?? t.receivingBin,
      quantity: l.quantity,
      // Before dispatch nothing has left: the column is left to be read against the goods.
      dispatched: isDispatched ? l.dispatchedQuantity : null,
    })),
    totals: [
      {
        label: t.total,
        values: {
          quantity: transfer.totals.quantity,
          ...(isDispatched ? { dispatched: transfer.totals.dispatchedQuantity } : {}),
        },
      },
    ],
    notes: transfer.notes,
    signatures: [t.dispatchedBy, t.receivedBy],
    printedAt: new Date(),
  });
  return sendPdf(ctx, transfer.number, body);
}
