import type { SalesInvoiceFilter } from '@backoffice/contracts';
import { type DocumentLineRow, documentsWithLines, sendDocumentsXlsx } from '../../platform/documents-export.ts';
import type { Ctx } from '../../platform/routes.ts';
import { words, type XlsxColumn, type XlsxText } from '../../platform/xlsx.ts';
import * as repo from './sales-invoice.repository.ts';

/**
 * The list's .xlsx: one row per line, the invoice's columns repeated, in the list's order. Titles and statuses are
 * written here in the four languages, so the export does not wait on the screens' texts.
 */

type ExportRow = DocumentLineRow<repo.InvoiceListRow, repo.LineRow>;

const STATUS_WORDS: Record<string, XlsxText> = {
  PENDING: words('Pending', 'Pendiente', 'Pendente', 'Offen'),
  BOOKED: words('Booked', 'Contabilizada', 'Lançada', 'Gebucht'),
  PROCESSING: words('Processing', 'En preparación', 'Em preparação', 'In Bearbeitung'),
  READY_FOR_DELIVERY: words('Ready for delivery', 'Lista para entrega', 'Pronta para entrega', 'Versandbereit'),
  PROCESSED: words('Processed', 'Procesada', 'Processada', 'Abgeschlossen'),
  CANCELED: words('Cancelled', 'Cancelada', 'Cancelada', 'Storniert'),
};

const COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: words('Number', 'Número', 'Número', 'Nummer'), width: 18, value: (r) => r.document.number },
  {
    header: words('Status', 'Estado', 'Estado', 'Status'),
    width: 16,
    type: 'enum',
    labels: (code) => STATUS_WORDS[code],
    value: (r) => r.document.status,
  },
  { header: words('Channel', 'Canal', 'Canal', 'Kanal'), width: 10, value: (r) => r.document.channel },
  {
    header: words('External order id', 'Id. de pedido externo', 'Id. de encomenda externa', 'Externe Bestell-ID'),
    width: 22,
    value: (r) => r.document.external_order_id,
  },
  { header: words('Customer', 'Cliente', 'Cliente', 'Kunde'), width: 28, value: (r) => r.document.customer_name },
  { header: words('E-mail', 'Correo electrónico', 'E-mail', 'E-Mail'), width: 26, value: (r) => r.document.email },
  { header: words('Warehouse', 'Almacén', 'Armazém', 'Lager'), width: 12, value: (r) => r.document.warehouse_code },
  {
    header: words('Invoice date', 'Fecha de factura', 'Data da fatura', 'Rechnungsdatum'),
    width: 12,
    type: 'date',
    value: (r) => r.document.invoice_date,
  },
  {
    header: words('Tax point', 'Fecha de devengo', 'Data do facto gerador', 'Leistungsdatum'),
    width: 12,
    type: 'date',
    value: (r) => r.document.tax_point_date,
  },
  {
    header: words('Payment type', 'Tipo de pago', 'Tipo de pagamento', 'Zahlungsart'),
    width: 14,
    value: (r) => r.document.payment_type,
  },
  {
    header: words('Line', 'Línea', 'Linha', 'Zeile'),
    width: 6,
    type: 'number',
    places: 0,
    value: (r) => r.line.line_no,
  },
  { header: words('SKU', 'SKU', 'SKU', 'SKU'), width: 20, value: (r) => r.line.sku },
  { header: words('Product', 'Producto', 'Produto', 'Produkt'), width: 36, value: (r) => r.line.name },
  {
    header: words('Quantity', 'Cantidad', 'Quantidade', 'Menge'),
    width: 10,
    type: 'quantity',
    value: (r) => r.line.quantity,
  },
  {
    header: words('Unit price', 'Precio unitario', 'Preço unitário', 'Stückpreis'),
    width: 12,
    type: 'money',
    places: 4,
    currency: (r) => r.document.currency,
    value: (r) => r.line.unit_price,
  },
  {
    header: words('Discount %', 'Descuento %', 'Desconto %', 'Rabatt %'),
    width: 10,
    type: 'number',
    places: 4,
    value: (r) => r.line.discount_percent,
  },
  {
    header: words('VAT %', 'IVA %', 'IVA %', 'USt. %'),
    width: 8,
    type: 'number',
    places: 2,
    value: (r) => r.line.vat_rate,
  },
  {
    header: words('Net', 'Neto', 'Líquido', 'Netto'),
    width: 12,
    type: 'money',
    currency: (r) => r.document.currency,
    value: (r) => r.line.net_amount,
  },
  {
    header: words('VAT', 'IVA', 'IVA', 'USt.'),
    width: 12,
    type: 'money',
    currency: (r) => r.document.currency,
    value: (r) => r.line.vat_amount,
  },
  {
    header: words('Gross', 'Bruto', 'Bruto', 'Brutto'),
    width: 12,
    type: 'money',
    currency: (r) => r.document.currency,
    value: (r) => r.line.gross_amount,
  },
  {
    header: words('Invoice total', 'Total de la factura', 'Total da fatura', 'Rechnungsbetrag'),
    width: 14,
    type: 'money',
    currency: (r) => r.document.currency,
    value: (r) => r.document.gross_total,
  },
];

export function exportSalesInvoices(ctx: Ctx, f: SalesInvoiceFilter) {
  const rows = documentsWithLines(
    (offset, limit) => repo.findInvoices(ctx.db, f, limit, offset),
    (ids) => repo.findLines(ctx.db, ids),
    (l) => l.invoice_id,
  );
  return sendDocumentsXlsx(ctx, 'sales-invoices', COLUMNS, rows);
}
