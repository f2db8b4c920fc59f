import {
  type PaymentType,
  type SalesInvoice,
  type SalesInvoiceAddress,
  type SalesInvoiceStatus,
  VAT_CODES,
  type VatCode,
} from '@backoffice/contracts';
import { type PdfLanguage, pdfCompany, renderPdf, requestLanguage, sendPdf } from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getSalesInvoice } from './sales-invoice.service.ts';

/**
 * The UK VAT invoice (HMRC's full VAT invoice): the seller's name, address and VAT registration number (company
 * settings, printed by the renderer's company block), the invoice number, its date and the tax point, the customer's
 * name and address, each line's description, quantity, unit price, discount, VAT rate and amount, the net and VAT
 * per rate, the total VAT and the total payable, in the invoice's currency. Prices entered with VAT are printed as
 * entered, with the net derived per line (contract header).
 */

interface Texts {
  title: string;
  invoiceDate: string;
  taxPoint: string;
  billTo: string;
  deliverTo: string;
  status: string;
  channel: string;
  order: string;
  payment: string;
  paymentReference: string;
  currency: string;
  pricesIncludeVat: string;
  sku: string;
  name: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
  net: string;
  vat: string;
  shipping: string;
  netAt: (rate: string) => string;
  vatAt: (rate: string) => string;
  zeroRated: string;
  exempt: string;
  totalNet: string;
  totalVat: string;
  total: string;
  statuses: Record<SalesInvoiceStatus, string>;
  payments: Record<PaymentType, string>;
}

