import type { SalesInvoice, SalesInvoiceAddress } from '@backoffice/contracts';
import {
  formatQuantity,
  type PdfDocument,
  type PdfLanguage,
  pdfCompany,
  renderPdfs,
  requestLanguage,
  sendPdf,
} from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getSalesInvoice } from './sales-invoice.service.ts';

/**
 * The packing slip: what goes in the box, with no prices. The delivery address, the invoice number, the channel's
 * order number, the lines (SKU, name, quantity, with a ruled box to tick when packed) and, once shipped, the carrier
 * service and each parcel's weight and tracking number. A ship list prints all its invoices' slips in one file
 * (`packingSlipsPdf`), each on pages of its own.
 */

interface Texts {
  title: string;
  invoiceDate: string;
  shipped: string;
  deliverTo: string;
  from: string;
  invoice: string;
  order: string;
  channel: string;
  service: string;
  parcels: string;
  parcel: (n: number, weight: string, tracking: string | null) => string;
  sku: string;
  name: string;
  quantity: string;
  packed: string;
  totalUnits: string;
  packedBy: string;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Packing slip',
    invoiceDate: 'Invoice date',
    shipped: 'Shipped',
    deliverTo: 'Deliver to',
    from: 'Dispatched from',
    invoice: 'Invoice',
    order: 'Order',
    channel: 'Channel',
    service: 'Carrier service',
    parcels: 'Parcels',
    parcel: (n, w, t) => `Parcel ${n}: ${w} kg${t ? `, tracking ${t}` : ''}`,
    sku: 'SKU',
    name: 'Item',
    quantity: 'Qty',
    packed: 'Packed',
    totalUnits: 'Total units',
    packedBy: 'Packed by',
  },
  es: {
    title: 'Albarán de entrega',
    invoiceDate: 'Fecha de factura',
    shipped: 'Enviado',
    deliverTo: 'Entregar en',
    from: 'Enviado desde',
    invoice: 'Factura',
    order: 'Pedido',
    channel: 'Canal',
    service: 'Servicio de transporte',
    parcels: 'Bultos',
    parcel: (n, w, t) => `Bulto ${n}: ${w} kg${t ? `, seguimiento ${t}` : ''}`,
    sku: 'SKU',
    name: 'Artículo',
    quantity: 'Cant.',
    packed: 'Empaquetado',
    totalUnits: 'Total de unidades',
    packedBy: 'Empaquetado por',
  },
  pt: {
    title: 'Guia de remessa',
    invoiceDate: 'Data da fatura',
    shipped: 'Expedido',
    deliverTo: 'Entregar em',
    from: 'Expedido de',
    invoice: 'Fatura',
    order: 'Encomenda',
    channel: 'Canal',
    service: 'Serviço de transporte',
    parcels: 'Volumes',
    parcel: (n, w, t) => `Volume ${n}: ${w} kg${t ? `, seguimento ${t}` : ''}`,
    sku: 'SKU',
    name: 'Artigo',
    quantity: 'Qtd.',
    packed: 'Embalado',
    totalUnits: 'Total de unidades',
    packedBy: 'Embalado por',
  },
  de: {
    title: 'Packschein',
    invoiceDate: 'Rechnungsdatum',
    shipped: 'Versendet',
    deliverTo: 'Lieferung an',
    from: 'Versand ab',
    invoice: 'Rechnung',
    order: 'Bestellung',
    channel: 'Kanal',
    service: 'Versanddienst',
    parcels: 'Pakete',
    parcel: (n, w, t) => `Paket ${n}: ${w} kg${t ? `, Sendungsnummer ${t}` : ''}`,
    sku: 'SKU',
    name: 'Artikel',
    quantity: 'Menge',
    packed: 'Gepackt',
    totalUnits: 'Einheiten gesamt',
    packedBy: 'Gepackt von',
  },
};

const partyAddress = (a: SalesInvoiceAddress) => ({
  line1: a.line1,
  line2: [a.line2, a.county].filter(Boolean).join(', '),
  city: a.city,
  postcode: a.postcode ?? '',
  country: a.country,
});

function packingSlip(
  company: PdfDocument['company'],
  invoice: SalesInvoice,
  language: PdfLanguage,
  printedAt: Date,
): PdfDocument {
  const t = TEXTS[language];
  const shipment = invoice.shipment;
  const stocked = invoice.lines.filter((l) => l.product.kind !== 'SERVICE');
  return {
    language,
    company,
    title: t.title,
    number: invoice.number,
    dates: [
      { label: t.invoiceDate, value: invoice.invoiceDate },
      ...(shipment ? [{ label: t.shipped, value: shipment.shippedAt }] : []),
    ],
    parties: [
      {
        label: t.deliverTo,
        name: invoice.deliveryAddress.name ?? invoice.customer.name,
        address: partyAddress(invoice.deliveryAddress),
      },
      { label: t.from, name: invoice.warehouse.name, lines: [invoice.warehouse.code] },
    ],
    details: [
      { label: t.invoice, value: invoice.number },
      ...(invoice.externalOrderId ? [{ label: t.order, value: invoice.externalOrderId }] : []),
      { label: t.channel, value: invoice.channel },
      ...(shipment
        ? [
            {
              label: t.service,
              value: `${shipment.carrierService.carrier.name}: ${shipment.carrierService.name}`,
            },
            {
              label: t.parcels,
              value: shipment.parcels
                .map((p) => t.parcel(p.parcelNo, formatQuantity(p.weightKg, language), p.trackingNumber))
                .join('; '),
            },
          ]
        : invoice.carrierService
          ? [
              {
                label: t.service,
                value: `${invoice.carrierService.carrier.name}: ${invoice.carrierService.name}`,
              },
            ]
          : []),
    ],
    columns: [
      { key: 'sku', label: t.sku, width: 18 },
      { key: 'name', label: t.name, width: 50 },
      { key: 'quantity', label: t.quantity, width: 10, kind: 'quantity' },
      { key: 'packed', label: t.packed, width: 10, kind: 'blank' },
    ],
    lines: stocked.map((l) => ({ sku: l.product.sku, name: l.product.name, quantity: l.quantity })),
    totals: [{ label: t.totalUnits, values: { quantity: invoice.totalQuantity } }],
    signatures: [t.packedBy],
    printedAt,
  };
}

/** Several invoices' packing slips in one file, in the order given. */
export async function packingSlipsPdfBody(ctx: Pick<Ctx, 'db'>, invoiceIds: readonly string[], language: PdfLanguage) {
  const company = pdfCompany(await getSettingsGroup(ctx.db, 'company'));
  const printedAt = new Date();
  const documents: PdfDocument[] = [];
  for (const id of invoiceIds)
    documents.push(packingSlip(company, await getSalesInvoice(ctx.db, id), language, printedAt));
  return renderPdfs(documents);
}

export async function salesInvoicePackingSlipPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const invoice = await getSalesInvoice(ctx.db, id);
  const body = await packingSlipsPdfBody(ctx, [invoice.id], requestLanguage(ctx, lang));
  return sendPdf(ctx, `${invoice.number}-packing-slip`, body);
}

/** A ship list's packing slips as one PDF, saved as `<list number>-packing-slips.pdf`. */
export async function packingSlipsPdf(ctx: Ctx, number: string, invoiceIds: readonly string[], lang: unknown) {
  const body = await packingSlipsPdfBody(ctx, invoiceIds, requestLanguage(ctx, lang));
  return sendPdf(ctx, `${number}-packing-slips`, body);
}
