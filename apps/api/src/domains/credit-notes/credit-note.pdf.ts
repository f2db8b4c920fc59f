import { pdfCompany, renderPdf, requestLanguage, sendPdf } from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { uiText } from '../../platform/ui-words.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getSalesInvoice } from '../sales-invoices/index.ts';
import { getCreditNote } from './credit-note.service.ts';

/**
 * The UK VAT credit note: the seller's name, address and VAT registration number (the renderer's company block), the
 * credit note's number and date, the credited invoice's number and date, the customer's billing name and address,
 * each line (description, quantity, unit price, VAT rate, net, VAT), the net and VAT per rate and the total credited,
 * in the invoice's currency. Its words are the web app's own (`creditNotes`, `documents`) in the reader's language.
 */
export async function creditNotePdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const note = await getCreditNote(ctx.db, id);
  const [company, invoice] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    getSalesInvoice(ctx.db, note.invoice.id),
  ]);
  const language = requestLanguage(ctx, lang);
  const w = (key: string, values: Record<string, string> = {}) => uiText(language, key, values) ?? key;
  const f = (field: string) => w(`creditNotes:fields.${field}`);
  const bill = invoice.billingAddress;
  const total = (labelText: string, column: 'net' | 'vat', value: string) => ({
    label: labelText,
    values: { [column]: value },
  });
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: w('creditNotes:pdfTitle'),
    number: note.number,
    currency: note.currency,
    dates: [
      { label: f('creditDate'), value: note.creditDate },
      ...(note.refundDate ? [{ label: f('refundDate'), value: note.refundDate }] : []),
    ],
    parties: [
      {
        label: f('customer'),
        name: bill.name ?? note.customer.name,
        address: {
          line1: bill.line1,
          line2: [bill.line2, bill.county].filter(Boolean).join(', '),
          city: bill.city,
          postcode: bill.postcode ?? '',
          country: bill.country,
        },
      },
    ],
    details: [
      { label: f('status'), value: w(`documents:credit_note.status.${note.status}`) },
      { label: f('invoice'), value: note.invoice.number },
      { label: f('invoiceDate'), value: note.invoice.invoiceDate },
      ...(note.invoice.externalOrderId ? [{ label: f('externalOrderId'), value: note.invoice.externalOrderId }] : []),
      ...(note.returnTicket ? [{ label: f('returnTicket'), value: note.returnTicket.number }] : []),
      { label: f('paymentType'), value: w(`creditNotes:paymentType.${note.paymentType}`) },
      ...(note.refundReference ? [{ label: f('refundReference'), value: note.refundReference }] : []),
      { label: f('reason'), value: note.reason },
      ...(note.pricesIncludeVat ? [{ label: f('pricesIncludeVat'), value: '✓' }] : []),
    ],
    columns: [
      { key: 'sku', label: w('products:fields.sku'), width: 14 },
      { key: 'name', label: f('description'), width: 30 },
      { key: 'quantity', label: f('quantity'), width: 8, kind: 'quantity' },
      { key: 'unitPrice', label: f('unitPrice'), width: 12, kind: 'money', places: 4 },
      { key: 'vatRate', label: f('vatRate'), width: 8, kind: 'quantity' },
      { key: 'net', label: f('net'), width: 12, kind: 'money' },
      { key: 'vat', label: f('vat'), width: 12, kind: 'money' },
    ],
    lines: note.lines.map((l) => ({
      sku: l.product?.sku ?? '',
      name: l.product?.name ?? w(`creditNotes:kind.${l.kind}`),
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRate: l.vatCode === 'EXEMPT' ? '–' : l.vatRate,
      net: l.netAmount,
      vat: l.vatAmount,
    })),
    totals: [
      ...note.vatPerRate.flatMap((r) => [
        total(w('creditNotes:pdf.netAt', { rate: r.vatRate, code: r.vatCode }), 'net', r.net),
        ...(r.vatCode === 'EXEMPT' || r.vatCode === 'ZERO'
          ? []
          : [total(w('creditNotes:pdf.vatAt', { rate: r.vatRate }), 'vat', r.vat)]),
      ]),
      total(f('netTotal'), 'net', note.netTotal),
      total(f('vatTotal'), 'vat', note.vatTotal),
      total(f('grossTotal'), 'vat', note.grossTotal),
    ],
    notes: note.note,
    printedAt: new Date(),
  });
  return sendPdf(ctx, note.number, body);
}
