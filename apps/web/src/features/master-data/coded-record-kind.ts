import type { MasterDataFilter, Page, PermissionName } from '@backoffice/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';

/** A master-data record that is only a code, a name and an active flag (brands, cost centres). */
export interface CodedRecord {
  id: string;
  code: string;
  name: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** As the contracts take it (`z.input`): active defaults to true on the server. */
export interface CodedInput {
  code: string;
  name: string;
  active?: boolean;
}

export type CodedListQuery = Partial<MasterDataFilter> & { page: number; pageSize: number };

/**
 * What differs between two coded-record areas: their texts (a group of the masterData namespace),
 * permissions, test ids, the server's "code taken" error and the area's own query hooks (api.ts).
 */
export interface CodedRecordKind {
  texts: 'brands' | 'costCenters';
  permissions: { add: PermissionName; edit: PermissionName; delete: PermissionName };
  testIds: { table: string; create: string };
  formId: string;
  codeTakenCode: string;
  useList(query: CodedListQuery): UseQueryResult<Page<CodedRecord>>;
  useCreate(): UseMutationResult<CodedRecord, Error, { body: CodedInput; idempotencyKey: string }>;
  useUpdate(): UseMutationResult<CodedRecord, Error, { id: string; body: CodedInput }>;
  useDelete(): UseMutationResult<{ ok: true }, Error, string>;
  exportFile(filter: Partial<MasterDataFilter>, fileName: string): Promise<void>;
}
