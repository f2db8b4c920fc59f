import {
  type PurchaseOrder,
  PurchaseOrderErrorCode,
  type PurchaseOrderSendInput,
  purchaseOrderDocument,
} from '@backoffice/contracts';
import type { z } from 'zod';
import { lockForAction, recordStep } from '../../platform/documents.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import { type PdfLanguage, requestLanguage } from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup } from '../configuration/index.ts';
import { purchaseOrderPdfBody } from './purchase-order.pdf.ts';
import { findPartnerEmail, markSent } from './purchase-order.repository.ts';
import { getPurchaseOrder } from './purchase-order.service.ts';

/**
 * "Send to supplier": the order's PDF e-mailed to the supplier (the address given, else the first of its
 * contacts with an e-mail) through the server's mailer, in the sender's language. The order keeps when and to
 * whom; the step is audited. Mail not set up, or no address: 422 saying what to do; nothing is recorded.
 */

type SendValues = z.output<typeof PurchaseOrderSendInput>;

interface MailTexts {
  subject: (number: string, company: string) => string;
  body: (o: { number: string; contact: string; company: string; expected: string | null }) => string;
}

const TEXTS: Record<PdfLanguage, MailTexts> = {
  en: {
    subject: (n, c) => `Purchase order ${n} from ${c}`,
    body: (o) =>
      `${o.contact ? `Dear ${o.contact},` : 'Hello,'}\n\nPlease find attached our purchase order ${o.number}.${o.expected ? ` We expect delivery by ${o.expected}.` : ''}\nPlease confirm receipt and quote our order number on your delivery note and invoice.\n\nKind regards,\n${o.company}`,
  },
  es: {
    subject: (n, c) => `Pedido de compra ${n} de ${c}`,
    body: (o) =>
      `${o.contact ? `Estimado/a ${o.contact}:` : 'Hola:'}\n\nAdjuntamos nuestro pedido de compra ${o.number}.${o.expected ? ` Esperamos la entrega antes del ${o.expected}.` : ''}\nLes rogamos confirmen su recepción e indiquen nuestro número de pedido en el albarán y la factura.\n\nSaludos cordiales,\n${o.company}`,
  },
  pt: {
    subject: (n, c) => `Pedido de compra ${n} de ${c}`,
    body: (o) =>
      `${o.contact ? `Caro/a ${o.contact},` : 'Olá,'}\n\nEm anexo segue o nosso pedido de compra ${o.number}.${o.expected ? ` Esperamos a entrega até ${o.expected}.` : ''}\nPor favor confirme a receção e indique o nosso número de pedido na guia de remessa e na fatura.\n\nCom os melhores cumprimentos,\n${o.company}`,
  },
  de: {
    subject: (n, c) => `Bestellung ${n} von ${c}`,
    body: (o) =>
      `${o.contact ? `Guten Tag ${o.contact},` : 'Guten Tag,'}\n\nanbei erhalten Sie unsere Bestellung ${o.number}.${o.expected ? ` Wir erwarten die Lieferung bis ${o.expected}.` : ''}\nBitte bestätigen Sie den Eingang und geben Sie unsere Bestellnummer auf Lieferschein und Rechnung an.\n\nMit freundlichen Grüßen\n${o.company}`,
  },
};

export async function sendPurchaseOrder(ctx: Ctx, id: string, input: SendValues): Promise<PurchaseOrder> {
  const row = await lockForAction(ctx.db, purchaseOrderDocument, 'purchase_orders', id, 'send');
  const mailer = ctx.request.server.mailer;
  if (!mailer.configured)
    throw unprocessable(
      PurchaseOrderErrorCode.PURCHASE_ORDER_MAIL_NOT_CONFIGURED,
      'Mail is not set up, so the order cannot be e-mailed: enter the SMTP settings under Configuration (or set SMTP_URL and MAIL_FROM on the server), or download the PDF and send it yourself.',
    );
  let to = input.to;
  let contact = '';
  if (!to && row.supplier_id) {
    const found = await findPartnerEmail(ctx.db, row.supplier_id);
    to = found?.email ?? null;
    contact = found?.name ?? '';
  }
  if (!to)
    throw unprocessable(
      PurchaseOrderErrorCode.PURCHASE_ORDER_NO_RECIPIENT,
      row.supplier_id
        ? 'None of the supplier’s contacts has an e-mail address: add one to the business partner, or type the address to send to.'
        : 'Type the address to send this order to.',
      { field: 'to' },
    );
  const order = await getPurchaseOrder(ctx.db, id);
  const language = requestLanguage(ctx, undefined);
  const [pdf, company] = await Promise.all([
    purchaseOrderPdfBody(ctx, order, language),
    getSettingsGroup(ctx.db, 'company'),
  ]);
  const t = TEXTS[language];
  const companyName = company.name || 'us';
  const text = [
    input.message,
    t.body({ number: order.number, contact, company: company.name, expected: order.expectedDate }),
  ]
    .filter(Boolean)
    .join('\n\n');
  try {
    await mailer.send({
      to,
      subject: t.subject(order.number, companyName),
      text,
      language,
      attachments: [{ filename: `${order.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (e) {
    // The mailer says in words what went wrong (a 422 with its code); anything else is the server's failure.
    if (e instanceof AppError) throw e;
    throw new AppError(
      502,
      PurchaseOrderErrorCode.PURCHASE_ORDER_MAIL_FAILED,
      `The mail server did not take the message (${(e as Error).message}). Check the SMTP settings under Configuration and send again.`,
      { server: mailer.server },
    );
  }
  await markSent(ctx.db, id, to);
  await recordStep(ctx, purchaseOrderDocument, row, 'send', row.status, { after: { sentTo: to } });
  return getPurchaseOrder(ctx.db, id);
}
