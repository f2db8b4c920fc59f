import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { UploadedFile } from '../uploads/uploads.ts';
import { checkMappingColumns, ExcelMapping, MappingColumn } from './excel-mappings.ts';
import { IMPORT_FILE_PERMISSIONS, ImportKind } from './import-kinds.ts';

/**
 * An import run: one uploaded .xlsx applied as one kind of record. The first request stores the run
 * and answers at once; a server-side job reads and checks every row (its progress kept on the run,
 * which the web page polls), then writes all rows in one transaction, or nothing when any row is wrong.
 */

export const ImportRunErrorCode = {
  IMPORT_INVALID: 'IMPORT_INVALID',
  IMPORT_COLUMNS_MISSING: 'IMPORT_COLUMNS_MISSING',
  IMPORT_FILE_USED: 'IMPORT_FILE_USED',
  IMPORT_FILE_NOT_SPREADSHEET: 'IMPORT_FILE_NOT_SPREADSHEET',
  IMPORT_MAPPING_KIND_MISMATCH: 'IMPORT_MAPPING_KIND_MISMATCH',
  IMPORT_CONFLICT: 'IMPORT_CONFLICT',
  IMPORT_INTERRUPTED: 'IMPORT_INTERRUPTED',
  IMPORT_FAILED: 'IMPORT_FAILED',
} as const;

/**
 * What the .xlsx reader refuses, at upload (preview) and in a run: not a workbook (415), a workbook that
 * inflates past the limits, counted byte by byte whatever its archive declares (413, a zip bomb), more rows
 * than an import takes (413), no rows (422).
 */
export const SpreadsheetErrorCode = {
  NOT_A_SPREADSHEET: 'NOT_A_SPREADSHEET',
  SPREADSHEET_TOO_LARGE: 'SPREADSHEET_TOO_LARGE',
  TOO_MANY_ROWS: 'TOO_MANY_ROWS',
  EMPTY_SPREADSHEET: 'EMPTY_SPREADSHEET',
} as const;

/** The rows an import takes at most, and the sample rows a preview shows. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_PREVIEW_ROWS = 5;
/** Problems kept with a failed run (all are counted); the run's answer lists the first of them. */
export const IMPORT_STORED_ERRORS = 10_000;
export const IMPORT_LISTED_ERRORS = 1_000;

/**
 * QUEUED: waiting for the job; VALIDATING: reading and checking rows; APPLYING: writing them;
 * APPLIED: every row written; FAILED: nothing written (row problems, or the file could not be read).
 */
export const IMPORT_RUN_STATUSES = ['QUEUED', 'VALIDATING', 'APPLYING', 'APPLIED', 'FAILED'] as const;
export const ImportRunStatus = z.enum(IMPORT_RUN_STATUSES);
export type ImportRunStatus = z.infer<typeof ImportRunStatus>;
export const ACTIVE_IMPORT_STATUSES: readonly ImportRunStatus[] = ['QUEUED', 'VALIDATING', 'APPLYING'];

/** Products. insert: new SKUs only (an existing SKU is a problem); upsert: existing SKUs are updated too. */
export const PRODUCT_IMPORT_MODES = ['insert', 'upsert'] as const;
export const ProductImportMode = z.enum(PRODUCT_IMPORT_MODES);
export type ProductImportMode = z.infer<typeof ProductImportMode>;
/** Inventory. set: the quantity is the bin's new quantity (the difference is posted); add: a signed change. */
export const INVENTORY_IMPORT_MODES = ['set', 'add'] as const;
export const InventoryImportMode = z.enum(INVENTORY_IMPORT_MODES);
export type InventoryImportMode = z.infer<typeof InventoryImportMode>;
/** A run's mode, whatever its kind. */
export const IMPORT_MODES = [...PRODUCT_IMPORT_MODES, ...INVENTORY_IMPORT_MODES] as const;
export const ImportMode = z.enum(IMPORT_MODES);
export type ImportMode = z.infer<typeof ImportMode>;

