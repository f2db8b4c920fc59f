import type { Warehouse } from '@backoffice/contracts';
import { type PdfParty, pdfCompany, renderPdf, requestLanguage, sendPdf } from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { uiText } from '../../platform/ui-words.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { getWarehouse } from '../warehouses/index.ts';
import { getTicket } from './return-ticket.service.ts';

/**
 * The returns note: what the customer sent back, why, in what condition and what became of it, with boxes to sign.
 * Its words are the web app's own (`returnTickets`, `documents` namespaces) in the reader's language.
 */

function warehouseParty(label: string, w: Warehouse): PdfParty {
  return { label, name: w.name, address: w.address, lines: [w.code] };
}

export async function returnTicketPdf(ctx: Ctx, id: string, lang: unknown): Promise<Buffer> {
  const ticket = await getTicket(ctx.db, id);
  const [company, warehouse] = await Promise.all([
    getSettingsGroup(ctx.db, 'company'),
    getWarehouse(ctx.db, ticket.warehouse.id),
  ]);
  const language = requestLanguage(ctx, lang);
  const w = (key: string) => uiText(language, key) ?? key;
  const f = (field: string) => w(`returnTickets:fields.${field}`);
  const body = await renderPdf({
    language,
    company: pdfCompany(company),
    title: w('returnTickets:pdfTitle'),
    number: ticket.number,
    dates: [
      { label: f('returnDate'), value: ticket.returnDate },
      ...(ticket.receivedAt ? [{ label: f('receivedAt'), value: ticket.receivedAt }] : []),
    ],
    parties: [
      { label: f('customer'), name: ticket.customer.name, lines: [] },
      warehouseParty(f('warehouse'), warehouse),
    ],
    details: [
      { label: f('status'), value: w(`documents:return_ticket.status.${ticket.status}`) },
      ...(ticket.invoice
        ? [
            { label: f('invoice'), value: ticket.invoice.number },
            ...(ticket.invoice.externalOrderId
              ? [{ label: f('externalOrderId'), value: ticket.invoice.externalOrderId }]
              : []),
          ]
        : []),
      { label: f('createdBy'), value: ticket.createdBy?.username ?? '' },
    ],
    columns: [
      { key: 'sku', label: w('products:fields.sku'), width: 16 },
      { key: 'name', label: w('products:fields.name'), width: 28 },
      { key: 'quantity', label: f('quantity'), width: 10, kind: 'quantity' },
      { key: 'reason', label: f('reason'), width: 18 },
      { key: 'condition', label: f('condition'), width: 14 },
      { key: 'outcome', label: f('outcome'), width: 16 },
    ],
    lines: ticket.lines.map((l) => ({
      sku: l.product.sku,
      name: l.product.name,
      quantity: l.quantity,
      reason: w(`returnTickets:reason.${l.reason}`),
      condition: w(`returnTickets:condition.${l.condition}`),
      outcome: l.outcome ? w(`returnTickets:outcome.${l.outcome}`) : '',
    })),
    totals: [{ label: f('total'), values: { quantity: ticket.totals.quantity } }],
    notes: ticket.note,
    signatures: [f('receivedBy'), f('inspectedBy')],
    printedAt: new Date(),
  });
  return sendPdf(ctx, ticket.number, body);
}
