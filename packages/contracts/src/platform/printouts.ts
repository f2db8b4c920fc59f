import { z } from 'zod';

/**
 * Printouts: documents answered as PDF files (a transfer's dispatch note, a count sheet, a bundling
 * task sheet). Each is a GET beside its document, with the permission of the document's GET.
 */

/** The languages a printout is written in: the web app's. */
export const PRINTOUT_LANGUAGES = ['en', 'es', 'pt', 'de'] as const;
export const PrintoutLanguage = z.enum(PRINTOUT_LANGUAGES);
export type PrintoutLanguage = z.infer<typeof PrintoutLanguage>;

/**
 * `lang`: the language of the printout, the web app's own; without it the server takes the first
 * language of Accept-Language it has, else English.
 */
export const PrintoutQuery = z.object({ lang: PrintoutLanguage.optional() });
export type PrintoutQuery = z.input<typeof PrintoutQuery>;

export const PDF_CONTENT_TYPE = 'application/pdf';

/**
 * The answer of a printout: the file's bytes. `contentMediaType` is what the route platform publishes
 * the answer under in the API description (a binary string), instead of JSON.
 */
export const PdfFile = z.unknown().meta({ type: 'string', format: 'binary', contentMediaType: PDF_CONTENT_TYPE });
