import { randomUUID } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  accountKindOf,
  CHANNEL_ACCOUNT_TYPE_INFO,
  type ChannelAccount,
  ChannelAccountErrorCode,
  type ChannelAccountInput,
  type ChannelAccountListQuery,
  type ChannelAccountSettings,
  type ChannelAccountType,
  type ChannelEnvironment,
  type ConnectionTestResult,
  DEFAULT_POLL_MINUTES,
} from '@backoffice/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { ConnectorError } from '../../platform/connectors/http.ts';
import { AppError, conflict, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import { offsetOf, toPage } from '../../platform/pagination.ts';
import { inUse } from '../../platform/references.ts';
import type { Ctx } from '../../platform/routes.ts';
import { type SecretBox, SecretUnreadable } from '../../platform/secrets.ts';
import * as repo from './account.repository.ts';
import { callLog } from './call-log.ts';
import { connectorModule } from './connectors/registry.ts';
import type { ConnectorAccount, ConnectorContext } from './connectors/types.ts';

/**
 * Api Config's accounts. Credentials are sealed field by field (purpose `channel_account:<id>:<field>`, so a value
 * cannot be moved to another account or field), never answered, never audited (only which fields are set).
 */

type Db = Kysely<Database>;
type AccountValues = z.output<typeof ChannelAccountInput>;

const purpose = (id: string, field: string) => `channel_account:${id}:${field}`;

export function defaultSettings(type: ChannelAccountType): ChannelAccountSettings {
  return {
    warehouseIds: [],
    locations: [],
    carrierCodes: [],
    stockBuffer: { mode: 'NONE', value: 0 },
    pollMinutes: { ...DEFAULT_POLL_MINUTES },
    operations: [...CHANNEL_ACCOUNT_TYPE_INFO[type].operations],
    stockDelivery: 'API',
  };
}

export function settingsOf(row: repo.AccountRow): ChannelAccountSettings {
  const type = row.type as ChannelAccountType;
  const saved = (row.settings ?? {}) as Partial<ChannelAccountSettings>;
  const d = defaultSettings(type);
  return {
    warehouseIds: saved.warehouseIds ?? d.warehouseIds,
    locations: saved.locations ?? d.locations,
    carrierCodes: saved.carrierCodes ?? d.carrierCodes,
    stockBuffer: saved.stockBuffer ?? d.stockBuffer,
    pollMinutes: { ...d.pollMinutes, ...saved.pollMinutes },
    operations: saved.operations ?? d.operations,
    stockDelivery: saved.stockDelivery === 'FILE' ? 'FILE' : d.stockDelivery,
  };
}

/** The address calls go to: the override, else the connector's default for the environment. */
export function effectiveBaseUrl(row: Pick<repo.AccountRow, 'type' | 'base_url' | 'environment'>): string {
  if (row.base_url) return row.base_url;
  const m = connectorModule(row.type as ChannelAccountType);
  return m?.defaultBaseUrl[row.environment as ChannelEnvironment] ?? '';
}

export function toAccount(row: repo.AccountRow): ChannelAccount {
  const type = row.type as ChannelAccountType;
  const sealed = row.credentials ?? {};
  return {
    id: row.id,
    type,
    kind: accountKindOf(type),
    name: row.name,
    environment: row.environment as ChannelEnvironment,
    marketplace: row.marketplace,
    baseUrl: row.base_url,
    effectiveBaseUrl: effectiveBaseUrl(row),
    enabled: row.enabled,
    credentials: CHANNEL_ACCOUNT_TYPE_INFO[type].credentials.map((f) => ({
      name: f.name,
      secret: f.secret,
      set: typeof sealed[f.name] === 'string' && sealed[f.name] !== '',
    })),
    settings: settingsOf(row),
    lastTest:
      row.last_test_at && row.last_test_ok !== null
        ? { at: row.last_test_at.toISOString(), ok: row.last_test_ok, message: row.last_test_message ?? '' }
        : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the log keeps of an account: everything but credential values. */
function logged(a: ChannelAccount) {
  const { credentials, ...rest } = a;
  return { ...rest, credentialsSet: credentials.filter((c) => c.set).map((c) => c.name) };
}

export async function listAccounts(db: Db, q: ChannelAccountListQuery) {
  const [rows, count] = await Promise.all([
    repo.orderedAccounts(db, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    repo
      .filteredAccounts(db, q)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map(toAccount), count.n, q);
}

export async function findAccountRow(db: Db, id: string, forUpdate = false): Promise<repo.AccountRow> {
  const row = await repo.findAccount(db, id, forUpdate);
  if (!row) throw notFound('Channel account', id);
  return row;
}

export async function getAccount(db: Db, id: string): Promise<ChannelAccount> {
  return toAccount(await findAccountRow(db, id));
}

/** An administrator holds every permission of the catalogue (the Administrator role keeps them all). */
export function isAdministrator(user: AuthUser): boolean {
  return ALL_PERMISSIONS.every((p) => user.permissions.has(p));
}

const nameTaken = (name: string) =>
  conflict(ChannelAccountErrorCode.CHANNEL_ACCOUNT_NAME_TAKEN, `An account named "${name}" already exists.`, { name });

async function checkInput(ctx: Ctx, type: ChannelAccountType, input: AccountValues, before: repo.AccountRow | null) {
  const info = CHANNEL_ACCOUNT_TYPE_INFO[type];
  const fields = new Set(info.credentials.map((f) => f.name));
  const unknown = Object.keys(input.credentials).filter((k) => !fields.has(k));
  if (unknown.length)
    throw unprocessable(
      ChannelAccountErrorCode.CHANNEL_ACCOUNT_CREDENTIAL_UNKNOWN,
      `A ${type} account has no credential named ${unknown.join(', ')}; it has ${[...fields].join(', ')}.`,
      { unknown, fields: [...fields] },
    );
  const unsupported = (input.settings.operations ?? []).filter((o) => !info.operations.includes(o));
  if (unsupported.length)
    throw unprocessable(
      ChannelAccountErrorCode.CHANNEL_ACCOUNT_OPERATION_UNSUPPORTED,
      `A ${type} account cannot do ${unsupported.join(', ')}; it can do ${info.operations.join(', ')}.`,
      { unsupported, supported: info.operations },
    );
  if (input.baseUrl !== (before?.base_url ?? null) && input.baseUrl !== null && !isAdministrator(ctx.user))
    throw new AppError(
      403,
      ChannelAccountErrorCode.CHANNEL_ACCOUNT_BASE_URL_ADMIN_ONLY,
      "Only an administrator may point an account at another address than the provider's own.",
    );
  if (input.baseUrl && input.environment === 'PRODUCTION' && !input.baseUrl.startsWith('https://'))
    throw unprocessable(
      ChannelAccountErrorCode.CHANNEL_ACCOUNT_BASE_URL_NOT_HTTPS,
      'A production account only calls https:// addresses; use a sandbox account for a local test service.',
      { baseUrl: input.baseUrl },
    );
  const warehouseIds = input.settings.warehouseIds ?? [];
  if (warehouseIds.length) {
    const found = await ctx.db.selectFrom('warehouses').select('id').where('id', 'in', warehouseIds).execute();
    const known = new Set(found.map((w) => w.id));
    const missing = warehouseIds.filter((w) => !known.has(w));
    if (missing.length)
      throw unprocessable(
        ChannelAccountErrorCode.WAREHOUSE_NOT_FOUND,
        'A warehouse chosen for this account does not exist.',
        {
          warehouseIds: missing,
        },
      );
  }
  if (await repo.accountIdWithName(ctx.db, input.name, before?.id)) throw nameTaken(input.name);
}

/** The stored credentials with the input's applied: sealed; an empty text clears a field. */
function sealedCredentials(box: SecretBox, id: string, stored: Record<string, string>, input: Record<string, string>) {
  const out = { ...stored };
  for (const [field, value] of Object.entries(input)) {
    if (value === '') delete out[field];
    else out[field] = box.seal(value, purpose(id, field));
  }
  return out;
}

function columns(type: ChannelAccountType, input: AccountValues, settings: ChannelAccountSettings) {
  return {
    name: input.name,
    environment: input.environment,
    marketplace: input.marketplace ?? CHANNEL_ACCOUNT_TYPE_INFO[type].defaultMarketplace,
    base_url: input.baseUrl,
    enabled: input.enabled,
    settings,
  };
}

async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'channel_accounts_name_key') ? nameTaken(name) : e;
  }
}

export async function createAccount(ctx: Ctx, box: SecretBox, input: AccountValues): Promise<ChannelAccount> {
  await checkInput(ctx, input.type, input, null);
  const id = randomUUID();
  const settings = { ...defaultSettings(input.type), ...input.settings };
  await withUniqueName(input.name, () =>
    repo.insertAccount(
      ctx.db,
      id,
      {
        type: input.type,
        ...columns(input.type, input, settings),
        credentials: sealedCredentials(box, id, {}, input.credentials),
      },
      ctx.user.id,
    ),
  );
  const account = await getAccount(ctx.db, id);
  await ctx.audit({ action: 'create', entity: 'channel_account', entityId: id, after: logged(account) });
  return account;
}

export async function updateAccount(
  ctx: Ctx,
  box: SecretBox,
  id: string,
  input: AccountValues,
): Promise<ChannelAccount> {
  const row = await findAccountRow(ctx.db, id, true);
  const type = row.type as ChannelAccountType;
  if (input.type !== type)
    throw unprocessable(
      ChannelAccountErrorCode.CHANNEL_ACCOUNT_TYPE_FIXED,
      "An account's type cannot change; create another account.",
      {
        type,
      },
    );
  await checkInput(ctx, type, input, row);
  const before = toAccount(row);
  const settings = { ...before.settings, ...input.settings };
  await withUniqueName(input.name, () =>
    repo.updateAccount(
      ctx.db,
      id,
      {
        ...columns(type, input, settings),
        credentials: sealedCredentials(box, id, row.credentials ?? {}, input.credentials),
      },
      ctx.user.id,
    ),
  );
  const after = await getAccount(ctx.db, id);
  const changedCredentials = Object.keys(input.credentials);
  await ctx.audit({
    action: 'update',
    entity: 'channel_account',
    entityId: id,
    before: logged(before),
    after: { ...logged(after), ...(changedCredentials.length ? { credentialsChanged: changedCredentials } : {}) },
  });
  return after;
}

export async function deleteAccount(ctx: Ctx, id: string) {
  const row = await findAccountRow(ctx.db, id, true);
  const holders = await repo.accountHolders(ctx.db, id);
  // Invoices pulled from it keep pointing at it: it is disabled instead.
  if (holders.invoices > 0) throw inUse(`"${row.name}"`, [{ entity: 'sales_invoice', count: holders.invoices }]);
  await repo.deleteAccount(ctx.db, id);
  await ctx.audit({ action: 'delete', entity: 'channel_account', entityId: id, before: logged(toAccount(row)) });
  return { ok: true as const };
}

/** The account with its credentials opened, as a connector takes it. */
export function openAccount(box: SecretBox, row: repo.AccountRow): ConnectorAccount {
  const credentials: Record<string, string> = {};
  for (const [field, sealed] of Object.entries(row.credentials ?? {})) {
    try {
      credentials[field] = box.open(sealed, purpose(row.id, field));
    } catch (e) {
      if (!(e instanceof SecretUnreadable)) throw e;
      throw unprocessable(
        ChannelAccountErrorCode.CHANNEL_ACCOUNT_CREDENTIALS_UNREADABLE,
        `The saved credentials of "${row.name}" cannot be read with this server's key (SECRETS_KEY or the data folder's key changed): enter them again.`,
        { field },
      );
    }
  }
  const missing = CHANNEL_ACCOUNT_TYPE_INFO[row.type as ChannelAccountType].credentials
    .filter((f) => !credentials[f.name])
    .map((f) => f.name);
  if (missing.length)
    throw unprocessable(
      ChannelAccountErrorCode.CHANNEL_ACCOUNT_CREDENTIALS_MISSING,
      `"${row.name}" lacks ${missing.join(', ')}: enter ${missing.length > 1 ? 'them' : 'it'} in Api Config.`,
      { missing },
    );
  return {
    id: row.id,
    type: row.type as ChannelAccountType,
    name: row.name,
    environment: row.environment as ChannelEnvironment,
    baseUrl: effectiveBaseUrl(row),
    marketplace: row.marketplace,
    credentials,
    locations: settingsOf(row).locations,
  };
}

/** A connector of an account: its module's, given the call log. */
export function connectorContext(account: ConnectorAccount, sink: ConnectorContext['sink'], signal?: AbortSignal) {
  return { account, sink, signal } satisfies ConnectorContext;
}

export async function testAccount(ctx: Ctx, box: SecretBox, id: string): Promise<ConnectionTestResult> {
  const row = await findAccountRow(ctx.db, id, true);
  const started = Date.now();
  const log = callLog(row.id);
  let ok = false;
  let message: string;
  try {
    const module = connectorModule(row.type as ChannelAccountType);
    if (!module)
      throw new ConnectorError(`No connector for ${row.type} is installed in this server.`, { retryable: false });
    // One try within 10 s: a person waits for the answer (a dead address is said so, not retried for minutes).
    const connector = module.create({
      ...connectorContext(openAccount(box, row), log.sink),
      http: { maxRetries: 0, timeoutMs: 10_000, maxWaitMs: 5_000 },
    });
    message = await connector.testConnection();
    ok = true;
  } catch (e) {
    if (e instanceof AppError) message = e.message;
    else if (e instanceof ConnectorError) message = e.message;
    else throw e;
  }
  await repo.recordTest(ctx.db, id, ok, message);
  await log.flush(ctx.db, ctx.user);
  await ctx.audit({ action: 'test_connection', entity: 'channel_account', entityId: id, after: { ok, message } });
  return { ok, message, at: new Date(started).toISOString(), durationMs: Date.now() - started };
}
