import {
  type ExcelMapping,
  ExcelMappingErrorCode,
  type ExcelMappingFilter,
  type ExcelMappingListQuery,
  IMPORT_KIND_DEFS,
  type ImportKind,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { allRows, offsetOf, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { sendXlsx, ui, XLSX_EXPORT_MAX_ROWS, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  countMappings,
  deleteMappingRow,
  insertMapping,
  lockDefaultOf,
  type MappingValues,
  mappingById,
  mappingNamed,
  orderedMappings,
  setDefaultFlag,
  toMapping,
  updateMappingRow,
} from './excel-mapping.repository.ts';

export async function listMappings(db: Kysely<Database>, q: ExcelMappingListQuery) {
  const [rows, total] = await Promise.all([
    orderedMappings(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    countMappings(db, q),
  ]);
  return toPage(rows.map(toMapping), total, q);
}

export async function getMapping(db: Kysely<Database>, id: string, forUpdate = false): Promise<ExcelMapping> {
  const mapping = await mappingById(db, id, forUpdate);
  if (!mapping) throw notFound('Excel mapping', id);
  return mapping;
}

const nameTaken = (kind: ImportKind, name: string) =>
  conflict(
    ExcelMappingErrorCode.EXCEL_MAPPING_NAME_TAKEN,
    `A ${IMPORT_KIND_DEFS[kind].label.toLowerCase()} mapping named "${name}" already exists.`,
    { name, kind },
  );

/**
 * Checks the name, takes the default flag from the kind's previous default (audited), then writes;
 * a concurrent request that took the name or the default meanwhile gets the same 409 or waits on the lock.
 */
async function save(ctx: Ctx, input: MappingValues & { kind: ImportKind }, id?: string): Promise<string> {
  if (await mappingNamed(ctx.db, input.kind, input.name, id)) throw nameTaken(input.kind, input.name);
  if (input.isDefault) {
    const previous = await lockDefaultOf(ctx.db, input.kind, id);
    if (previous) {
      await setDefaultFlag(ctx.db, previous.id, false);
      await ctx.audit({
        action: 'update',
        entity: 'excel_mapping',
        entityId: previous.id,
        before: previous,
        after: await getMapping(ctx.db, previous.id),
      });
    }
  }
  try {
    if (id) {
      await updateMappingRow(ctx.db, id, input);
      return id;
    }
    return await insertMapping(ctx.db, input, ctx.user.id);
  } catch (e) {
    if (isUniqueViolation(e, 'excel_mappings_name_key')) throw nameTaken(input.kind, input.name);
    if (isUniqueViolation(e, 'excel_mappings_default_key'))
      throw conflict('CONFLICT', 'Someone else changed the default mapping at the same moment. Please try again.');
    throw e;
  }
}

export async function createMapping(ctx: Ctx, input: MappingValues & { kind: ImportKind }) {
  const id = await save(ctx, input);
  const after = await getMapping(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'excel_mapping', entityId: id, after });
  return after;
}

export async function updateMapping(ctx: Ctx, id: string, input: MappingValues & { kind: ImportKind }) {
  const before = await getMapping(ctx.db, id, true);
  await save(ctx, input, id);
  const after = await getMapping(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'excel_mapping', entityId: id, before, after });
  return after;
}

/** Imports that used the mapping keep their own copy of its columns, so nothing stops a delete. */
export async function deleteMapping(ctx: Ctx, id: string) {
  const before = await getMapping(ctx.db, id, true);
  await deleteMappingRow(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'excel_mapping', entityId: id, before });
  return { ok: true as const };
}

interface ExportRow {
  mapping: ExcelMapping;
  header: string;
  field: string;
}

const COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: ui('imports:mappings.name'), width: 30, value: (r) => r.mapping.name },
  {
    header: ui('imports:mappings.kind'),
    width: 18,
    type: 'enum',
    labels: 'imports:kinds',
    value: (r) => r.mapping.kind,
  },
  { header: ui('imports:mappings.isDefault'), width: 10, type: 'boolean', value: (r) => r.mapping.isDefault },
  { header: ui('imports:mappings.header'), width: 30, value: (r) => r.header },
  {
    header: ui('imports:mappings.field'),
    width: 24,
    type: 'enum',
    // The field's label as the mapping screen shows it (`imports:fields.<kind>.<field>`), in the reader's language.
    labels: 'imports:fields',
    value: (r) => `${r.mapping.kind}.${r.field}`,
  },
  { header: ui('imports:mappings.updatedAt'), width: 12, type: 'date', value: (r) => r.mapping.updatedAt },
];

/** The filter's mappings, one row per mapped column. */
export function exportMappings(ctx: Ctx, filter: ExcelMappingFilter) {
  async function* rows() {
    const mappings = allRows(
      async (offset, limit) =>
        (await orderedMappings(ctx.db, filter).limit(limit).offset(offset).execute()).map(toMapping),
      XLSX_EXPORT_MAX_ROWS,
    );
    for await (const mapping of mappings)
      for (const column of mapping.columns) yield { mapping, header: column.header, field: column.field };
  }
  return sendXlsx(ctx, `excel-mappings-${new Date().toISOString().slice(0, 10)}.xlsx`, COLUMNS, rows());
}
