import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';
import { IMPORT_KIND_DEFS, ImportKind } from './import-kinds.ts';

/**
 * Excel mappings: saved answers to "which column of the file fills which field", one list per import
 * kind. Every .xlsx import either takes a saved mapping or has one proposed from the file's headers.
 */

export const ExcelMappingErrorCode = {
  EXCEL_MAPPING_NAME_TAKEN: 'EXCEL_MAPPING_NAME_TAKEN',
} as const;

export const MAPPING_NAME_MAX_LENGTH = 120;
export const MAPPING_HEADER_MAX_LENGTH = 120;
export const MAPPING_MAX_COLUMNS = 100;

/** One row of a mapping: the file's header and the field it fills. */
export const MappingColumn = z.object({
  header: z
    .string()
    .trim()
    .min(1, 'a header is needed')
    .max(MAPPING_HEADER_MAX_LENGTH, `a header has at most ${MAPPING_HEADER_MAX_LENGTH} characters`),
  field: z.string().min(1, 'a field is needed'),
});
export type MappingColumn = z.infer<typeof MappingColumn>;

const sameHeader = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The rules of a kind's mapping: each field known to the kind and chosen once, each header used once,
 * every required field mapped. Shared by saved mappings and by an import's own mapping.
 */
export function checkMappingColumns(
  kind: ImportKind,
  columns: readonly MappingColumn[],
  ctx: z.core.$RefinementCtx,
  path: (string | number)[] = ['columns'],
): void {
  const def = IMPORT_KIND_DEFS[kind];
  const known = new Set(def.fields.map((f) => f.field));
  const fields = new Set<string>();
  columns.forEach((column, i) => {
    if (!known.has(column.field))
      ctx.addIssue({
        code: 'custom',
        path: [...path, i, 'field'],
        message: `"${column.field}" is not a field of this kind`,
      });
    else if (fields.has(column.field))
      ctx.addIssue({ code: 'custom', path: [...path, i, 'field'], message: 'this field is already mapped' });
    fields.add(column.field);
    if (columns.slice(0, i).some((other) => sameHeader(other.header, column.header)))
      ctx.addIssue({ code: 'custom', path: [...path, i, 'header'], message: 'this header is already mapped' });
  });
  const missing = def.fields.filter((f) => f.required && !fields.has(f.field));
  if (missing.length)
    ctx.addIssue({
      code: 'custom',
      path,
      message: `map a column to every required field: ${missing.map((f) => f.label).join(', ')}`,
      params: { missing: missing.map((f) => f.field) },
    });
}

export const ExcelMappingInput = z
  .object({
    name: singleLine(
      z
        .string()
        .trim()
        .min(1, 'a name is needed')
        .max(MAPPING_NAME_MAX_LENGTH, `a name has at most ${MAPPING_NAME_MAX_LENGTH} characters`),
    ),
    kind: ImportKind,
    /** The mapping an import of this kind starts from; one per kind. */
    isDefault: z.boolean().default(false),
    columns: z
      .array(MappingColumn)
      .min(1, 'map at least one column')
      .max(MAPPING_MAX_COLUMNS, `at most ${MAPPING_MAX_COLUMNS} columns`),
  })
  .superRefine((m, ctx) => checkMappingColumns(m.kind, m.columns, ctx));
export type ExcelMappingInput = z.input<typeof ExcelMappingInput>;

export const ExcelMapping = z
  .object({
    id: Uuid,
    name: z.string(),
    kind: ImportKind,
    isDefault: z.boolean(),
    columns: z.array(MappingColumn),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ExcelMapping' });
export type ExcelMapping = z.infer<typeof ExcelMapping>;

export const EXCEL_MAPPING_SORTS = ['name', 'kind', 'updatedAt'] as const;

export const ExcelMappingFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  kind: ImportKind.optional(),
});
export type ExcelMappingFilter = z.infer<typeof ExcelMappingFilter>;
export const ExcelMappingListQuery = PageQuery.extend(ExcelMappingFilter.shape);
export type ExcelMappingListQuery = z.infer<typeof ExcelMappingListQuery>;

const IdParams = z.object({ id: Uuid });

export const excelMappingsApi = {
  listExcelMappings: endpoint({
    method: 'GET',
    path: '/api/excel-mappings',
    permission: 'view_excel_mapping',
    tag: 'imports',
    summary: 'Saved column mappings, paged; search by name or header; filter by kind; sort name, kind or updatedAt',
    query: ExcelMappingListQuery,
    response: pageOf(ExcelMapping),
  }),
  exportExcelMappings: endpoint({
    method: 'GET',
    path: '/api/excel-mappings/export',
    permission: 'view_excel_mapping',
    tag: 'imports',
    summary: 'The mappings of a filter as an .xlsx file, one row per mapped column',
    query: ExcelMappingFilter,
    response: z.unknown(),
  }),
  getExcelMapping: endpoint({
    method: 'GET',
    path: '/api/excel-mappings/:id',
    permission: 'view_excel_mapping',
    tag: 'imports',
    summary: 'One mapping',
    params: IdParams,
    response: ExcelMapping,
  }),
  createExcelMapping: endpoint({
    method: 'POST',
    path: '/api/excel-mappings',
    permission: 'edit_excel_mapping',
    tag: 'imports',
    summary: 'Save a mapping (name unique per kind whatever the case; marking it default unmarks the previous default)',
    body: ExcelMappingInput,
    response: ExcelMapping,
    status: 201,
    idempotent: true,
  }),
  updateExcelMapping: endpoint({
    method: 'PUT',
    path: '/api/excel-mappings/:id',
    permission: 'edit_excel_mapping',
    tag: 'imports',
    summary: 'Change a mapping',
    params: IdParams,
    body: ExcelMappingInput,
    response: ExcelMapping,
  }),
  deleteExcelMapping: endpoint({
    method: 'DELETE',
    path: '/api/excel-mappings/:id',
    permission: 'edit_excel_mapping',
    tag: 'imports',
    summary: 'Delete a mapping (imports that used it keep their own copy of its columns)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
