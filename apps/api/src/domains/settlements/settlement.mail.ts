import type { Settlement } from '@backoffice/contracts';
import type { Config } from '../../config.ts';
import { enqueueMail } from '../../platform/mail-queue.ts';
import { type PdfLanguage, requestLanguage } from '../../platform/pdf/index.ts';
import type { Ctx } from '../../platform/routes.ts';
import { getSettingsGroup, getSettlementNotificationRecipients } from '../configuration/index.ts';
import { settlementPdfBody } from './settlement.pdf.ts';
import type { SettlementNotifier } from './settlement.service.ts';

/**
 * The e-mail of a completed settlement: the remittance advice PDF to the notification recipients (Configuration →
 * notifications, else SETTLEMENT_NOTIFICATION_RECIPIENTS), queued in the completing transaction (`enqueueMail`: sent
 * once it commits, never if it rolls back, retried until the mail server takes it), once per settlement (its key).
 * No recipients: nothing is queued.
 */

interface MailTexts {
  subject: (number: string, supplier: string, total: string) => string;
  body: (s: Settlement, company: string) => string;
}

const lineList = (s: Settlement) =>
  s.lines
    .map((l) => `  ${l.invoice.number} (${l.invoice.supplierInvoiceNumber}): ${l.amount} ${s.currency}`)
    .join('\n');

const TEXTS: Record<PdfLanguage, MailTexts> = {
  en: {
    subject: (n, s, t) => `Settlement ${n}: ${t} paid to ${s}`,
    body: (s, c) =>
      `Settlement ${s.number} to ${s.supplier.name} (${s.supplier.code}) was completed on ${s.paymentDate}: ${s.totals.totalPaid} ${s.currency} through ${s.processor.name}.\n\nInvoices paid:\n${lineList(s)}\n\nThe remittance advice is attached.\n\n${c}`,
  },
  es: {
    subject: (n, s, t) => `Liquidación ${n}: ${t} pagado a ${s}`,
    body: (s, c) =>
      `La liquidación ${s.number} a ${s.supplier.name} (${s.supplier.code}) se completó el ${s.paymentDate}: ${s.totals.totalPaid} ${s.currency} a través de ${s.processor.name}.\n\nFacturas pagadas:\n${lineList(s)}\n\nSe adjunta el aviso de pago.\n\n${c}`,
  },
  pt: {
    subject: (n, s, t) => `Liquidação ${n}: ${t} pago a ${s}`,
    body: (s, c) =>
      `A liquidação ${s.number} a ${s.supplier.name} (${s.supplier.code}) foi concluída em ${s.paymentDate}: ${s.totals.totalPaid} ${s.currency} através de ${s.processor.name}.\n\nFaturas pagas:\n${lineList(s)}\n\nSegue em anexo o aviso de pagamento.\n\n${c}`,
  },
  de: {
    subject: (n, s, t) => `Zahlungsausgleich ${n}: ${t} an ${s} bezahlt`,
    body: (s, c) =>
      `Der Zahlungsausgleich ${s.number} an ${s.supplier.name} (${s.supplier.code}) wurde am ${s.paymentDate} abgeschlossen: ${s.totals.totalPaid} ${s.currency} über ${s.processor.name}.\n\nBezahlte Rechnungen:\n${lineList(s)}\n\nDas Zahlungsavis ist angehängt.\n\n${c}`,
  },
};

export function settlementNotifier(config: Pick<Config, 'web'>): SettlementNotifier {
  return async (ctx: Ctx, s: Settlement) => {
    const recipients = await getSettlementNotificationRecipients(ctx.db, config);
    if (!recipients.length) return [];
    const language = requestLanguage(ctx, undefined);
    const [pdf, company] = await Promise.all([
      settlementPdfBody(ctx.db, s, language),
      getSettingsGroup(ctx.db, 'company'),
    ]);
    const t = TEXTS[language];
    await enqueueMail(
      ctx.request.server,
      ctx.db,
      {
        to: recipients,
        subject: t.subject(s.number, s.supplier.name, `${s.totals.totalPaid} ${s.currency}`),
        text: t.body(s, company.name),
        language,
        attachments: [{ filename: `${s.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
      },
      { key: `settlement:${s.id}`, createdBy: ctx.user.id, ctx },
    );
    return recipients;
  };
}
