import { PRINTOUT_LANGUAGES, type PrintoutLanguage } from '@backoffice/contracts';

/** The languages a printout is written in: the web app's (en, es, pt, de). */
export const PDF_LANGUAGES = PRINTOUT_LANGUAGES;
export type PdfLanguage = PrintoutLanguage;
export const DEFAULT_PDF_LANGUAGE: PdfLanguage = 'en';

/** The renderer's own words: what every printout shows whatever the document. */
export interface PdfLabels {
  /** `{page}` and `{pages}` are replaced. */
  pageOf: string;
  vatNumber: string;
  companyNumber: string;
  phone: string;
  email: string;
  printed: string;
  notes: string;
  name: string;
  signature: string;
  date: string;
  /** After the title on the pages after the first. */
  continued: string;
  /** A date or party that is not known yet. */
  none: string;
  /** Short names of the units of measure, as the web app writes them beside a quantity. */
  units: Record<string, string>;
}

export const PDF_LABELS: Record<PdfLanguage, PdfLabels> = {
  en: {
    pageOf: 'Page {page} of {pages}',
    vatNumber: 'VAT no.',
    companyNumber: 'Company no.',
    phone: 'Tel.',
    email: 'Email',
    printed: 'Printed',
    notes: 'Notes',
    name: 'Name',
    signature: 'Signature',
    date: 'Date',
    continued: 'continued',
    none: '—',
    units: {
      Unit: 'pcs',
      'Kilogram (Kg)': 'kg',
      'Pound (lb)': 'lb',
      'Liter (l)': 'l',
      'Meters (m)': 'm',
      Inches: 'in',
      Feet: 'ft',
      Gallon: 'gal',
      'Ounce (oz)': 'oz',
    },
  },
  es: {
    pageOf: 'Página {page} de {pages}',
    vatNumber: 'N.º de IVA',
    companyNumber: 'N.º de registro',
    phone: 'Tel.',
    email: 'Correo electrónico',
    printed: 'Impreso',
    notes: 'Notas',
    name: 'Nombre',
    signature: 'Firma',
    date: 'Fecha',
    continued: 'continuación',
    none: '—',
    units: {
      Unit: 'uds.',
      'Kilogram (Kg)': 'kg',
      'Pound (lb)': 'lb',
      'Liter (l)': 'l',
      'Meters (m)': 'm',
      Inches: 'in',
      Feet: 'ft',
      Gallon: 'gal',
      'Ounce (oz)': 'oz',
    },
  },
  pt: {
    pageOf: 'Página {page} de {pages}',
    vatNumber: 'N.º de IVA',
    companyNumber: 'N.º de registo',
    phone: 'Tel.',
    email: 'E-mail',
    printed: 'Impresso',
    notes: 'Notas',
    name: 'Nome',
    signature: 'Assinatura',
    date: 'Data',
    continued: 'continuação',
    none: '—',
    units: {
      Unit: 'un.',
      'Kilogram (Kg)': 'kg',
      'Pound (lb)': 'lb',
      'Liter (l)': 'l',
      'Meters (m)': 'm',
      Inches: 'in',
      Feet: 'ft',
      Gallon: 'gal',
      'Ounce (oz)': 'oz',
    },
  },
  de: {
    pageOf: 'Seite {page} von {pages}',
    vatNumber: 'USt-IdNr.',
    companyNumber: 'Handelsregister-Nr.',
    phone: 'Tel.',
    email: 'E-Mail',
    printed: 'Gedruckt',
    notes: 'Notizen',
    name: 'Name',
    signature: 'Unterschrift',
    date: 'Datum',
    continued: 'Fortsetzung',
    none: '—',
    units: {
      Unit: 'Stk.',
      'Kilogram (Kg)': 'kg',
      'Pound (lb)': 'lb',
      'Liter (l)': 'l',
      'Meters (m)': 'm',
      Inches: 'in',
      Feet: 'ft',
      Gallon: 'gal',
      'Ounce (oz)': 'oz',
    },
  },
};

export function isPdfLanguage(value: unknown): value is PdfLanguage {
  return typeof value === 'string' && (PDF_LANGUAGES as readonly string[]).includes(value);
}

/** Accept-Language tags, best first (by q, then by order); `*` and q=0 are left out. */
function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.tag && e.tag !== '*' && Number.isFinite(e.q) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((e) => e.tag);
}

/**
 * The language of a printout: the `lang` the web app sends (its own language, which may differ from
 * the browser's), else the first language of Accept-Language we write, else English.
 */
export function pickPdfLanguage(lang: unknown, acceptLanguage: string | string[] | undefined): PdfLanguage {
  if (isPdfLanguage(lang)) return lang;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (header) {
    for (const tag of acceptedTags(header)) {
      const primary = tag.toLowerCase().split(/[-_]/)[0];
      if (isPdfLanguage(primary)) return primary;
    }
  }
  return DEFAULT_PDF_LANGUAGE;
}

/** A label with `{name}` placeholders filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
