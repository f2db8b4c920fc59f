import type { PdfAddress } from './format.ts';
import type { PdfLanguage } from './labels.ts';

/**
 * What a printout says, whatever the document: the renderer lays it out (A4, the company at the top,
 * the lines across as many pages as they take, "Page n of m" on each) in the document's language.
 * Texts come translated by the caller; dates, quantities and amounts come as data and are written
 * in the language here.
 */
export interface PdfDocument {
  language: PdfLanguage;
  /** The business the document is from (the system configuration's company settings). */
  company: PdfCompany;
  title: string;
  number: string;
  /** Label and day (`YYYY-MM-DD`) or instant (ISO 8601); null: not yet. */
  dates: readonly PdfDate[];
  /** Who or where: from and to warehouses, assignee… */
  parties: readonly PdfParty[];
  /** Other facts, already written out (status, zone, quantity to assemble…). */
  details?: readonly PdfDetail[];
  columns: readonly PdfColumn[];
  /** One record per line, by column key; a missing or null value is an empty cell. */
  lines: readonly PdfLine[];
  /** Rows under the lines (by column key, in the column's kind), bold. */
  totals?: readonly PdfTotal[];
  notes?: string;
  /** Boxes to sign at the end (dispatched by, received by…), each with a name, signature and date line. */
  signatures?: readonly string[];
  /** When it is printed: shown in every page's footer. */
  printedAt: Date;
  /** The currency of the money columns and totals (a supplier's order in EUR); GBP when not given. */
  currency?: string;
}

export interface PdfCompany {
  name: string;
  address: PdfAddress;
  vatNumber?: string;
  companyNumber?: string;
  phone?: string;
  email?: string;
}

export interface PdfDate {
  label: string;
  value: string | null;
}

export interface PdfParty {
  label: string;
  name: string;
  address?: PdfAddress;
  /** More lines under the name (a code, a bin, a user name). */
  lines?: readonly string[];
}

export interface PdfDetail {
  label: string;
  value: string;
}

/**
 * - text: as it is;
 * - quantity / money: decimal strings, written in the language (money in GBP);
 * - blank: a space to write in by hand (a ruled cell), whatever the line holds.
 */
export type PdfColumnKind = 'text' | 'quantity' | 'money' | 'blank';

export interface PdfColumn {
  key: string;
  label: string;
  /** Relative width: the columns share the page's width in these proportions. */
  width: number;
  kind?: PdfColumnKind;
  /** Left unless given; quantities and money are right-aligned. */
  align?: 'left' | 'center' | 'right';
  /** Money: at most this many places (a unit cost in fractions of a penny); 2 when not given. */
  places?: number;
}

export type PdfLine = Readonly<Record<string, string | null | undefined>>;

export interface PdfTotal {
  label: string;
  values: Readonly<Record<string, string>>;
}
