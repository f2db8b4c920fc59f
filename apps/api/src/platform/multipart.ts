import { UPLOAD_MAX_BYTES, UploadErrorCode } from '@backoffice/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';
import { cleanFileName } from './upload-types.ts';

export interface UploadedPart {
  /** The name the browser gave, cleaned of paths and control characters. */
  name: string;
  content: Buffer;
}

const tooLarge = () =>
  new AppError(413, UploadErrorCode.FILE_TOO_LARGE, `A file may be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`, {
    maxBytes: UPLOAD_MAX_BYTES,
  });

/**
 * Reads the one file of a multipart request into memory, before any transaction opens, so a slow
 * upload never holds a database connection. Limits come from the multipart plugin's registration.
 */
export async function readMultipartFile(request: FastifyRequest): Promise<UploadedPart> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file".');
  let content: Buffer;
  let givenName: string;
  try {
    const file = await request.file();
    if (file?.fieldname !== 'file') {
      file?.file.resume();
      throw badRequest(UploadErrorCode.FILE_MISSING, 'Choose a file to upload (form field "file").');
    }
    content = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    givenName = file.filename;
  } catch (e) {
    if (e instanceof AppError) throw e;
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge();
    // What the parser meets besides size (an unexpected end, a malformed part header) is a body that is not
    // well-formed multipart: the sender's fault, not a server error.
    if (status === undefined || status < 500)
      throw badRequest('BAD_REQUEST', 'The upload is not a well-formed multipart/form-data body.');
    throw e;
  }
  const name = cleanFileName(givenName);
  if (content.length === 0) throw badRequest(UploadErrorCode.FILE_MISSING, 'The file is empty.');
  return { name, content };
}
