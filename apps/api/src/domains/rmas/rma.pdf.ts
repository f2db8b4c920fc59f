import type { RmaStatus, Warehouse } from '@backoffice/contracts';
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
import { getRma } from './rma.service.ts';

/** The RMA's return note: what goes back to the supplier, against which receipt, with boxes to sign. */

interface Texts {
  title: string;
  date: string;
  shipped: string;
  supplier: string;
  warehouse: string;
  status: string;
  supplierRmaNumber: string;
  credit: string;
  createdBy: string;
  sku: string;
  name: string;
  bin: string;
  quantity: string;
  receipt: string;
  reason: string;
  total: string;
  pickingOrder: string;
  shippedBy: string;
  receivedBy: string;
  statuses: Record<RmaStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Return to supplier',
    date: 'Date',
    shipped: 'Shipped',
    supplier: 'Supplier',
    warehouse: 'From warehouse',
    status: 'Status',
    supplierRmaNumber: 'Supplier’s RMA number',
    credit: 'Credit note',
    createdBy: 'Created by',
    sku: 'SKU',
    name: 'Name',
    bin: 'Bin',
    quantity: 'Quantity',
    receipt: 'Receipt',
    reason: 'Reason',
    total: 'Total',
    pickingOrder: 'Picking order',
    shippedBy: 'Shipped by',
    receivedBy: 'Received by (supplier)',
    statuses: {
      DRAFT: 'Draft',
      APPROVED: 'Approved',
      SHIPPED: 'Shipped',
      CREDITED: 'Credited',
      REPLACED: 'Replaced',
      CANCELED: 'Cancelled',
    },
  },
  es: {
    title: 'Devolución a proveedor',
    date: 'Fecha',
    shipped: 'Enviada',
    supplier: 'Proveedor',
    warehouse: 'Desde el almacén',
    status: 'Estado',
    supplierRmaNumber: 'Número RMA del proveedor',
    credit: 'Nota de crédito',
    createdBy: 'Creada por',
    sku: 'SKU',
    name: 'Nombre',
    bin: 'Ubicación',
    quantity: 'Cantidad',
    receipt: 'Recepción',
    reason: 'Motivo',
    total: 'Total',
    pickingOrder: 'Orden de preparación',
    shippedBy: 'Enviada por',
    receivedBy: 'Recibida por (proveedor)',
    statuses: {
      DRAFT: 'Borrador',
      APPROVED: 'Aprobada',
      SHIPPED: 'Enviada',
      CREDITED: 'Abonada',
      REPLACED: 'Sustituida',
      CANCELED: 'Cancelada',
    },
  },
  pt: {
    title: 'Devolução ao fornecedor',
    date: 'Data',
    shipped: 'Expedida',
    supplier: 'Fornecedor',
    warehouse: 'Do armazém',
    status: 'Estado',
    supplierRmaNumber: 'Número RMA do fornecedor',
    credit: 'Nota de crédito',
    createdBy: 'Criada por',
    sku: 'SKU',
    name: 'Nome',
    bin: 'Localização',
    quantity: 'Quantidade',
    receipt: 'Receção',
    reason: 'Motivo',
    total: 'Total',
    pickingOrder: 'Ordem de recolha',
    shippedBy: 'Expedida por',
    receivedBy: 'Recebida por (fornecedor)',
    statuses: {
      DRAFT: 'Rascunho',
      APPROVED: 'Aprovada',
      SHIPPED: 'Expedida',
      CREDITED: 'Creditada',
      REPLACED: 'Substituída',
      CANCELED: 'Cancelada',
    },
  },
  de: {
    title: 'Rücksendung an Lieferanten',
    date: 'Datum',
    shipped: 'Versandt',
    supplier: 'Lieferant',
    warehouse: 'Aus Lager',
    status: 'Status',
    supplierRmaNumber: 'RMA-Nummer des Lieferanten',
    credit: 'Gutschrift',
    createdBy: 'Erstellt von',
    sku: 'SKU',
    name: 'Name',
    bin: 'Lagerplatz',
    quantity: 'Menge',
    receipt: 'Wareneingang',
    reason: 'Grund',
    total: 'Summe',
    pickingOrder: 'Kommissionierreihenfolge',
    shippedBy: 'Versandt von',
    receivedBy: 'Empfangen von (Lieferant)',
    statuses: {
      DRAFT: 'Entwurf',
      APPROVED: 'Genehmigt',
      SHIPPED: 'Versandt',
      CREDITED: 'Gutgeschrieben',
      REPLACED: 'Ersetzt',
      CANCELED: 'Storniert',
    },
  },
};

function warehouseParty(label: string, w: Warehouse): PdfParty {
  return { label, name: w.name, address: w.address, lines: [w.code] };
}

export async function rmaPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const rma = await getRma(ctx.db, id);
  const [company, warehouse] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    getWarehouse(ctx.db, rma.warehouse.id),
  ]);
  const language = requestLanguage(ctx, lang);
  const t = TEXTS[language];
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: rma.number,
    dates: [
      { label: t.date, value: rma.rmaDate },
      ...(rma.shippedAt ? [{ label: t.shipped, value: rma.shippedAt }] : []),
    ],
    parties: [
      { label: t.supplier, name: rma.supplier.name, lines: [rma.supplier.code] },
      warehouseParty(t.warehouse, warehouse),
    ],
    details: [
      { label: t.status, value: t.statuses[rma.status] },
      ...(rma.supplierRmaNumber ? [{ label: t.supplierRmaNumber, value: rma.supplierRmaNumber }] : []),
      ...(rma.creditAmount
        ? [{ label: t.credit, value: `${rma.creditAmount} ${rma.currency} ${rma.creditReference}`.trim() }]
        : []),
      { label: t.createdBy, value: rma.createdBy?.username ?? '' },
    ],
    columns: [
      { key: 'sku', label: t.sku, width: 16 },
      { key: 'name', label: t.name, width: 30 },
      { key: 'bin', label: t.bin, width: 12 },
      { key: 'receipt', label: t.receipt, width: 16 },
      { key: 'quantity', label: t.quantity, width: 10, kind: 'quantity' },
      { key: 'reason', label: t.reason, width: 24 },
    ],
    lines: rma.lines.map((l) => ({
      sku: l.product.sku,
      name: l.product.name,
      bin: l.location?.code ?? t.pickingOrder,
      receipt: l.receipt ? `${l.receipt.number}/${l.receipt.lineNo}` : '',
      quantity: l.quantity,
      reason: l.reason,
    })),
    totals: [{ label: t.total, values: { quantity: rma.totals.quantity } }],
    notes: rma.note,
    signatures: [t.shippedBy, t.receivedBy],
    printedAt: new Date(),
  });
  return sendPdf(ctx, rma.number, body);
}
