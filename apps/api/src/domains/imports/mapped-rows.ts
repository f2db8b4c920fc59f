import {
  IMPORT_KIND_DEFS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportRowError,
  type MappingColumn,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../platform/errors.ts';
import { DEFAULT_XLSX_LIMITS, readXlsxRows } from '../../platform/xlsx-read.ts';
import { proposedColumns } from './import-file.service.ts';
import { resolveHeader } from './sheet-head.ts';

/**
 * The part of every kind's import that reads a sheet through a mapping: the header row resolved against the
 * run's mapping (or one proposed from the headers), every required column present, then each row's mapped
 * cells checked by the kind's own rule, empty cells left out (a required one is a problem). Each kind then
 * checks its rows together and against the database, and writes them all or nothing.
 */

/** A cell's answer: its value, or every problem with it. */
export type CellResult = { ok: true; value: unknown } | { ok: false; messages: string[] };

export interface MappedRow<T> {
  rowNumber: number;
  /** The row's cells that were filled and right, by field. */
  value: T;
  /** The row's own cell problems (the row is still checked for what it can be). */
  errors: ImportRowError[];
}

/** The mapping a run uses: its own (headers matched whatever their case), else one proposed from the file. */
export function mappingFor(
  kind: ImportKind,
  headers: readonly string[],
  columns: readonly MappingColumn[] | null,
): MappingColumn[] {
  if (!columns) return proposedColumns(kind, headers);
  return columns.map((c) => ({ field: c.field, header: resolveHeader(headers, c.header) ?? c.header }));
}

/**
 * Reads the sheet's rows with the mapping, checking each cell; stops only for what makes the whole file
 * unreadable (not a workbook, too large, too many rows, a required column missing). `onColumns` learns the
 * mapping resolved against the file's header row before the first row comes.
 */
export async function* readMappedRows<F extends string, T>(
  content: Buffer,
  options: {
    kind: ImportKind;
    columns: readonly MappingColumn[] | null;
    checkCell: (field: F, text: string) => CellResult;
    /** The problem of an empty cell of a field that must be filled. */
    requiredMessages?: Partial<Record<F, string>>;
    onColumns?: (columns: MappingColumn[]) => void;
  },
): AsyncGenerator<MappedRow<T>> {
  let indexes: [F, number][] | undefined;
  for await (const row of readXlsxRows(content, { ...DEFAULT_XLSX_LIMITS, maxRows: IMPORT_MAX_ROWS })) {
    if (!indexes) {
      const headers = row.cells;
      const columns = mappingFor(options.kind, headers, options.columns);
      options.onColumns?.(columns);
      indexes = columns.flatMap((c) => {
        const header = resolveHeader(headers, c.header);
        return header === undefined ? [] : [[c.field as F, headers.indexOf(header)] as [F, number]];
      });
      const found = new Set<string>(indexes.map(([field]) => field));
      const missing = IMPORT_KIND_DEFS[options.kind].fields.filter((f) => f.required && !found.has(f.field));
      if (missing.length)
        throw new AppError(
          422,
          'IMPORT_COLUMNS_MISSING',
          `The file has no column for: ${missing.map((c) => c.label).join(', ')}. Add it, or choose a mapping.`,
          { missing: missing.map((c) => c.field), headers },
        );
      continue;
    }
    const value: Record<string, unknown> = {};
    const errors: ImportRowError[] = [];
    for (const [field, index] of indexes) {
      const text = row.cells[index] ?? '';
      if (text === '') {
        const required = options.requiredMessages?.[field];
        if (required) errors.push({ rowNumber: row.rowNumber, field, message: required });
        continue;
      }
      const parsed = options.checkCell(field, text);
      if (parsed.ok) value[field] = parsed.value;
      else for (const message of parsed.messages) errors.push({ rowNumber: row.rowNumber, field, message });
    }
    yield { rowNumber: row.rowNumber, value: value as T, errors };
  }
  if (!indexes) throw new AppError(422, 'EMPTY_SPREADSHEET', 'The file has no rows.');
}

/**
 * A number cell as exact text: "20%" is 20; a value Excel computed in binary floating point
 * ("19.989999999999998") is rounded to the 15 significant digits Excel itself shows.
 */
export function decimalCell(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  let t = v.trim().replace(/\s*%$/, '');
  if (/^-?\d*\.\d{9,}$/.test(t) || /^-?\d+(\.\d+)?e[+-]?\d+$/i.test(t)) {
    try {
      t = new Decimal(t).toSignificantDigits(15).toFixed();
    } catch {
      // left as written: the field's own rule explains what is wrong
    }
  }
  return t;
}