/** One problem of a file: the row as Excel numbers it (header is row 1), the field, and what is wrong. */
export const ImportRowError = z.object({
  rowNumber: z.number().int(),
  field: z.string().optional(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowError>;

/** What a file holds at a glance: headers, the first rows, a proposed mapping and the saved ones. */
export const ImportFilePreview = z
  .object({
    kind: ImportKind,
    file: UploadedFile,
    headers: z.array(z.string()),
    sampleRows: z.array(z.array(z.string())),
    /** From the sheet's own dimension when it declares one; the count is exact once the run has read the file. */
    estimatedRows: z.number().int().nullable(),
    proposed: z.array(MappingColumn),
    /** Required fields no header was recognised for. */
    missing: z.array(z.string()),
    /** The kind's saved mappings (default first); `fits` when every header they name is in this file. */
    mappings: z.array(ExcelMapping.extend({ fits: z.boolean() })),
  })
  .meta({ id: 'ImportFilePreview' });
export type ImportFilePreview = z.infer<typeof ImportFilePreview>;

/**
 * Where a run's time went: until the last row was read, in checks against the database, in writes;
 * they overlap (a chunk is checked and written while the next is read), `totalMs` is the wall time.
 */
export const ImportRunTimings = z.object({
  readMs: z.number().int(),
  checkMs: z.number().int(),
  applyMs: z.number().int(),
  totalMs: z.number().int(),
});
export type ImportRunTimings = z.infer<typeof ImportRunTimings>;

export const ImportRun = z
  .object({
    id: Uuid,
    kind: ImportKind,
    fileName: z.string(),
    /** The stored upload, downloadable at `fileUrl`. */
    storedFileName: z.string(),
    fileUrl: z.string(),
    mode: ImportMode,
    mappingId: Uuid.nullable(),
    mappingName: z.string().nullable(),
    columns: z.array(MappingColumn),
    status: ImportRunStatus,
    /** Data rows of the file once read; an estimate while reading, null before. */
    rowsTotal: z.number().int().nullable(),
    /** Rows read (VALIDATING) or written (APPLYING). */
    rowsDone: z.number().int(),
    createdCount: z.number().int(),
    updatedCount: z.number().int(),
    errorCount: z.number().int(),
    /** Why a run failed as a whole (IMPORT_INVALID when rows have problems). */
    failure: z.object({ code: z.string(), message: z.string() }).nullable(),
    timings: ImportRunTimings.nullable(),
    createdBy: z.object({ id: Uuid, username: z.string() }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'ImportRun' });
export type ImportRun = z.infer<typeof ImportRun>;

export const ImportRunDetail = ImportRun.extend({
  /** The first problems (all are in the error report download). */
  errors: z.array(ImportRowError),
}).meta({ id: 'ImportRunDetail' });
export type ImportRunDetail = z.infer<typeof ImportRunDetail>;

export const IMPORT_RUN_SORTS = ['createdAt', 'fileName', 'status'] as const;

export const ImportRunFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  status: ImportRunStatus.optional(),
});
export type ImportRunFilter = z.infer<typeof ImportRunFilter>;
export const ImportRunListQuery = PageQuery.extend(ImportRunFilter.shape);
export type ImportRunListQuery = z.infer<typeof ImportRunListQuery>;

/** An .xlsx stored by the import-file upload, named by its stored name. */
export const StoredFileName = z.string().regex(/^[0-9a-f-]{36}\.xlsx$/, 'not a stored .xlsx file name');

/**
 * Starts a product import of a stored file: with `columns` (the mapping as the person adjusted it),
 * else the saved mapping `mappingId`, else one proposed from the file's headers.
 */
export const ProductImportInput = z
  .object({
    fileName: StoredFileName,
    mappingId: Uuid.nullable().default(null),
    columns: z.array(MappingColumn).max(100).optional(),
    mode: ProductImportMode.default('insert'),
  })
  .superRefine((input, ctx) => {
    if (input.columns) checkMappingColumns('products', input.columns, ctx);
  });
export type ProductImportInput = z.input<typeof ProductImportInput>;

const IdParams = z.object({ id: Uuid });

export const importsApi = {
  uploadImportFile: endpoint({
    method: 'POST',
    path: '/api/import-files',
    permission: IMPORT_FILE_PERMISSIONS,
    tag: 'imports',
    summary:
      'Store an .xlsx (multipart field "file", at most 10 MB) for an import of `kind` and answer its headers, first rows, a proposed mapping and the saved ones. Needs the kind\'s import permission or edit_excel_mapping.',
    query: z.object({ kind: ImportKind }),
    response: ImportFilePreview,
    status: 201,
    multipart: true,
  }),
  createProductImport: endpoint({
    method: 'POST',
    path: '/api/product-imports',
    permission: 'add_product',
    tag: 'imports',
    summary:
      'Start importing a stored file as products; answers the queued run at once (poll it). Mode upsert also needs edit_product.',
    body: ProductImportInput,
    response: ImportRun,
    status: 201,
    idempotent: true,
  }),
  listProductImports: endpoint({
    method: 'GET',
    path: '/api/product-imports',
    permission: ['view_product', 'add_product'],
    tag: 'imports',
    summary: 'The history of product uploads, newest first; search by file name; filter by status',
    query: ImportRunListQuery,
    response: pageOf(ImportRun),
  }),
  exportProductImports: endpoint({
    method: 'GET',
    path: '/api/product-imports/export',
    permission: ['view_product', 'add_product'],
    tag: 'imports',
    summary: 'The product uploads of a filter as an .xlsx file',
    query: ImportRunFilter,
    response: z.unknown(),
  }),
  productImportTemplate: endpoint({
    method: 'GET',
    path: '/api/product-imports/template',
    permission: ['view_product', 'add_product'],
    tag: 'imports',
    summary: 'An empty .xlsx with the product columns, and a sheet explaining each',
    response: z.unknown(),
  }),
  getProductImport: endpoint({
    method: 'GET',
    path: '/api/product-imports/:id',
    permission: ['view_product', 'add_product'],
    tag: 'imports',
    summary: 'One product upload: status, progress, counts and its first problems',
    params: IdParams,
    response: ImportRunDetail,
  }),
  productImportErrors: endpoint({
    method: 'GET',
    path: '/api/product-imports/:id/errors',
    permission: ['view_product', 'add_product'],
    tag: 'imports',
    summary: "A product upload's problems as an .xlsx file (row, column, field, problem)",
    params: IdParams,
    response: z.unknown(),
  }),
};
