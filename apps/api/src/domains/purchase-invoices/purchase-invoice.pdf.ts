import {
  type LandedCostType,
  type PurchaseInvoice,
  type PurchaseInvoiceStatus,
  type VatCode,
  vatTotals,
} from '@backoffice/contracts';
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
import { getInvoice } from './purchase-invoice.service.ts';
import { supplierAddress } from './purchase-invoice-sheet.repository.ts';

/**
 * The supplier invoice as the accounts keep it: the supplier and their invoice number, the dates, the lines with the
 * order each is against, net and VAT per rate, the total and what is still open; the three-way match's verdict and
 * the reason a difference was accepted. Money in the invoice's currency.
 */

interface Texts {
  title: string;
  invoiceDate: string;
  dueDate: string;
  supplier: string;
  supplierInvoiceNumber: string;
  status: string;
  currency: string;
  match: string;
  withinTolerance: string;
  beyondTolerance: string;
  differenceReason: string;
  approvedBy: string;
  order: string;
  sku: string;
  name: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
  net: string;
  netAt: (rate: string) => string;
  vatAt: (rate: string) => string;
  exempt: string;
  /** A landed charge's line: its kind. */
  charges: Record<LandedCostType, string>;
  totalNet: string;
  totalVat: string;
  total: string;
  open: string;
  statuses: Record<PurchaseInvoiceStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Supplier invoice',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    supplier: 'Supplier',
    supplierInvoiceNumber: "Supplier's invoice number",
    status: 'Status',
    currency: 'Currency',
    match: 'Three-way match',
    withinTolerance: 'Within the tolerances',
    beyondTolerance: 'Beyond the tolerances',
    differenceReason: 'Difference accepted because',
    approvedBy: 'Approved by',
    order: 'Order',
    sku: 'SKU',
    name: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Disc. %',
    vatRate: 'VAT %',
    net: 'Net',
    netAt: (r) => `Net at ${r}% VAT`,
    vatAt: (r) => `VAT at ${r}%`,
    exempt: 'Net, VAT exempt',
    charges: { FREIGHT: 'Freight', DUTY: 'Duty', INSURANCE: 'Insurance', OTHER: 'Other charge' },
    totalNet: 'Total net',
    totalVat: 'Total VAT',
    total: 'Total',
    open: 'Open amount',
    statuses: {
      PENDING: 'Pending',
      BOOKED: 'Booked',
      PROCESSING: 'In a settlement',
      PROCESSED: 'Paid',
      CANCELED: 'Cancelled',
    },
  },
  es: {
    title: 'Factura de proveedor',
    invoiceDate: 'Fecha de factura',
    dueDate: 'Vencimiento',
    supplier: 'Proveedor',
    supplierInvoiceNumber: 'Número de factura del proveedor',
    status: 'Estado',
    currency: 'Moneda',
    match: 'Conciliación a tres bandas',
    withinTolerance: 'Dentro de las tolerancias',
    beyondTolerance: 'Fuera de las tolerancias',
    differenceReason: 'Diferencia aceptada porque',
    approvedBy: 'Aprobada por',
    order: 'Pedido',
    sku: 'SKU',
    name: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    discount: 'Desc. %',
    vatRate: 'IVA %',
    net: 'Neto',
    netAt: (r) => `Neto al ${r} % de IVA`,
    vatAt: (r) => `IVA al ${r} %`,
    exempt: 'Neto, exento de IVA',
    charges: { FREIGHT: 'Flete', DUTY: 'Aranceles', INSURANCE: 'Seguro', OTHER: 'Otro cargo' },
    totalNet: 'Total neto',
    totalVat: 'Total IVA',
    total: 'Total',
    open: 'Importe pendiente',
    statuses: {
      PENDING: 'Pendiente',
      BOOKED: 'Contabilizada',
      PROCESSING: 'En una liquidación',
      PROCESSED: 'Pagada',
      CANCELED: 'Cancelada',
    },
  },
  pt: {
    title: 'Fatura de fornecedor',
    invoiceDate: 'Data da fatura',
    dueDate: 'Vencimento',
    supplier: 'Fornecedor',
    supplierInvoiceNumber: 'Número da fatura do fornecedor',
    status: 'Estado',
    currency: 'Moeda',
    match: 'Conferência a três vias',
    withinTolerance: 'Dentro das tolerâncias',
    beyondTolerance: 'Fora das tolerâncias',
    differenceReason: 'Diferença aceite porque',
    approvedBy: 'Aprovada por',
    order: 'Pedido',
    sku: 'SKU',
    name: 'Descrição',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    discount: 'Desc. %',
    vatRate: 'IVA %',
    net: 'Líquido',
    netAt: (r) => `Líquido a ${r}% de IVA`,
    vatAt: (r) => `IVA a ${r}%`,
    exempt: 'Líquido, isento de IVA',
    charges: { FREIGHT: 'Frete', DUTY: 'Direitos', INSURANCE: 'Seguro', OTHER: 'Outro encargo' },
    totalNet: 'Total líquido',
    totalVat: 'Total IVA',
    total: 'Total',
    open: 'Valor em aberto',
    statuses: {
      PENDING: 'Pendente',
      BOOKED: 'Lançada',
      PROCESSING: 'Numa liquidação',
      PROCESSED: 'Paga',
      CANCELED: 'Cancelada',
    },
  },
  de: {
    title: 'Lieferantenrechnung',
    invoiceDate: 'Rechnungsdatum',
    dueDate: 'Fällig am',
    supplier: 'Lieferant',
    supplierInvoiceNumber: 'Rechnungsnummer des Lieferanten',
    status: 'Status',
    currency: 'Währung',
    match: 'Dreifachabgleich',
    withinTolerance: 'Innerhalb der Toleranzen',
    beyondTolerance: 'Außerhalb der Toleranzen',
    differenceReason: 'Abweichung akzeptiert, weil',
    approvedBy: 'Freigegeben von',
    order: 'Bestellung',
    sku: 'SKU',
    name: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Stückpreis',
    discount: 'Rabatt %',
    vatRate: 'USt. %',
    net: 'Netto',
    netAt: (r) => `Netto zu ${r} % USt.`,
    vatAt: (r) => `USt. ${r} %`,
    exempt: 'Netto, umsatzsteuerfrei',
    charges: { FREIGHT: 'Fracht', DUTY: 'Zoll', INSURANCE: 'Versicherung', OTHER: 'Sonstige Kosten' },
    totalNet: 'Summe netto',
    totalVat: 'Summe USt.',
    total: 'Gesamtbetrag',
    open: 'Offener Betrag',
    statuses: {
      PENDING: 'Offen',
      BOOKED: 'Gebucht',
      PROCESSING: 'In einer Zahlung',
      PROCESSED: 'Bezahlt',
      CANCELED: 'Storniert',
    },
  },
};

