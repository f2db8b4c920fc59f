import type {
  EndpointQuery,
  ExcelMappingInput,
  excelMappingsApi,
  ImportFilePreview,
  ImportKind,
  importsApi,
} from '@backoffice/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointRef, resolveApiPath } from '../../shared/lib/api.ts';
import { ApiError } from '../../shared/lib/errors.ts';
import { authHeaders, download, errorFromAnswer, handleRefusal, parseBody, withQuery } from '../../shared/lib/http.ts';
import { UPLOAD_MAX_BYTES } from '../../shared/lib/upload.ts';

const endpoints = {
  list: endpointRef<typeof excelMappingsApi.listExcelMappings>('GET', '/api/excel-mappings'),
  export: endpointRef<typeof excelMappingsApi.exportExcelMappings>('GET', '/api/excel-mappings/export'),
  create: endpointRef<typeof excelMappingsApi.createExcelMapping>('POST', '/api/excel-mappings'),
  update: endpointRef<typeof excelMappingsApi.updateExcelMapping>('PUT', '/api/excel-mappings/:id'),
  remove: endpointRef<typeof excelMappingsApi.deleteExcelMapping>('DELETE', '/api/excel-mappings/:id'),
  importFile: endpointRef<typeof importsApi.uploadImportFile>('POST', '/api/import-files'),
};

export type ExcelMappingListQuery = EndpointQuery<typeof excelMappingsApi.listExcelMappings>;
export type ExcelMappingFilter = EndpointQuery<typeof excelMappingsApi.exportExcelMappings>;

export const excelMappingKeys = {
  all: ['excel-mappings'] as const,
  list: (query: ExcelMappingListQuery) => ['excel-mappings', 'list', query] as const,
};

export function useExcelMappings(query: ExcelMappingListQuery) {
  return useQuery({
    queryKey: excelMappingKeys.list(query),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function exportExcelMappings(filter: ExcelMappingFilter, fileName: string) {
  return download(resolveApiPath(endpoints.export.path), filter, fileName);
}

/** Saves a new mapping; the Idempotency-Key makes a retried submission save it once. */
export function useCreateExcelMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ExcelMappingInput; idempotencyKey: string }) =>
      callEndpoint(endpoints.create, { body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: excelMappingKeys.all }),
  });
}

export function useUpdateExcelMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ExcelMappingInput }) =>
      callEndpoint(endpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: excelMappingKeys.all }),
  });
}

export function useDeleteExcelMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(endpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: excelMappingKeys.all }),
  });
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
  const url = withQuery(resolveApiPath(endpoints.importFile.path), { kind });
  const headers = await authHeaders(url);
  options.signal?.throwIfAborted();
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    xhr.open('POST', url);
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
