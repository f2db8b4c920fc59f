import {
  IMPORT_KIND_DEFS,
  IMPORT_LISTED_ERRORS,
  type ImportKind,
  type ImportMode,
  type ImportRun,
  type ImportRunDetail,
  ImportRunErrorCode,
  type ImportRunFilter,
  type ImportRunListQuery,
  type MappingColumn,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, forbidden, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import { loadExcelJs } from '../../platform/exceljs.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { hasUiText } from '../../platform/ui-words.ts';
import { sendXlsx, ui, words, XLSX_CONTENT_TYPE, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import { ATTACHMENT_READERS } from '../uploads/index.ts';
import { getMapping } from './excel-mapping.service.ts';
import { queueImportJob } from './import-jobs.ts';
import {
  countRuns,
  insertRun,
  liveRunOfFile,
  orderedRuns,
  runById,
  runErrors,
  toRun,
} from './import-run.repository.ts';

/** The entity an import's stored file is attached to, per kind; those who may see imports of the kind may download it. */
export const importFileEntity = (kind: ImportKind) => `${kind}_import`;
ATTACHMENT_READERS[importFileEntity('products')] = 'view_product';

export async function listRuns(db: Kysely<Database>, kind: ImportKind, q: ImportRunListQuery) {
  const [rows, total] = await Promise.all([
    orderedRuns(db, kind, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    countRuns(db, kind, q),
  ]);
  return toPage(rows.map(toRun), total, q);
}

export async function getRun(db: Kysely<Database>, kind: ImportKind, id: string): Promise<ImportRun> {
  const run = await runById(db, kind, id);
  if (!run) throw notFound('Import', id);
  return run;
}

export async function getRunDetail(db: Kysely<Database>, kind: ImportKind, id: string): Promise<ImportRunDetail> {
  const run = await getRun(db, kind, id);
  const errors = run.errorCount ? (await runErrors(db, id)).slice(0, IMPORT_LISTED_ERRORS) : [];
  return { ...run, errors };
}

export interface NewImport {
  fileName: string;
  mappingId: string | null;
  columns?: MappingColumn[];
  mode: ImportMode;
}

/**
 * Queues an import of a file the user stored: the job starts once this request has committed
 * (the caller nudges the runner when the answer is sent). A file is imported once; it may be
 * tried again only after its earlier run failed.
 */
export async function queueImport(ctx: Ctx, kind: ImportKind, input: NewImport): Promise<ImportRun> {
  const file = await ctx.db
    .selectFrom('uploaded_files')
    .select(['id', 'original_name', 'kind', 'uploaded_by', 'attached_entity'])
    .where('file_name', '=', input.fileName)
    .forUpdate()
    .executeTakeFirst();
  // Someone else's upload is treated as unknown: its existence is not revealed.
  if (!file || file.uploaded_by !== ctx.user.id) throw notFound('File', input.fileName);
  if (file.kind !== 'xlsx')
    throw new AppError(
      415,
      ImportRunErrorCode.IMPORT_FILE_NOT_SPREADSHEET,
      'Only an Excel .xlsx file can be imported.',
    );
  if (file.attached_entity && file.attached_entity !== importFileEntity(kind))
    throw conflict(ImportRunErrorCode.IMPORT_FILE_USED, 'This file belongs to another document. Upload it again.');
  const live = await liveRunOfFile(ctx.db, file.id);
  if (live)
    throw conflict(
      ImportRunErrorCode.IMPORT_FILE_USED,
      live.status === 'APPLIED'
        ? 'This upload was already imported.'
        : 'This upload is already being imported. Wait for it to finish.',
      { runId: live.id, status: live.status },
    );
  let mappingName: string | null = null;
  let columns = input.columns ?? null;
  if (input.mappingId) {
    const mapping = await getMapping(ctx.db, input.mappingId);
    if (mapping.kind !== kind)
      throw unprocessable(
        ImportRunErrorCode.IMPORT_MAPPING_KIND_MISMATCH,
        `Mapping "${mapping.name}" is for ${IMPORT_KIND_DEFS[mapping.kind].label.toLowerCase()}, not ${IMPORT_KIND_DEFS[kind].label.toLowerCase()}.`,
      );
    mappingName = mapping.name;
    columns ??= mapping.columns;
  }
  let id: string;
  try {
    id = await insertRun(ctx.db, {
      kind,
      fileId: file.id,
      fileName: file.original_name,
      mode: input.mode,
      mappingId: input.mappingId,
      mappingName,
      columns,
      createdBy: ctx.user.id,
      requestId: ctx.requestId,
    });
  } catch (e) {
    if (isUniqueViolation(e, 'import_runs_file_key'))
      throw conflict(
        ImportRunErrorCode.IMPORT_FILE_USED,
        'This upload is already being imported. Wait for it to finish.',
      );
    throw e;
  }
  await ctx.db
    .updateTable('uploaded_files')
    .set({ attached_entity: importFileEntity(kind), attached_id: id })
    .where('id', '=', file.id)
    .execute();
  const run = await getRun(ctx.db, kind, id);
  await ctx.audit({
    action: 'create',
    entity: `${kind === 'products' ? 'product' : kind}_import`,
    entityId: id,
    after: run,
  });
  // Queued in this transaction; the runner is nudged once the answer has gone out (the job is committed then).
  await queueImportJob(ctx, id, kind);
  return run;
}

/** Upsert changes existing records: it needs the permission to edit them too. */
export function requireUpsertPermission(ctx: Ctx, mode: ImportMode, permission: 'edit_product') {
  if (mode === 'upsert' && !ctx.user.permissions.has(permission))
    throw forbidden('Updating existing records needs the permission to edit them.', { required: [permission] });
}

/** What a run's two counts mean, per kind (inventory: rows posted as opening balances, as adjustments). */
const COUNT_WORDS: Partial<Record<ImportKind, [string, string]>> = {
  inventory: ['imports:inventoryBulk.cols.opening', 'imports:inventoryBulk.cols.adjusted'],
};

const runColumns = (kind: ImportKind): XlsxColumn<ImportRun>[] => [
  { header: ui('imports:bulk.cols.uploaded'), width: 18, type: 'datetime', value: (r) => r.createdAt },
  { header: ui('imports:bulk.cols.file'), width: 36, value: (r) => r.fileName },
  {
    header: ui('imports:bulk.cols.status'),
    width: 12,
    type: 'enum',
    labels: 'imports:bulk.status',
    value: (r) => r.status,
  },
  {
    header: ui('imports:bulk.cols.mode'),
    width: 16,
    type: 'enum',
    labels: 'imports:bulk.modeShort',
    value: (r) => r.mode,
  },
  { header: ui('imports:mappings.name'), width: 24, value: (r) => r.mappingName ?? '' },
  { header: ui('imports:bulk.cols.rows'), width: 10, type: 'number', places: 0, value: (r) => r.rowsTotal },
  {
    header: ui(COUNT_WORDS[kind]?.[0] ?? 'imports:bulk.cols.created'),
    width: 10,
    type: 'number',
    places: 0,
    value: (r) => r.createdCount,
  },
  {
    header: ui(COUNT_WORDS[kind]?.[1] ?? 'imports:bulk.cols.updated'),
    width: 10,
    type: 'number',
    places: 0,
    value: (r) => r.updatedCount,
  },
  { header: ui('imports:bulk.cols.problems'), width: 10, type: 'number', places: 0, value: (r) => r.errorCount },
  { header: words('Failure', 'Fallo', 'Falha', 'Fehler'), width: 50, value: (r) => r.failure?.message ?? '' },
  { header: ui('imports:bulk.cols.by'), width: 18, value: (r) => r.createdBy.username },
  {
    header: words('Seconds', 'Segundos', 'Segundos', 'Sekunden'),
    width: 10,
    type: 'number',
    places: 1,
    value: (r) => (r.timings ? Math.round(r.timings.totalMs / 100) / 10 : null),
  },
];

export function exportRuns(ctx: Ctx, kind: ImportKind, filter: ImportRunFilter) {
  const rows = allRows(
    async (offset, limit) => (await orderedRuns(ctx.db, kind, filter).limit(limit).offset(offset).execute()).map(toRun),
    XLSX_EXPORT_MAX_ROWS,
  );
  return sendXlsx(
    ctx,
    `${kind.replace(/_/g, '-')}-uploads-${new Date().toISOString().slice(0, 10)}.xlsx`,
    runColumns(kind),
    rows,
  );
}

/** A failed run's problems as a spreadsheet: row, the file's column, the field, the problem. */
export async function exportRunErrors(ctx: Ctx, kind: ImportKind, id: string) {
  const run = await getRun(ctx.db, kind, id);
  const fields = IMPORT_KIND_DEFS[kind].fields;
  const headerOf = new Map(run.columns.map((c) => [c.field, c.header]));
  const labelOf = new Map(fields.map((f) => [f.field, f.label]));
  const errors = await runErrors(ctx.db, id);
  const rows = errors.length ? errors : run.failure ? [{ rowNumber: 0, message: run.failure.message }] : [];
  const base = run.fileName.replace(/\.xlsx$/i, '');
  return sendXlsx(
    ctx,
    `${base}-problems.xlsx`,
    [
      {
        header: ui('imports:bulk.row'),
        width: 8,
        type: 'number',
        places: 0,
        value: (e) => (e.rowNumber > 0 ? e.rowNumber : null),
      },
      { header: ui('imports:bulk.column'), width: 24, value: (e) => (e.field ? (headerOf.get(e.field) ?? '') : '') },
      {
        header: ui('imports:bulk.field'),
        width: 20,
        type: 'enum',
        labels: (field) =>
          hasUiText(`imports:fields.${kind}.${field}`)
            ? ui(`imports:fields.${kind}.${field}`)
            : (labelOf.get(field) ?? field),
        value: (e) => e.field ?? null,
      },
      { header: ui('imports:bulk.problem'), width: 80, value: (e) => e.message },
    ],
    rows,
  );
}

const PRODUCT_HELP: Record<string, string> = {
  sku: 'Letters, digits and . _ - / ; unique. Stored in capitals.',
  name: 'Up to 200 characters.',
  brand: 'The brand code (Admin → Brand); the brand must be active.',
  barcodes:
    'EAN-8, UPC-A, EAN-13 or GTIN-14 with a correct check digit; several separated by commas. Keep this column as text so leading zeros stay.',
  unit: 'One of: Unit, Kilogram (Kg), Pound (lb), Liter (l), Meters (m), Inches, Feet, Gallon, Ounce (oz). Empty: Unit.',
  kind: 'Stock or Service (bundles are made on the product screen). Empty: Stock.',
  costPrice: 'A number with up to 4 decimals, e.g. 2.3750. Empty: 0.',
  salePrice: 'A number with up to 2 decimals, e.g. 9.99. Empty: 0.',
  vatRate: 'A percentage from 0 to 100, e.g. 20. Empty: 20.',
  weightKg: 'Kilograms, up to 3 decimals.',
  lengthCm: 'Centimetres, up to 2 decimals.',
  widthCm: 'Centimetres, up to 2 decimals.',
  heightCm: 'Centimetres, up to 2 decimals.',
  reorderPoint: 'Order more when stock falls to this quantity (whole numbers for Unit).',
  reorderQuantity: 'How many to order then; needed when there is a reorder point.',
  active: 'Yes or No. Empty: Yes.',
};

/** An empty product sheet with every column (SKU and barcodes formatted as text), and a sheet explaining each. */
export function productTemplate(ctx: Ctx) {
  return importTemplate(ctx, 'products', {
    sheetName: 'Products',
    help: PRODUCT_HELP,
    textFields: ['sku', 'barcodes'],
    fileName: 'product-upload-template.xlsx',
  });
}

/**
 * An empty sheet of a kind with every column of the kind (`textFields` formatted as text, so codes keep
 * their leading zeros), and a sheet explaining each column.
 */
export async function importTemplate(
  ctx: Ctx,
  kind: ImportKind,
  t: { sheetName: string; help: Record<string, string>; textFields: readonly string[]; fileName: string },
) {
  const fields = IMPORT_KIND_DEFS[kind].fields;
  const excel = await loadExcelJs();
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(t.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = fields.map((f) => ({
    header: f.label,
    key: f.field,
    width: Math.max(14, f.label.length + 4),
    ...(t.textFields.includes(f.field) ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const help = workbook.addWorksheet('Help');
  help.columns = [
    { header: 'Column', key: 'column', width: 20 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What to write', key: 'what', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const f of fields)
    help.addRow({ column: f.label, required: f.required ? 'Yes' : '', what: t.help[f.field] ?? '' });
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  ctx.reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(t.fileName)}`)
    .header('x-content-type-options', 'nosniff');
  return body;
}
