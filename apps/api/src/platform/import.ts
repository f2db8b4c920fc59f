import type { z } from 'zod';
import { AppError } from './errors.ts';
import { DEFAULT_XLSX_LIMITS, readXlsxRows, type XlsxReadLimits } from './xlsx-read.ts';

// Long loops over a file's rows give the event loop back with it, so an import never holds other requests up.
export { loopSlicer } from './xlsx-read.ts';

/** A field an import fills, and the headers it is recognised by. */
export interface ImportColumn {
  field: string;
  label: string;
  required?: boolean;
  aliases?: readonly string[];
}

/** Which header of the file fills which field. */
export type ImportMapping = Record<string, string>;

export interface RowError {
  /** The row's number in the sheet, as the person sees it in Excel (the header is row 1). */
  rowNumber: number;
  field?: string;
  message: string;
}

export interface ParsedImport<T> {
  mapping: ImportMapping;
  rows: { rowNumber: number; value: T }[];
  errors: RowError[];
}

export const ImportErrorCode = {
  IMPORT_INVALID: 'IMPORT_INVALID',
  IMPORT_COLUMNS_MISSING: 'IMPORT_COLUMNS_MISSING',
} as const;

const norm = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Proposes a mapping from a file's headers: a header matching a field's name, label or an alias. */
export function proposeMapping(headers: readonly string[], columns: readonly ImportColumn[]): ImportMapping {
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const names = new Set([column.field, column.label, ...(column.aliases ?? [])].map(norm));
    const header = headers.find((h) => names.has(norm(h)));
    if (header !== undefined) mapping[column.field] = header;
  }
  return mapping;
}

/**
 * Reads an .xlsx import completely and checks every row against the schema, collecting every problem
 * rather than stopping at the first: the caller writes nothing unless `errors` is empty (all or nothing).
 * `uniqueBy` flags rows of the same file that repeat a key (a SKU twice, say).
 */
export async function parseImport<S extends z.ZodType>(
  buffer: Buffer,
  options: {
    columns: readonly ImportColumn[];
    schema: S;
    mapping?: ImportMapping;
    uniqueBy?: { field: string; key: (row: z.output<S>) => string };
    limits?: XlsxReadLimits;
  },
): Promise<ParsedImport<z.output<S>>> {
  const rows: ParsedImport<z.output<S>>['rows'] = [];
  const errors: RowError[] = [];
  let mapping: ImportMapping | undefined;
  let indexOf = new Map<string, number>();
  const seen = new Map<string, number>();
  for await (const row of readXlsxRows(buffer, options.limits ?? DEFAULT_XLSX_LIMITS)) {
    if (!mapping) {
      const headers = row.cells;
      mapping = options.mapping ?? proposeMapping(headers, options.columns);
      indexOf = new Map(Object.entries(mapping).map(([field, header]) => [field, headers.indexOf(header)]));
      const missing = options.columns.filter((c) => c.required && (indexOf.get(c.field) ?? -1) < 0);
      if (missing.length)
        throw new AppError(
          422,
          ImportErrorCode.IMPORT_COLUMNS_MISSING,
          `The file has no column for: ${missing.map((c) => c.label).join(', ')}. Add it, or choose a mapping.`,
          { missing: missing.map((c) => c.field), headers },
        );
      continue;
    }
    const record: Record<string, string | undefined> = {};
    for (const [field, index] of indexOf) {
      const text = index >= 0 ? row.cells[index] : undefined;
      record[field] = text === '' ? undefined : text;
    }
    const parsed = options.schema.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ rowNumber: row.rowNumber, field: issue.path.join('.') || undefined, message: issue.message });
      continue;
    }
    if (options.uniqueBy) {
      const key = options.uniqueBy.key(parsed.data);
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push({
          rowNumber: row.rowNumber,
          field: options.uniqueBy.field,
          message: `"${key}" is already in row ${first} of this file.`,
        });
        continue;
      }
      seen.set(key, row.rowNumber);
    }
    rows.push({ rowNumber: row.rowNumber, value: parsed.data });
  }
  if (!mapping) throw new AppError(422, 'EMPTY_SPREADSHEET', 'The file has no rows.');
  return { mapping, rows, errors };
}

/** Every problem of a refused import, as one 422 (the first thousand listed; all counted). */
export function importRefused(errors: readonly RowError[]): AppError {
  return new AppError(
    422,
    ImportErrorCode.IMPORT_INVALID,
    `${errors.length} problem(s) in the file; nothing was imported. Fix them and upload the file again.`,
    { errorCount: errors.length, errors: errors.slice(0, 1000) },
  );
}
