import type { PaymentType, Settlement, SettlementStatus } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  formatMoney,
  type PdfLanguage,
  pdfCompany,
  renderPdf,
  requestLanguage,
  sendPdf,
} from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getSettlement } from './settlement.service.ts';

/** The remittance advice: what a settlement pays the supplier, invoice by invoice, less credits, plus interest. */

interface Texts {
  title: string;
  paymentDate: string;
  completed: string;
  supplier: string;
  paidFrom: string;
  status: string;
  paymentType: string;
  reference: string;
  cheque: string;
  invoice: string;
  supplierInvoice: string;
  invoiceDate: string;
  dueDate: string;
  daysLate: string;
  amount: string;
  interest: string;
  credit: string;
  totalInvoices: string;
  totalInterest: string;
  totalCredits: string;
  totalPaid: string;
  paidInProcessor: string;
  exchange: string;
  totalExchange: string;
  openAfter: string;
  paymentTypes: Record<PaymentType, string>;
  statuses: Record<SettlementStatus, string>;
}

const TEXTS: Record<PdfLanguage, Texts> = {
  en: {
    title: 'Remittance advice',
    paymentDate: 'Payment date',
    completed: 'Completed',
    supplier: 'Paid to',
    paidFrom: 'Paid from',
    status: 'Status',
    paymentType: 'Payment type',
    reference: 'Reference',
    cheque: 'Cheque',
    invoice: 'Our reference',
    supplierInvoice: 'Your invoice',
    invoiceDate: 'Invoice date',
    dueDate: 'Due',
    daysLate: 'Days late',
    amount: 'Paid',
    interest: 'Interest',
    credit: 'Credit applied',
    totalInvoices: 'Invoices paid',
    totalInterest: 'Late-payment interest',
    totalCredits: 'Credits applied',
    totalPaid: 'Total paid',
    paidInProcessor: 'Paid in',
    openAfter: 'Left to pay',
    paymentTypes: {
      CASH: 'Cash',
      PAYPAL: 'PayPal',
      BANK_TRANSFER: 'Bank transfer',
      CREDIT_NOTE: 'Credit note',
      SALES_INVOICE: 'Sales invoice',
      EBAY_REFUND: 'eBay refund',
      SHOPIFY_REFUND: 'Shopify refund',
      AMAZON_REFUND: 'Amazon refund',
      TIKTOK_REFUND: 'TikTok refund',
    },
    exchange: 'Exchange difference (GBP)',
    totalExchange: 'Exchange gain (−) or loss (+), GBP',
    statuses: {
      DRAFT: 'Draft',
      CHEQUE_ISSUED: 'Cheque issued',
      CHEQUE_COLLECTED: 'Cheque collected',
      CHEQUE_SENT_TO_BANK: 'Cheque sent to bank',
      COMPLETED: 'Completed',
      CHEQUE_RETURNED: 'Cheque returned',
      CANCELED: 'Cancelled',
    },
  },
  es: {
    title: 'Aviso de pago',
    paymentDate: 'Fecha de pago',
    completed: 'Completada',
    supplier: 'Pagado a',
    paidFrom: 'Pagado desde',
    status: 'Estado',
    paymentType: 'Tipo de pago',
    reference: 'Referencia',
    cheque: 'Cheque',
    invoice: 'Nuestra referencia',
    supplierInvoice: 'Su factura',
    invoiceDate: 'Fecha de factura',
    dueDate: 'Vencimiento',
    daysLate: 'Días de retraso',
    amount: 'Pagado',
    interest: 'Intereses',
    credit: 'Abono aplicado',
    totalInvoices: 'Facturas pagadas',
    totalInterest: 'Intereses de demora',
    totalCredits: 'Abonos aplicados',
    totalPaid: 'Total pagado',
    paidInProcessor: 'Pagado en',
    openAfter: 'Queda por pagar',
    paymentTypes: {
      CASH: 'Efectivo',
      PAYPAL: 'PayPal',
      BANK_TRANSFER: 'Transferencia bancaria',
      CREDIT_NOTE: 'Nota de abono',
      SALES_INVOICE: 'Factura de venta',
      EBAY_REFUND: 'Reembolso de eBay',
      SHOPIFY_REFUND: 'Reembolso de Shopify',
      AMAZON_REFUND: 'Reembolso de Amazon',
      TIKTOK_REFUND: 'Reembolso de TikTok',
    },
    exchange: 'Diferencia de cambio (GBP)',
    totalExchange: 'Ganancia (−) o pérdida (+) de cambio, GBP',
    statuses: {
      DRAFT: 'Borrador',
      CHEQUE_ISSUED: 'Cheque emitido',
      CHEQUE_COLLECTED: 'Cheque recogido',
      CHEQUE_SENT_TO_BANK: 'Cheque enviado al banco',
      COMPLETED: 'Completada',
      CHEQUE_RETURNED: 'Cheque devuelto',
      CANCELED: 'Cancelada',
    },
  },
  pt: {
    title: 'Aviso de pagamento',
    paymentDate: 'Data de pagamento',
    completed: 'Concluída',
    supplier: 'Pago a',
    paidFrom: 'Pago a partir de',
    status: 'Estado',
    paymentType: 'Tipo de pagamento',
    reference: 'Referência',
    cheque: 'Cheque',
    invoice: 'A nossa referência',
    supplierInvoice: 'A sua fatura',
    invoiceDate: 'Data da fatura',
    dueDate: 'Vencimento',
    daysLate: 'Dias de atraso',
    amount: 'Pago',
    interest: 'Juros',
    credit: 'Crédito aplicado',
    totalInvoices: 'Faturas pagas',
    totalInterest: 'Juros de mora',
    totalCredits: 'Créditos aplicados',
    totalPaid: 'Total pago',
    paidInProcessor: 'Pago em',
    openAfter: 'Por pagar',
    paymentTypes: {
      CASH: 'Numerário',
      PAYPAL: 'PayPal',
      BANK_TRANSFER: 'Transferência bancária',
      CREDIT_NOTE: 'Nota de crédito',
      SALES_INVOICE: 'Fatura de venda',
      EBAY_REFUND: 'Reembolso eBay',
      SHOPIFY_REFUND: 'Reembolso Shopify',
      AMAZON_REFUND: 'Reembolso Amazon',
      TIKTOK_REFUND: 'Reembolso TikTok',
    },
    exchange: 'Diferença cambial (GBP)',
    totalExchange: 'Ganho (−) ou perda (+) cambial, GBP',
    statuses: {
      DRAFT: 'Rascunho',
      CHEQUE_ISSUED: 'Cheque emitido',
      CHEQUE_COLLECTED: 'Cheque levantado',
      CHEQUE_SENT_TO_BANK: 'Cheque enviado ao banco',
      COMPLETED: 'Concluída',
      CHEQUE_RETURNED: 'Cheque devolvido',
      CANCELED: 'Cancelada',
    },
  },
  de: {
    title: 'Zahlungsavis',
    paymentDate: 'Zahlungsdatum',
    completed: 'Abgeschlossen',
    supplier: 'Bezahlt an',
    paidFrom: 'Bezahlt über',
    status: 'Status',
    paymentType: 'Zahlungsart',
    reference: 'Referenz',
    cheque: 'Scheck',
    invoice: 'Unsere Referenz',
    supplierInvoice: 'Ihre Rechnung',
    invoiceDate: 'Rechnungsdatum',
    dueDate: 'Fällig',
    daysLate: 'Tage verspätet',
    amount: 'Bezahlt',
    interest: 'Zinsen',
    credit: 'Verrechnete Gutschrift',
    totalInvoices: 'Bezahlte Rechnungen',
    totalInterest: 'Verzugszinsen',
    totalCredits: 'Verrechnete Gutschriften',
    totalPaid: 'Gesamt bezahlt',
    paidInProcessor: 'Bezahlt in',
    openAfter: 'Noch offen',
    paymentTypes: {
      CASH: 'Bargeld',
      PAYPAL: 'PayPal',
      BANK_TRANSFER: 'Banküberweisung',
      CREDIT_NOTE: 'Gutschrift',
      SALES_INVOICE: 'Verkaufsrechnung',
      EBAY_REFUND: 'eBay-Erstattung',
      SHOPIFY_REFUND: 'Shopify-Erstattung',
      AMAZON_REFUND: 'Amazon-Erstattung',
      TIKTOK_REFUND: 'TikTok-Erstattung',
    },
    exchange: 'Kursdifferenz (GBP)',
    totalExchange: 'Kursgewinn (−) oder -verlust (+), GBP',
    statuses: {
      DRAFT: 'Entwurf',
      CHEQUE_ISSUED: 'Scheck ausgestellt',
      CHEQUE_COLLECTED: 'Scheck abgeholt',
      CHEQUE_SENT_TO_BANK: 'Scheck bei der Bank',
      COMPLETED: 'Abgeschlossen',
      CHEQUE_RETURNED: 'Scheck zurückgegeben',
      CANCELED: 'Storniert',
    },
  },
};

