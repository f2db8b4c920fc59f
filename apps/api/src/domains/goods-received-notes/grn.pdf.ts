import type { GoodReceivedNoteStatus, Warehouse } from '@backoffice/contracts';
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
import { getNote } from './grn.service.ts';

/** The goods received note: what arrived from which supplier against which order, accepted and rejected. */

interface Texts {
  title: string;
  received: string;
  posted: string;
  supplier: string;
  warehouse: string;
  order: string;
  status: string;
  deliveryReference: string;
  createdBy: string;
  receivedBy: string;
  checkedBy: string;
  consigned: string;
  yes: string;
  sku: string;
  name: string;
  bin: string;
  ordered: string;
  receivedQty: string;
  accepted: string;
  rejected: string;
  note: string;
  total: string;
  receivingBin: string;
  statuses: Record<GoodReceivedNoteStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Goods received note',
    received: 'Received',
    posted: 'Posted',
    supplier: 'Supplier',
    warehouse: 'Warehouse',
    order: 'Purchase order',
    status: 'Status',
    deliveryReference: 'Delivery reference',
    createdBy: 'Created by',
    receivedBy: 'Received by',
    checkedBy: 'Checked by',
    consigned: 'Consignment (supplier-owned)',
    yes: 'Yes',
    sku: 'SKU',
    name: 'Name',
    bin: 'Bin',
    ordered: 'Ordered',
    receivedQty: 'Received',
    accepted: 'Accepted',
    rejected: 'Rejected',
    note: 'Note',
    total: 'Total',
    receivingBin: 'Receiving bin',
    statuses: { DRAFT: 'Draft', POSTED: 'Posted', CANCELED: 'Cancelled' },
  },
  es: {
    title: 'Albarán de entrada',
    received: 'Recibido',
    posted: 'Contabilizado',
    supplier: 'Proveedor',
    warehouse: 'Almacén',
    order: 'Orden de compra',
    status: 'Estado',
    deliveryReference: 'Referencia de entrega',
    createdBy: 'Creado por',
    receivedBy: 'Recibido por',
    checkedBy: 'Revisado por',
    consigned: 'Consignación (del proveedor)',
    yes: 'Sí',
    sku: 'SKU',
    name: 'Nombre',
    bin: 'Ubicación',
    ordered: 'Pedido',
    receivedQty: 'Recibido',
    accepted: 'Aceptado',
    rejected: 'Rechazado',
    note: 'Nota',
    total: 'Total',
    receivingBin: 'Ubicación de recepción',
    statuses: { DRAFT: 'Borrador', POSTED: 'Contabilizado', CANCELED: 'Cancelado' },
  },
  pt: {
    title: 'Guia de receção',
    received: 'Recebido',
    posted: 'Lançado',
    supplier: 'Fornecedor',
    warehouse: 'Armazém',
    order: 'Ordem de compra',
    status: 'Estado',
    deliveryReference: 'Referência de entrega',
    createdBy: 'Criado por',
    receivedBy: 'Recebido por',
    checkedBy: 'Verificado por',
    consigned: 'Consignação (do fornecedor)',
    yes: 'Sim',
    sku: 'SKU',
    name: 'Nome',
    bin: 'Localização',
    ordered: 'Encomendado',
    receivedQty: 'Recebido',
    accepted: 'Aceite',
    rejected: 'Rejeitado',
    note: 'Nota',
    total: 'Total',
    receivingBin: 'Localização de receção',
    statuses: { DRAFT: 'Rascunho', POSTED: 'Lançado', CANCELED: 'Cancelado' },
  },
  de: {
    title: 'Wareneingangsschein',
    received: 'Eingegangen',
    posted: 'Gebucht',
    supplier: 'Lieferant',
    warehouse: 'Lager',
    order: 'Bestellung',
    status: 'Status',
    deliveryReference: 'Lieferscheinnummer',
    createdBy: 'Erstellt von',
    receivedBy: 'Angenommen von',
    checkedBy: 'Geprüft von',
    consigned: 'Konsignation (Eigentum des Lieferanten)',
    yes: 'Ja',
    sku: 'SKU',
    name: 'Name',
    bin: 'Lagerplatz',
    ordered: 'Bestellt',
    receivedQty: 'Eingegangen',
    accepted: 'Angenommen',
    rejected: 'Abgelehnt',
    note: 'Notiz',
    total: 'Summe',
    receivingBin: 'Wareneingangsplatz',
    statuses: { DRAFT: 'Entwurf', POSTED: 'Gebucht', CANCELED: 'Storniert' },
  },
};

function warehouseParty(label: string, w: Warehouse): PdfParty {
  return { label, name: w.name, address: w.address, lines: [w.code] };
}

export async function goodsReceivedNotePdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const note = await getNote(ctx.db, id);
  const [company, warehouse] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    getWarehouse(ctx.db, note.warehouse.id),
  ]);
  const language = requestLanguage(ctx, lang);
  const t = TEXTS[language];
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: note.number,
    dates: [
      { label: t.received, value: note.receivedDate },
      ...(note.postedAt ? [{ label: t.posted, value: note.postedAt }] : []),
    ],
    parties: [
      ...(note.supplier ? [{ label: t.supplier, name: note.supplier.name, lines: [note.supplier.code] }] : []),
      warehouseParty(t.warehouse, warehouse),
    ],
    details: [
      { label: t.order, value: note.purchaseOrder.number },
      { label: t.status, value: t.statuses[note.status] },
      ...(note.deliveryReference ? [{ label: t.deliveryReference, value: note.deliveryReference }] : []),
      ...(note.consigned ? [{ label: t.consigned, value: t.yes }] : []),
      { label: t.createdBy, value: note.createdBy?.username ?? '' },
    ],
    columns: [
      { key: 'sku', label: t.sku, width: 16 },
      { key: 'name', label: t.name, width: 30 },
      { key: 'bin', label: t.bin, width: 12 },
      { key: 'ordered', label: t.ordered, width: 10, kind: 'quantity' },
      { key: 'received', label: t.receivedQty, width: 10, kind: 'quantity' },
      { key: 'accepted', label: t.accepted, width: 10, kind: 'quantity' },
      { key: 'rejected', label: t.rejected, width: 10, kind: 'quantity' },
      { key: 'note', label: t.note, width: 18 },
    ],
    lines: note.lines.map((l) => ({
      sku: l.product.sku,
      name: l.product.name,
      bin: l.location?.code ?? t.receivingBin,
      ordered: l.orderedQuantity,
      received: l.receivedQuantity,
      accepted: l.acceptedQuantity,
      rejected: l.rejectedQuantity,
      note: l.note,
    })),
    totals: [
      {
        label: t.total,
        values: {
          received: note.totals.receivedQuantity,
          accepted: note.totals.acceptedQuantity,
          rejected: note.totals.rejectedQuantity,
        },
      },
    ],
    notes: note.note,
    signatures: [t.receivedBy, t.checkedBy],
    printedAt: new Date(),
  });
  return sendPdf(ctx, note.number, body);
}
