import type {
  EndpointQuery,
  ExcelMappingInput,
  excelMappingsApi,
  ImportFilePreview,
  ImportKind,
} from '@backoffice/contracts';
import { excelMappingsEndpoints as api } from '../../shared/api/endpoints/excel-mappings.gen.ts';
import { importsEndpoints } from '../../shared/api/endpoints/imports.gen.ts';
import { downloadEndpoint, useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { endpointUrl } from '../../shared/lib/api.ts';
import { ApiError } from '../../shared/lib/errors.ts';
import { authHeaders, errorFromAnswer, handleRefusal, parseBody, withQuery } from '../../shared/lib/http.ts';
import { UPLOAD_MAX_BYTES } from '../../shared/lib/upload.ts';

export type ExcelMappingListQuery = EndpointQuery<typeof excelMappingsApi.listExcelMappings>;
export type ExcelMappingFilter = EndpointQuery<typeof excelMappingsApi.exportExcelMappings>;

export function useExcelMappings(query: ExcelMappingListQuery) {
  return useEndpointQuery(api.listExcelMappings, { query }, { keepPreviousData: true });
}

export function exportExcelMappings(filter: ExcelMappingFilter, fileName: string) {
  return downloadEndpoint(api.exportExcelMappings, { query: filter }, fileName);
}

/** Saves a new mapping; the Idempotency-Key makes a retried submission save it once. */
export function useCreateExcelMapping() {
  return useEndpointMutation(api.createExcelMapping);
}

export function useUpdateExcelMapping() {
  return useEndpointMutation(api.updateExcelMapping, {
    input: ({ id, body }: { id: string; body: ExcelMappingInput }) => ({ params: { id }, body }),
  });
}

export function useDeleteExcelMapping() {
  return useEndpointMutation(api.deleteExcelMapping, { input: (id: string) => ({ params: { id } }) });
}

/** What is refused before sending: not an .xlsx by its name, empty, or over 10 MB. */
export function refuseSpreadsheet(file: File): ApiError | null {
  if (!file.name.toLowerCase().endsWith('.xlsx'))
    return new ApiError(415, 'NOT_A_SPREADSHEET', 'This file is not an Excel workbook (.xlsx).');
  if (file.size === 0) return new ApiError(400, 'FILE_MISSING', 'The file is empty.');
  if (file.size > UPLOAD_MAX_BYTES)
    return new ApiError(413, 'FILE_TOO_LARGE', 'The file is larger than 10 MB.', { maxBytes: UPLOAD_MAX_BYTES });
  return null;
}

/**
 * Sends an .xlsx for an import of `kind` and answers its headers, first rows, a proposed mapping and
 * the saved ones; XMLHttpRequest for the upload's progress, under the same rules as every call.
 */
export async function uploadImportFile(
  kind: ImportKind,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<ImportFilePreview> {
  const refused = refuseSpreadsheet(file);
  if (refused) throw refused;
  const url = withQuery(endpointUrl(importsEndpoints.uploadImportFile, undefined), { kind });
  const headers = await authHeaders(url);
  options.signal?.throwIfAborted();
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open(importsEndpoints.uploadImportFile.method, url);
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
  return payload as ImportFilePreview;
}
