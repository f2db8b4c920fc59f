import type { ColumnType, Generated } from 'kysely';

/** Column types as PostgreSQL hands them over: numeric and bigint as strings, dates as YYYY-MM-DD. */
/** Insert may omit it when the column has a default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined | null, string | null>;

export interface PermissionsTable {
  name: string;
  area: string;
  sort_order: number;
}
export interface RolesTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  is_system: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface RolePermissionsTable {
  role_id: string;
  permission: string;
}
export interface UsersTable {
  id: Generated<string>;
  username: string;
  name: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  password_hash: string | null;
  external_subject: string | null;
  is_active: Generated<boolean>;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface UserRolesTable {
  user_id: string;
  role_id: string;
}
export interface SystemLogsTable {
  id: Generated<string>;
  at: Timestamp;
  user_id: string | null;
  username: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  request_id: string | null;
}
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status_code: number;
  response: Json;
  created_at: Timestamp;
}
export interface AppSecretsTable {
  name: string;
  value: Json;
  created_at: Timestamp;
}
export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: Json;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}
export interface UploadedFilesTable {
  id: string;
  file_name: string;
  original_name: string;
  content_type: string;
  kind: string;
  size: number;
  sha256: string;
  content: Buffer;
  uploaded_by: string;
  uploaded_at: Timestamp;
  attached_entity: string | null;
  attached_id: string | null;
}
/** Master data with a code, a name and an active flag: brands, cost_centers. */
export interface CodedMasterDataTable {
  id: Generated<string>;
  /** Upper-case, unique. */
  code: string;
  name: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type BrandsTable = CodedMasterDataTable;
export type CostCentersTable = CodedMasterDataTable;
export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

export interface Database {
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  system_logs: SystemLogsTable;
  idempotency_keys: IdempotencyKeysTable;
  app_secrets: AppSecretsTable;
  oidc_payloads: OidcPayloadsTable;
  uploaded_files: UploadedFilesTable;
  brands: BrandsTable;
  cost_centers: CostCentersTable;
  schema_migrations: SchemaMigrationsTable;
}
