import { IMPORT_KIND_DEFS, type ImportFilePreview, type ImportKind, type MappingColumn } from '@backoffice/contracts';
import { forbidden } from '../../platform/errors.ts';
import { proposeMapping } from '../../platform/import.ts';
import type { UploadedPart } from '../../platform/multipart.ts';
import type { Ctx } from '../../platform/routes.ts';
import { storeUpload } from '../uploads/index.ts';
import { mappingsOfKind } from './excel-mapping.repository.ts';
import { estimateDataRows, readSheetHead, resolveHeader } from './sheet-head.ts';

/** Whether the user may upload files of this kind: the kind's import permission, or editing mappings. */
export function requireImportPermission(ctx: Ctx, kind: ImportKind) {
  const needed = IMPORT_KIND_DEFS[kind].permission;
  if (!ctx.user.permissions.has(needed) && !ctx.user.permissions.has('edit_excel_mapping'))
    throw forbidden('You do not have the permission this needs.', { required: [needed, 'edit_excel_mapping'] });
}

/** A proposal as mapping rows, in the kind's field order. */
export function proposedColumns(kind: ImportKind, headers: readonly string[]): MappingColumn[] {
  const fields = IMPORT_KIND_DEFS[kind].fields;
  const proposal = proposeMapping(headers, fields);
  return fields.flatMap((f) => {
    const header = proposal[f.field];
    return header === undefined ? [] : [{ header, field: f.field }];
  });
}

/**
 * Reads the header and first rows of an .xlsx (refusing zip bombs and non-spreadsheets before it
 * stores anything), stores the file for the import to come, and answers what it holds with a
 * proposed mapping and the kind's saved mappings.
 */
export async function uploadImportFile(ctx: Ctx, kind: ImportKind, part: UploadedPart): Promise<ImportFilePreview> {
  requireImportPermission(ctx, kind);
  const head = await readSheetHead(part.content);
  const file = await storeUpload(ctx, part.name, part.content);
  const proposed = proposedColumns(kind, head.headers);
  const mapped = new Set(proposed.map((c) => c.field));
  const saved = await mappingsOfKind(ctx.db, kind);
  return {
    kind,
    file,
    headers: head.headers,
    sampleRows: head.sampleRows,
    estimatedRows: estimateDataRows(part.content),
    proposed,
    missing: IMPORT_KIND_DEFS[kind].fields.filter((f) => f.required && !mapped.has(f.field)).map((f) => f.field),
    mappings: saved.map((m) => ({
      ...m,
      fits: m.columns.every((c) => resolveHeader(head.headers, c.header) !== undefined),
    })),
  };
}