/** The invoice's PDF in a language. */
export async function purchaseInvoicePdfBody(ctx: Pick<Ctx, 'db'>, invoice: PurchaseInvoice, language: PdfLanguage) {
  const t = TEXTS[language];
  const [company, address] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    supplierAddress(ctx.db, invoice.supplier.id),
  ]);
  const supplier: PdfParty = {
    label: t.supplier,
    name: invoice.supplier.name,
    lines: [invoice.supplier.code],
    ...(address
      ? {
          address: {
            line1: address.line1,
            line2: address.line2 ?? '',
            city: address.city,
            postcode: address.postcode ?? '',
            country: address.country,
          },
        }
      : {}),
  };
  const perRate = vatTotals(
    [...invoice.lines, ...invoice.charges].map((l) => ({
      vatCode: l.vatCode,
      net: l.net,
      vatRate: l.vatRate,
      vat: l.vat,
      gross: '0',
    })),
  ).perRate;
  const rateLabel = (code: VatCode, rate: string, kind: 'net' | 'vat') =>
    code === 'EXEMPT' ? t.exempt : kind === 'net' ? t.netAt(rate) : t.vatAt(rate);
  return renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: invoice.number,
    currency: invoice.currency,
    dates: [
      { label: t.invoiceDate, value: invoice.invoiceDate },
      { label: t.dueDate, value: invoice.dueDate },
    ],
    parties: [supplier],
    details: [
      { label: t.supplierInvoiceNumber, value: invoice.supplierInvoiceNumber },
      { label: t.status, value: t.statuses[invoice.status] },
      {
        label: t.currency,
        value: invoice.currency === 'GBP' ? 'GBP' : `${invoice.currency} ${invoice.exchangeRate}`,
      },
      { label: t.match, value: invoice.withinTolerance ? t.withinTolerance : t.beyondTolerance },
      ...(invoice.differenceReason ? [{ label: t.differenceReason, value: invoice.differenceReason }] : []),
      ...(invoice.approvedBy ? [{ label: t.approvedBy, value: invoice.approvedBy.username }] : []),
    ],
    columns: [
      { key: 'order', label: t.order, width: 15 },
      { key: 'sku', label: t.sku, width: 13 },
      { key: 'name', label: t.name, width: 25 },
      { key: 'quantity', label: t.quantity, width: 8, kind: 'quantity' },
      { key: 'unitPrice', label: t.unitPrice, width: 12, kind: 'money', places: 6 },
      { key: 'discount', label: t.discount, width: 7, kind: 'quantity' },
      { key: 'vatRate', label: t.vatRate, width: 6, kind: 'quantity' },
      { key: 'net', label: t.net, width: 14, kind: 'money' },
    ],
    lines: invoice.lines
      .map((l) => ({
        order: `${l.orderNumber}/${l.orderLineNo}`,
        sku: l.product.sku,
        name: l.product.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        discount: l.discountPercent === '0' ? '' : l.discountPercent,
        vatRate: l.vatCode === 'EXEMPT' ? '–' : l.vatRate,
        net: l.net,
      }))
      .concat(
        // Landed charges: the receipts they are for in the first column.
        invoice.charges.map((c) => ({
          order: c.notes.map((n) => n.number).join(', '),
          sku: '',
          name: [t.charges[c.chargeType], c.description].filter(Boolean).join(': '),
          quantity: '1',
          unitPrice: c.net,
          discount: '',
          vatRate: c.vatCode === 'EXEMPT' ? '–' : c.vatRate,
          net: c.net,
        })),
      ),
    totals: [
      ...perRate.flatMap((r) => [
        { label: rateLabel(r.vatCode, r.vatRate, 'net'), values: { net: r.net } },
        ...(r.vatCode === 'EXEMPT' ? [] : [{ label: rateLabel(r.vatCode, r.vatRate, 'vat'), values: { net: r.vat } }]),
      ]),
      { label: t.totalNet, values: { net: invoice.netTotal } },
      { label: t.totalVat, values: { net: invoice.vatTotal } },
      { label: t.total, values: { net: invoice.grossTotal } },
      { label: t.open, values: { net: invoice.openAmount } },
    ],
    notes: invoice.notes,
    printedAt: new Date(),
  });
}

export async function purchaseInvoicePdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const invoice = await getInvoice(ctx.db, id);
  const body = await purchaseInvoicePdfBody(ctx, invoice, requestLanguage(ctx, lang));
  return sendPdf(ctx, invoice.number, body);
}
