import { createHash, randomUUID } from 'node:crypto';
import { UploadErrorCode, type UploadedFile } from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { acceptedFileType } from '../../platform/upload-types.ts';

/**
 * Which permission lets someone other than the uploader see a file a document holds.
 * Areas that attach files add their entity here (e.g. product → view_product).
 */
export const ATTACHMENT_READERS: Record<string, string> = {
  product: 'view_product',
};

export function toUploadedFile(row: {
  file_name: string;
  original_name: string;
  content_type: string;
  kind: string;
  size: number;
  sha256: string;
  uploaded_at: Date;
}): UploadedFile {
  return {
    fileName: row.file_name,
    originalName: row.original_name,
    contentType: row.content_type,
    kind: row.kind as UploadedFile['kind'],
    size: row.size,
    sha256: row.sha256,
    url: `/api/upload/files/${row.file_name}`,
    uploadedAt: row.uploaded_at.toISOString(),
  };
}

export async function storeUpload(ctx: Ctx, name: string, content: Buffer): Promise<UploadedFile> {
  const detected = acceptedFileType(name, content);
  const id = randomUUID();
  const row = await ctx.db
    .insertInto('uploaded_files')
    .values({
      id,
      file_name: `${id}.${detected.extensions[0]}`,
      original_name: name,
      content_type: detected.contentType,
      kind: detected.kind,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      uploaded_by: ctx.user.id,
    })
    .returning(['file_name', 'original_name', 'content_type', 'kind', 'size', 'sha256', 'uploaded_at'])
    .executeTakeFirstOrThrow();
  const file = toUploadedFile(row);
  await ctx.audit({ action: 'upload', entity: 'file', entityId: file.fileName, after: file });
  return file;
}

async function findFile(db: Kysely<Database>, fileName: string, forUpdate = false) {
  let q = db.selectFrom('uploaded_files').selectAll().where('file_name', '=', fileName);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('File', fileName);
  return row;
}

/**
 * A loose file is its uploader's; once it belongs to a document it is read by those who may see that kind of document,
 * its uploader too only so (someone who loses the permission loses the file with it).
 */
function mayRead(ctx: Ctx, row: { uploaded_by: string; attached_entity: string | null }) {
  if (!row.attached_entity) return row.uploaded_by === ctx.user.id;
  const permission = ATTACHMENT_READERS[row.attached_entity];
  return permission !== undefined && ctx.user.permissions.has(permission);
}

export async function removeUpload(ctx: Ctx, fileName: string) {
  const row = await findFile(ctx.db, fileName, true);
  if (row.uploaded_by !== ctx.user.id)
    throw forbidden('You may remove only files you uploaded.', undefined, UploadErrorCode.FILE_NOT_YOURS);
  if (row.attached_entity)
    throw conflict('IN_USE', 'This file belongs to a document and cannot be removed.', {
      entity: row.attached_entity,
      id: row.attached_id,
    });
  await ctx.db.deleteFrom('uploaded_files').where('id', '=', row.id).execute();
  await ctx.audit({ action: 'delete', entity: 'file', entityId: fileName, before: toUploadedFile(row) });
  return { ok: true as const };
}

export async function sendUpload(ctx: Ctx, fileName: string) {
  const row = await findFile(ctx.db, fileName);
  // Someone who may not see it is told it does not exist, not that it does.
  if (!mayRead(ctx, row)) throw notFound('File', fileName);
  const inline = row.kind !== 'xlsx' && row.kind !== 'docx';
  ctx.reply
    .header('content-type', row.content_type)
    .header('content-length', String(row.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.original_name)}`,
    );
  return row.content;
}
