import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';

export { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES } from './upload-limits.ts';
/** Images are raster formats; SVG is refused because it can carry script. */
export const UPLOAD_KINDS = ['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff', 'avif', 'pdf', 'xlsx', 'docx'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UploadErrorCode = {
  FILE_MISSING: 'FILE_MISSING',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FILE_TYPE_NOT_ACCEPTED: 'FILE_TYPE_NOT_ACCEPTED',
  FILE_NAME_MISMATCH: 'FILE_NAME_MISMATCH',
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  FILE_NOT_YOURS: 'FILE_NOT_YOURS',
} as const;

export const UploadedFile = z
  .object({
    fileName: z.string(),
    originalName: z.string(),
    contentType: z.string(),
    kind: z.enum(UPLOAD_KINDS),
    size: z.number().int(),
    sha256: z.string(),
    url: z.string(),
    uploadedAt: z.string(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof UploadedFile>;

const FileName = z.string().regex(/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/, 'not a stored file name');

export const uploadsApi = {
  upload: endpoint({
    method: 'POST',
    path: '/api/upload/uploadFile',
    permission: 'upload_file',
    tag: 'uploads',
    summary: 'Upload one file (multipart field "file"): images, pdf, .xlsx or .docx, at most 10 MB, checked by content',
    response: UploadedFile,
    status: 201,
    multipart: true,
  }),
  remove: endpoint({
    method: 'GET',
    path: '/api/upload/removeFile',
    permission: 'upload_file',
    tag: 'uploads',
    summary: 'Remove a file you uploaded that no document uses',
    query: z.object({ fileName: FileName }),
    response: z.object({ ok: z.literal(true) }),
    mutation: true,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/upload/files/:fileName',
    permission: 'authenticated',
    tag: 'uploads',
    summary: 'A stored file, for its uploader or those who may see the document it belongs to',
    params: z.object({ fileName: FileName }),
    response: z.unknown(),
  }),
};
