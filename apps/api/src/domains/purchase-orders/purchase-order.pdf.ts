import type { PurchaseOrder, PurchaseOrderStatus, PurchaseOrderType, VatCode } from '@backoffice/contracts';
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
import { findPartnerAddress, findWarehouses } from './purchase-order.repository.ts';
import { getPurchaseOrder } from './purchase-order.service.ts';

/**
 * The purchase order as the supplier reads it: the supplier, where to deliver (the warehouse), the lines with
 * SKU, name, quantity, unit cost, discount, VAT rate and net; net and VAT per VAT rate, the total, the payment
 * terms. Money in the order's currency.
 */

interface Texts {
  titles: Record<PurchaseOrderType, string>;
  orderDate: string;
  expectedDate: string;
  supplier: string;
  deliverTo: string;
  sendTo: string;
  status: string;
  supplierReference: string;
  shipmentReference: string;
  currency: string;
  paymentTermsLabel: string;
  paymentTerms: (days: number) => string;
  from: string;
  costCenter: string;
  sku: string;
  name: string;
  quantity: string;
  unitCost: string;
  discount: string;
  vatRate: string;
  net: string;
  netAt: (rate: string) => string;
  vatAt: (rate: string) => string;
  exempt: string;
  totalNet: string;
  totalVat: string;
  total: string;
  statuses: Record<PurchaseOrderStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    titles: {
      PRIOR_ORDER_PO: 'Purchase order',
      INVOICE_ORDER_PO: 'Purchase order',
      CONSIGNMENT_PO: 'Consignment order',
      SEND_INVENTORY: 'Stock shipment',
    },
    orderDate: 'Order date',
    expectedDate: 'Expected delivery',
    supplier: 'Supplier',
    deliverTo: 'Deliver to',
    sendTo: 'Send to',
    status: 'Status',
    supplierReference: 'Your reference',
    shipmentReference: 'Shipment reference',
    currency: 'Currency',
    paymentTermsLabel: 'Payment terms',
    from: 'From',
    paymentTerms: (d) => (d === 0 ? 'Payment on receipt' : `${d} days net`),
    costCenter: 'Cost centre',
    sku: 'SKU',
    name: 'Description',
    quantity: 'Qty',
    unitCost: 'Unit cost',
    discount: 'Disc. %',
    vatRate: 'VAT %',
    net: 'Net',
    netAt: (r) => `Net at ${r}% VAT`,
    vatAt: (r) => `VAT at ${r}%`,
    exempt: 'Net, VAT exempt',
    totalNet: 'Total net',
    totalVat: 'Total VAT',
    total: 'Total',
    statuses: {
      DRAFT: 'Draft',
      APPROVED: 'Approved',
      PARTIALLY_RECEIVED: 'Partly received',
      RECEIVED: 'Received',
      CLOSED: 'Closed',
      CANCELED: 'Cancelled',
    },
  },
  es: {
    titles: {
      PRIOR_ORDER_PO: 'Pedido de compra',
      INVOICE_ORDER_PO: 'Pedido de compra',
      CONSIGNMENT_PO: 'Pedido en consignación',
      SEND_INVENTORY: 'Envío de existencias',
    },
    orderDate: 'Fecha del pedido',
    expectedDate: 'Entrega prevista',
    supplier: 'Proveedor',
    deliverTo: 'Entregar en',
    sendTo: 'Enviar a',
    status: 'Estado',
    supplierReference: 'Su referencia',
    shipmentReference: 'Referencia del envío',
    currency: 'Moneda',
    paymentTermsLabel: 'Condiciones de pago',
    from: 'Desde',
    paymentTerms: (d) => (d === 0 ? 'Pago a la recepción' : `${d} días netos`),
    costCenter: 'Centro de coste',
    sku: 'SKU',
    name: 'Descripción',
    quantity: 'Cant.',
    unitCost: 'Coste unitario',
    discount: 'Desc. %',
    vatRate: 'IVA %',
    net: 'Neto',
    netAt: (r) => `Neto al ${r} % de IVA`,
    vatAt: (r) => `IVA al ${r} %`,
    exempt: 'Neto, exento de IVA',
    totalNet: 'Total neto',
    totalVat: 'Total IVA',
    total: 'Total',
    statuses: {
      DRAFT: 'Borrador',
      APPROVED: 'Aprobado',
      PARTIALLY_RECEIVED: 'Recibido en parte',
      RECEIVED: 'Recibido',
      CLOSED: 'Cerrado',
      CANCELED: 'Cancelado',
    },
  },
  pt: {
    titles: {
      PRIOR_ORDER_PO: 'Pedido de compra',
      INVOICE_ORDER_PO: 'Pedido de compra',
      CONSIGNMENT_PO: 'Pedido à consignação',
      SEND_INVENTORY: 'Envio de stock',
    },
    orderDate: 'Data do pedido',
    expectedDate: 'Entrega prevista',
    supplier: 'Fornecedor',
    deliverTo: 'Entregar em',
    sendTo: 'Enviar para',
    status: 'Estado',
    supplierReference: 'A sua referência',
    shipmentReference: 'Referência do envio',
    currency: 'Moeda',
    paymentTermsLabel: 'Condições de pagamento',
    from: 'De',
    paymentTerms: (d) => (d === 0 ? 'Pagamento na receção' : `${d} dias líquidos`),
    costCenter: 'Centro de custo',
    sku: 'SKU',
    name: 'Descrição',
    quantity: 'Qtd.',
    unitCost: 'Custo unitário',
    discount: 'Desc. %',
    vatRate: 'IVA %',
    net: 'Líquido',
    netAt: (r) => `Líquido a ${r}% de IVA`,
    vatAt: (r) => `IVA a ${r}%`,
    exempt: 'Líquido, isento de IVA',
    totalNet: 'Total líquido',
    totalVat: 'Total IVA',
    total: 'Total',
    statuses: {
      DRAFT: 'Rascunho',
      APPROVED: 'Aprovado',
      PARTIALLY_RECEIVED: 'Recebido em parte',
      RECEIVED: 'Recebido',
      CLOSED: 'Fechado',
      CANCELED: 'Cancelado',
    },
  },
  de: {
    titles: {
      PRIOR_ORDER_PO: 'Bestellung',
      INVOICE_ORDER_PO: 'Bestellung',
      CONSIGNMENT_PO: 'Kommissionsbestellung',
      SEND_INVENTORY: 'Bestandsversand',
    },
    orderDate: 'Bestelldatum',
    expectedDate: 'Erwartete Lieferung',
    supplier: 'Lieferant',
    deliverTo: 'Lieferadresse',
    sendTo: 'Versand an',
    status: 'Status',
    supplierReference: 'Ihre Referenz',
    shipmentReference: 'Sendungsreferenz',
    currency: 'Währung',
    paymentTermsLabel: 'Zahlungsbedingungen',
    from: 'Von',
    paymentTerms: (d) => (d === 0 ? 'Zahlung bei Erhalt' : `${d} Tage netto`),
    costCenter: 'Kostenstelle',
    sku: 'SKU',
    name: 'Bezeichnung',
    quantity: 'Menge',
    unitCost: 'Stückpreis',
    discount: 'Rabatt %',
    vatRate: 'USt. %',
    net: 'Netto',
    netAt: (r) => `Netto zu ${r} % USt.`,
    vatAt: (r) => `USt. ${r} %`,
    exempt: 'Netto, umsatzsteuerfrei',
    totalNet: 'Summe netto',
    totalVat: 'Summe USt.',
    total: 'Gesamtbetrag',
    statuses: {
      DRAFT: 'Entwurf',
      APPROVED: 'Freigegeben',
      PARTIALLY_RECEIVED: 'Teilweise eingegangen',
      RECEIVED: 'Eingegangen',
      CLOSED: 'Abgeschlossen',
      CANCELED: 'Storniert',
    },
  },
};

