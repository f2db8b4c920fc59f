import { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES, type UploadedFile } from '@backoffice/contracts';
import { uploadsEndpoints as endpoints } from '../api/endpoints/uploads.gen.ts';
import { callEndpoint, endpointUrl } from './api.ts';
import { ApiError } from './errors.ts';
import { authHeaders, errorFromAnswer, handleRefusal, parseBody } from './http.ts';
import { formatNumber } from './numbers.ts';

export type { UploadedFile };
/**
 * File uploads (specification sections 5, 7, 9): one file a request, as the multipart field `file` of
 * `POST {apiBaseUrl}upload/uploadFile`, with the same bearer token, anti-forgery header and 401/403
 * handling as every other call. XMLHttpRequest rather than fetch, for the upload's progress.
 * Only constants and types come from the contracts, never their zod schemas.
 */
export { UPLOAD_ACCEPT, UPLOAD_MAX_BYTES };

const ACCEPTED = UPLOAD_ACCEPT.split(',').map((part) => part.trim().toLowerCase());

/** Whether the browser's idea of the file matches the accepted kinds; the server checks the content. */
export function isAcceptedFile(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return ACCEPTED.some((accepted) => {
    if (accepted.startsWith('.')) return name.endsWith(accepted);
    if (accepted.endsWith('/*')) return type.startsWith(accepted.slice(0, -1));
    return type === accepted;
  });
}

/**
 * What is refused before sending, with the server's codes: too large (over 10 MB), empty, or not an
 * accepted kind. Null when the file may go.
 */
export function refuseBeforeSending(file: File): ApiError | null {
  if (file.size > UPLOAD_MAX_BYTES)
    return new ApiError(413, 'FILE_TOO_LARGE', 'The file is larger than 10 MB.', {
      maxBytes: UPLOAD_MAX_BYTES,
      maxMb: UPLOAD_MAX_BYTES / 1024 / 1024,
    });
  if (file.size === 0) return new ApiError(400, 'FILE_MISSING', 'The file is empty.');
  if (!isAcceptedFile(file)) return new ApiError(415, 'FILE_TYPE_NOT_ACCEPTED', 'This kind of file is not accepted.');
  return null;
}

export interface UploadOptions {
  /** Called with the share sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /**
   * Another multipart endpoint than the upload service's own (a document's attachment route, its path parameters
   * filled by `endpointUrl`), sent the same way; it answers what it stored.
   */
  url?: string;
}

/**
 * Uploads one file and answers what the server stored. Throws an `ApiError` (the server's code, or
 * the browser's own refusal), a `SilentError` for 401/403 (already dealt with), or an `AbortError`.
 */
export async function uploadFile<T = UploadedFile>(file: File, options: UploadOptions = {}): Promise<T> {
  const refused = refuseBeforeSending(file);
  if (refused) throw refused;
  const url = options.url ?? endpointUrl(endpoints.upload, undefined);
  const headers = await authHeaders(url);
  options.signal?.throwIfAborted();

  const body = new FormData();
  body.append('file', file, file.name);

  const answer = await new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(endpoints.upload.method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      options.signal?.removeEventListener('abort', abort);
      reject(new ApiError(0, 'NETWORK_ERROR', 'The server cannot be reached.'));
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });

  handleRefusal(answer.status);
  const payload = parseBody(answer.text);
  if (answer.status < 200 || answer.status >= 300) throw errorFromAnswer(answer.status, answer.statusText, payload);
  options.onProgress?.(100);
  return payload as T;
}

/** Removes a file the user uploaded and no document uses (`GET {apiBaseUrl}upload/removeFile`). */
export function removeUploadedFile(fileName: string): Promise<{ ok: true }> {
  return callEndpoint(endpoints.remove, { query: { fileName } });
}

/** "340 KB", "2.4 MB". */
export function formatFileSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${formatNumber(value, language, digits)} ${units[unit]}`;
}