/** The remittance advice of a settlement as PDF bytes, in `language`. */
export async function settlementPdfBody(db: Kysely<Database>, s: Settlement, language: PdfLanguage): Promise<Buffer> {
  const company = await getSettingsGroup(db, 'company');
  const t = TEXTS[language];
  // A foreign settlement shows each line's exchange difference in GBP (IAS 21), credits' too, and their sum.
  const foreign = s.currency !== 'GBP';
  const gbp = (value: string) => formatMoney(value, language, 'GBP');
  const creditLines = s.credits.map((c) => ({
    invoice: `${t.credit}: ${c.sourceNumber || c.reference}`,
    supplierInvoice: c.reference,
    invoiceDate: c.creditDate,
    amount: `-${c.amount}`,
    exchange: foreign ? gbp(c.exchangeDifferenceGbp) : null,
  }));
  return renderPdf({
    language,
    company: pdfCompany(company),
    title: t.title,
    number: s.number,
    currency: s.currency,
    dates: [
      { label: t.paymentDate, value: s.paymentDate },
      ...(s.completedAt ? [{ label: t.completed, value: s.completedAt }] : []),
    ],
    parties: [
      { label: t.supplier, name: s.supplier.name, lines: [s.supplier.code] },
      { label: t.paidFrom, name: s.processor.name, lines: [`${s.processor.code} (${s.processor.currency})`] },
    ],
    details: [
      { label: t.status, value: t.statuses[s.status] },
      { label: t.paymentType, value: t.paymentTypes[s.paymentType] },
      ...(s.reference ? [{ label: t.reference, value: s.reference }] : []),
      ...(s.cheque ? [{ label: t.cheque, value: `${s.cheque.number}, ${s.cheque.bank}, ${s.cheque.date}` }] : []),
      ...(s.processor.currency !== s.currency
        ? [
            {
              label: t.paidInProcessor,
              value: formatMoney(s.totals.totalPaidProcessor, language, s.processor.currency),
            },
          ]
        : []),
    ],
    columns: [
      { key: 'invoice', label: t.invoice, width: 18 },
      { key: 'supplierInvoice', label: t.supplierInvoice, width: 16 },
      { key: 'invoiceDate', label: t.invoiceDate, width: 12 },
      { key: 'dueDate', label: t.dueDate, width: 12 },
      { key: 'daysLate', label: t.daysLate, width: 8, kind: 'quantity' },
      { key: 'amount', label: t.amount, width: 14, kind: 'money' },
      { key: 'interest', label: t.interest, width: 12, kind: 'money' },
      { key: 'openAfter', label: t.openAfter, width: 13, kind: 'money' },
      ...(foreign ? [{ key: 'exchange', label: t.exchange, width: 13, align: 'right' as const }] : []),
    ],
    lines: [
      ...s.lines.map((l) => ({
        invoice: l.invoice.number,
        supplierInvoice: l.invoice.supplierInvoiceNumber,
        invoiceDate: l.invoice.invoiceDate,
        dueDate: l.invoice.dueDate,
        daysLate: String(l.daysLate),
        amount: l.amount,
        interest: l.includeInterest ? l.interestAmount : null,
        openAfter: l.openAfter,
        exchange: foreign ? gbp(l.exchangeDifferenceGbp) : null,
      })),
      ...creditLines,
    ],
    totals: [
      { label: t.totalInvoices, values: { amount: s.totals.invoices } },
      ...(s.totals.interest !== '0.00' ? [{ label: t.totalInterest, values: { amount: s.totals.interest } }] : []),
      ...(s.totals.credits !== '0.00' ? [{ label: t.totalCredits, values: { amount: `-${s.totals.credits}` } }] : []),
      { label: t.totalPaid, values: { amount: s.totals.totalPaid } },
      ...(foreign ? [{ label: t.totalExchange, values: { exchange: gbp(s.totals.exchangeDifferenceGbp) } }] : []),
    ],
    notes: s.note,
    printedAt: new Date(),
  });
}

export async function settlementPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const s = await getSettlement(ctx.db, id);
  const body = await settlementPdfBody(ctx.db, s, requestLanguage(ctx, lang));
  return sendPdf(ctx, s.number, body);
}