/** The order's PDF in a language, and its number (for the file's name). */
export async function purchaseOrderPdfBody(ctx: Pick<Ctx, 'db'>, order: PurchaseOrder, language: PdfLanguage) {
  const t = TEXTS[language];
  const warehouseIds = [order.warehouse.id, ...(order.destinationWarehouse ? [order.destinationWarehouse.id] : [])];
  const [company, warehouses, supplierAddress] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    findWarehouses(ctx.db, warehouseIds),
    order.supplier ? findPartnerAddress(ctx.db, order.supplier.id) : Promise.resolve(undefined),
  ]);
  const party = (label: string, id: string): PdfParty => {
    const w = warehouses.find((x) => x.id === id);
    return {
      label,
      name: w?.name ?? '',
      lines: [w?.code ?? ''],
      address: w
        ? { line1: w.address_line1, line2: w.address_line2, city: w.city, postcode: w.postcode, country: w.country }
        : {},
    };
  };
  const parties: PdfParty[] = order.supplier
    ? [
        {
          label: t.supplier,
          name: order.supplier.name,
          lines: [order.supplier.code],
          ...(supplierAddress
            ? {
                address: {
                  line1: supplierAddress.line1,
                  line2: supplierAddress.line2 ?? '',
                  city: supplierAddress.city,
                  postcode: supplierAddress.postcode ?? '',
                  country: supplierAddress.country,
                },
              }
            : {}),
        },
        party(t.deliverTo, order.warehouse.id),
      ]
    : [party(t.from, order.warehouse.id), party(t.sendTo, order.destinationWarehouse?.id ?? '')];
  const sending = order.type === 'SEND_INVENTORY';
  const rateLabel = (code: VatCode, rate: string, kind: 'net' | 'vat') =>
    code === 'EXEMPT' ? t.exempt : kind === 'net' ? t.netAt(rate) : t.vatAt(rate);
  return renderPdf({
    language,
    company: pdfCompany(company),
    title: t.titles[order.type],
    number: order.number,
    currency: order.currency,
    dates: [
      { label: t.orderDate, value: order.orderDate },
      { label: t.expectedDate, value: order.expectedDate },
    ],
    parties,
    details: [
      { label: t.status, value: t.statuses[order.status] },
      ...(sending ? [] : [{ label: t.currency, value: order.currency }]),
      ...(order.supplier ? [{ label: t.paymentTermsLabel, value: t.paymentTerms(order.paymentTermsDays) }] : []),
      ...(order.supplierReference ? [{ label: t.supplierReference, value: order.supplierReference }] : []),
      ...(order.shipmentReference ? [{ label: t.shipmentReference, value: order.shipmentReference }] : []),
      ...(order.costCenter
        ? [{ label: t.costCenter, value: `${order.costCenter.code} ${order.costCenter.name}` }]
        : []),
    ],
    // Own stock sent elsewhere travels at its FIFO cost: its note lists what is sent, without prices.
    ...(sending
      ? {
          columns: [
            { key: 'sku', label: t.sku, width: 20 },
            { key: 'name', label: t.name, width: 50 },
            { key: 'quantity', label: t.quantity, width: 12, kind: 'quantity' as const },
          ],
          lines: order.lines.map((l) => ({ sku: l.product.sku, name: l.product.name, quantity: l.quantity })),
          totals: [
            {
              label: t.total,
              values: { quantity: order.orderedQuantity },
            },
          ],
        }
      : {
          columns: [
            { key: 'sku', label: t.sku, width: 16 },
            { key: 'name', label: t.name, width: 34 },
            { key: 'quantity', label: t.quantity, width: 9, kind: 'quantity' },
            { key: 'unitCost', label: t.unitCost, width: 13, kind: 'money', places: 6 },
            { key: 'discount', label: t.discount, width: 8, kind: 'quantity' },
            { key: 'vatRate', label: t.vatRate, width: 7, kind: 'quantity' },
            { key: 'net', label: t.net, width: 14, kind: 'money' },
          ],
          lines: order.lines.map((l) => ({
            sku: l.product.sku,
            name: l.product.name,
            quantity: l.quantity,
            unitCost: l.unitCost,
            discount: l.discountPercent === '0' ? '' : l.discountPercent,
            vatRate: l.vatCode === 'EXEMPT' ? '–' : l.vatRate,
            net: l.netAmount,
          })),
          totals: [
            ...order.vatPerRate.flatMap((r) => [
              { label: rateLabel(r.vatCode, r.vatRate, 'net'), values: { net: r.net } },
              ...(r.vatCode === 'EXEMPT'
                ? []
                : [{ label: rateLabel(r.vatCode, r.vatRate, 'vat'), values: { net: r.vat } }]),
            ]),
            { label: t.totalNet, values: { net: order.netTotal } },
            { label: t.totalVat, values: { net: order.vatTotal } },
            { label: t.total, values: { net: order.grossTotal } },
          ],
        }),
    notes: order.notes,
    printedAt: new Date(),
  });
}

export async function purchaseOrderPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const order = await getPurchaseOrder(ctx.db, id);
  const body = await purchaseOrderPdfBody(ctx, order, requestLanguage(ctx, lang));
  return sendPdf(ctx, order.number, body);
}