const PAYMENTS_EN: Record<PaymentType, string> = {
  CASH: 'Cash',
  PAYPAL: 'PayPal',
  BANK_TRANSFER: 'Bank transfer',
  CREDIT_NOTE: 'Credit note',
  SALES_INVOICE: 'Sales invoice',
  EBAY_REFUND: 'eBay refund',
  SHOPIFY_REFUND: 'Shopify refund',
  AMAZON_REFUND: 'Amazon refund',
  TIKTOK_REFUND: 'TikTok refund',
};

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'VAT invoice',
    invoiceDate: 'Invoice date',
    taxPoint: 'Tax point',
    billTo: 'Invoice to',
    deliverTo: 'Deliver to',
    status: 'Status',
    channel: 'Channel',
    order: 'Order',
    payment: 'Payment',
    paymentReference: 'Payment reference',
    currency: 'Currency',
    pricesIncludeVat: 'Prices include VAT',
    sku: 'SKU',
    name: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Disc. %',
    vatRate: 'VAT %',
    net: 'Net',
    vat: 'VAT',
    shipping: 'Delivery',
    netAt: (r) => `Net at ${r}% VAT`,
    vatAt: (r) => `VAT at ${r}%`,
    zeroRated: 'Net, zero-rated',
    exempt: 'Net, VAT exempt',
    totalNet: 'Total net',
    totalVat: 'Total VAT',
    total: 'Total payable',
    statuses: {
      PENDING: 'Pending',
      BOOKED: 'Booked',
      PROCESSING: 'Processing',
      READY_FOR_DELIVERY: 'Ready for delivery',
      PROCESSED: 'Processed',
      CANCELED: 'Cancelled',
    },
    payments: PAYMENTS_EN,
  },
  es: {
    title: 'Factura con IVA',
    invoiceDate: 'Fecha de factura',
    taxPoint: 'Fecha de devengo',
    billTo: 'Facturar a',
    deliverTo: 'Entregar en',
    status: 'Estado',
    channel: 'Canal',
    order: 'Pedido',
    payment: 'Pago',
    paymentReference: 'Referencia de pago',
    currency: 'Moneda',
    pricesIncludeVat: 'Precios con IVA incluido',
    sku: 'SKU',
    name: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    discount: 'Desc. %',
    vatRate: 'IVA %',
    net: 'Neto',
    vat: 'IVA',
    shipping: 'Envío',
    netAt: (r) => `Neto al ${r} % de IVA`,
    vatAt: (r) => `IVA al ${r} %`,
    zeroRated: 'Neto, tipo cero',
    exempt: 'Neto, exento de IVA',
    totalNet: 'Total neto',
    totalVat: 'Total IVA',
    total: 'Total a pagar',
    statuses: {
      PENDING: 'Pendiente',
      BOOKED: 'Contabilizada',
      PROCESSING: 'En preparación',
      READY_FOR_DELIVERY: 'Lista para entrega',
      PROCESSED: 'Procesada',
      CANCELED: 'Cancelada',
    },
    payments: {
      ...PAYMENTS_EN,
      CASH: 'Efectivo',
      BANK_TRANSFER: 'Transferencia bancaria',
      CREDIT_NOTE: 'Nota de crédito',
      SALES_INVOICE: 'Factura de venta',
      EBAY_REFUND: 'Reembolso de eBay',
      SHOPIFY_REFUND: 'Reembolso de Shopify',
      AMAZON_REFUND: 'Reembolso de Amazon',
      TIKTOK_REFUND: 'Reembolso de TikTok',
    },
  },
  pt: {
    title: 'Fatura com IVA',
    invoiceDate: 'Data da fatura',
    taxPoint: 'Data do facto gerador',
    billTo: 'Faturar a',
    deliverTo: 'Entregar em',
    status: 'Estado',
    channel: 'Canal',
    order: 'Encomenda',
    payment: 'Pagamento',
    paymentReference: 'Referência do pagamento',
    currency: 'Moeda',
    pricesIncludeVat: 'Preços com IVA incluído',
    sku: 'SKU',
    name: 'Descrição',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    discount: 'Desc. %',
    vatRate: 'IVA %',
    net: 'Líquido',
    vat: 'IVA',
    shipping: 'Envio',
    netAt: (r) => `Líquido a ${r}% de IVA`,
    vatAt: (r) => `IVA a ${r}%`,
    zeroRated: 'Líquido, taxa zero',
    exempt: 'Líquido, isento de IVA',
    totalNet: 'Total líquido',
    totalVat: 'Total IVA',
    total: 'Total a pagar',
    statuses: {
      PENDING: 'Pendente',
      BOOKED: 'Lançada',
      PROCESSING: 'Em preparação',
      READY_FOR_DELIVERY: 'Pronta para entrega',
      PROCESSED: 'Processada',
      CANCELED: 'Cancelada',
    },
    payments: {
      ...PAYMENTS_EN,
      CASH: 'Numerário',
      BANK_TRANSFER: 'Transferência bancária',
      CREDIT_NOTE: 'Nota de crédito',
      SALES_INVOICE: 'Fatura de venda',
      EBAY_REFUND: 'Reembolso eBay',
      SHOPIFY_REFUND: 'Reembolso Shopify',
      AMAZON_REFUND: 'Reembolso Amazon',
      TIKTOK_REFUND: 'Reembolso TikTok',
    },
  },
  de: {
    title: 'Rechnung mit USt.',
    invoiceDate: 'Rechnungsdatum',
    taxPoint: 'Leistungsdatum',
    billTo: 'Rechnung an',
    deliverTo: 'Lieferadresse',
    status: 'Status',
    channel: 'Kanal',
    order: 'Bestellung',
    payment: 'Zahlung',
    paymentReference: 'Zahlungsreferenz',
    currency: 'Währung',
    pricesIncludeVat: 'Preise inkl. USt.',
    sku: 'SKU',
    name: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Stückpreis',
    discount: 'Rabatt %',
    vatRate: 'USt. %',
    net: 'Netto',
    vat: 'USt.',
    shipping: 'Versand',
    netAt: (r) => `Netto zu ${r} % USt.`,
    vatAt: (r) => `USt. ${r} %`,
    zeroRated: 'Netto, Nullsatz',
    exempt: 'Netto, umsatzsteuerfrei',
    totalNet: 'Summe netto',
    totalVat: 'Summe USt.',
    total: 'Zu zahlen',
    statuses: {
      PENDING: 'Offen',
      BOOKED: 'Gebucht',
      PROCESSING: 'In Bearbeitung',
      READY_FOR_DELIVERY: 'Versandbereit',
      PROCESSED: 'Abgeschlossen',
      CANCELED: 'Storniert',
    },
    payments: {
      ...PAYMENTS_EN,
      CASH: 'Bar',
      BANK_TRANSFER: 'Überweisung',
      CREDIT_NOTE: 'Gutschrift',
      SALES_INVOICE: 'Rechnung',
      EBAY_REFUND: 'eBay-Erstattung',
      SHOPIFY_REFUND: 'Shopify-Erstattung',
      AMAZON_REFUND: 'Amazon-Erstattung',
      TIKTOK_REFUND: 'TikTok-Erstattung',
    },
  },
};

const partyAddress = (a: SalesInvoiceAddress) => ({
  line1: a.line1,
  line2: [a.line2, a.county].filter(Boolean).join(', '),
  city: a.city,
  postcode: a.postcode ?? '',
  country: a.country,
});

