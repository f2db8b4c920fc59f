import { type CompanySettings, PDF_CONTENT_TYPE } from '@backoffice/contracts';
import { type Ctx, sendFile } from '../routes.ts';
import type { PdfCompany } from './document.ts';
import { pickPdfLanguage } from './labels.ts';

export type {
  PdfColumn,
  PdfColumnKind,
  PdfCompany,
  PdfDate,
  PdfDetail,
  PdfDocument,
  PdfLine,
  PdfParty,
  PdfTotal,
} from './document.ts';
export { addressLines, formatDate, formatMoney, formatQuantity, type PdfAddress, toWinAnsi } from './format.ts';
export {
  DEFAULT_PDF_LANGUAGE,
  fill,
  isPdfLanguage,
  PDF_LABELS,
  PDF_LANGUAGES,
  type PdfLabels,
  type PdfLanguage,
  pickPdfLanguage,
} from './labels.ts';
export { type RenderOptions, renderPdf, renderPdfs } from './render.ts';

/** Answers a printout: the PDF, shown by the browser, saved as `<number>.pdf`. */
export function sendPdf(ctx: Pick<Ctx, 'reply'>, number: string, body: Buffer): Buffer {
  const safe = number.replace(/[\\/:*?"<>|\s]+/g, '-') || 'document';
  return sendFile(ctx, { body, contentType: PDF_CONTENT_TYPE, fileName: `${safe}.pdf`, disposition: 'inline' });
}

/** The printout's language for this request: `lang`, else Accept-Language, else English. */
export function requestLanguage(ctx: Pick<Ctx, 'request'>, lang: unknown) {
  return pickPdfLanguage(lang, ctx.request.headers['accept-language']);
}

/** The company block of a printout from the system configuration's company settings. */
export function pdfCompany(settings: CompanySettings): PdfCompany {
  return {
    name: settings.name,
    address: {
      line1: settings.addressLine1,
      line2: settings.addressLine2,
      city: settings.city,
      postcode: settings.postcode,
      country: settings.country,
    },
    vatNumber: settings.vatNumber,
    companyNumber: settings.companyNumber,
    phone: settings.phone,
    email: settings.email,
  };
}