/** A row under the lines: its amount in the net or the VAT column. */
const total = (
  label: string,
  column: 'net' | 'vat',
  value: string,
): { label: string; values: Record<string, string> } => ({
  label,
  values: { [column]: value },
});

/** The invoice's PDF in a language. */
export async function salesInvoicePdfBody(ctx: Pick<Ctx, 'db'>, invoice: SalesInvoice, language: PdfLanguage) {
  const t = TEXTS[language];
  const company = await getSettingsGroup(ctx.db, 'company');
  const rateLabel = (code: VatCode, rate: string, kind: 'net' | 'vat') => {
    if (kind === 'net' && code === 'EXEMPT') return t.exempt;
    if (kind === 'net' && code === 'ZERO') return t.zeroRated;
    return kind === 'net' ? t.netAt(rate) : t.vatAt(rate);
  };
  const shipping =
    invoice.shippingCharge === '0.00'
      ? []
      : [
          {
            sku: '',
            name: [t.shipping, invoice.carrierService?.name].filter(Boolean).join(': '),
            quantity: '1',
            unitPrice: invoice.shippingCharge,
            discount: '',
            vatRate: invoice.shippingVatCode === 'EXEMPT' ? '–' : VAT_CODES[invoice.shippingVatCode],
            net: invoice.shippingNet,
            vat: invoice.shippingVat,
          },
        ];
  return renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: invoice.number,
    currency: invoice.currency,
    dates: [
      { label: t.invoiceDate, value: invoice.invoiceDate },
      { label: t.taxPoint, value: invoice.taxPointDate },
    ],
    parties: [
      {
        label: t.billTo,
        name: invoice.billingAddress.name ?? invoice.customer.name,
        address: partyAddress(invoice.billingAddress),
        ...(invoice.email ? { lines: [invoice.email] } : {}),
      },
      {
        label: t.deliverTo,
        name: invoice.deliveryAddress.name ?? invoice.customer.name,
        address: partyAddress(invoice.deliveryAddress),
      },
    ],
    details: [
      { label: t.status, value: t.statuses[invoice.status] },
      { label: t.channel, value: invoice.channel },
      ...(invoice.externalOrderId ? [{ label: t.order, value: invoice.externalOrderId }] : []),
      { label: t.currency, value: invoice.currency },
      ...(invoice.paymentType ? [{ label: t.payment, value: t.payments[invoice.paymentType] }] : []),
      ...(invoice.paymentReference ? [{ label: t.paymentReference, value: invoice.paymentReference }] : []),
      ...(invoice.pricesIncludeVat ? [{ label: t.pricesIncludeVat, value: '✓' }] : []),
    ],
    columns: [
      { key: 'sku', label: t.sku, width: 14 },
      { key: 'name', label: t.name, width: 30 },
      { key: 'quantity', label: t.quantity, width: 7, kind: 'quantity' },
      { key: 'unitPrice', label: t.unitPrice, width: 12, kind: 'money', places: 4 },
      { key: 'discount', label: t.discount, width: 7, kind: 'quantity' },
      { key: 'vatRate', label: t.vatRate, width: 7, kind: 'quantity' },
      { key: 'net', label: t.net, width: 12, kind: 'money' },
      { key: 'vat', label: t.vat, width: 11, kind: 'money' },
    ],
    lines: [
      ...invoice.lines.map((l) => ({
        sku: l.product.sku,
        name: l.product.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discountPercent === '0' ? '' : l.discountPercent,
        vatRate: l.vatCode === 'EXEMPT' ? '–' : l.vatRate,
        net: l.netAmount,
        vat: l.vatAmount,
      })),
      ...shipping,
    ],
    totals: [
      ...invoice.vatPerRate.flatMap((r) => [
        total(rateLabel(r.vatCode, r.vatRate, 'net'), 'net', r.net),
        ...(r.vatCode === 'EXEMPT' || r.vatCode === 'ZERO'
          ? []
          : [total(rateLabel(r.vatCode, r.vatRate, 'vat'), 'vat', r.vat)]),
      ]),
      total(t.totalNet, 'net', invoice.netTotal),
      total(t.totalVat, 'vat', invoice.vatTotal),
      total(t.total, 'vat', invoice.grossTotal),
    ],
    notes: invoice.note,
    printedAt: new Date(),
  });
}

export async function salesInvoicePdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const invoice = await getSalesInvoice(ctx.db, id);
  const body = await salesInvoicePdfBody(ctx, invoice, requestLanguage(ctx, lang));
  return sendPdf(ctx, invoice.number, body);
}
