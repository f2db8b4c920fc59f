import type { ChannelAccountListQuery } from '@backoffice/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChannelAccountsTable, Database } from '../../db/schema.ts';
import { likePattern, parseSort } from '../../platform/pagination.ts';

/** SQL of Api Config's accounts. */

export type AccountRow = Selectable<ChannelAccountsTable>;
type Db = Kysely<Database>;

const SORTS = { name: 'name', type: 'type', updatedAt: 'updated_at' } as const;
const CHANNEL_TYPES = ['AMAZON', 'EBAY', 'SHOPIFY', 'TIKTOK'];

export function filteredAccounts(db: Db, f: ChannelAccountListQuery) {
  let q = db.selectFrom('channel_accounts as a');
  const text = f.search ?? f.q;
  if (text) {
    const pattern = likePattern(text);
    q = q.where((eb) => eb.or([eb('a.name', 'ilike', pattern), eb('a.marketplace', 'ilike', pattern)]));
  }
  if (f.type) q = q.where('a.type', '=', f.type);
  if (f.kind) q = q.where('a.type', f.kind === 'CHANNEL' ? 'in' : 'not in', CHANNEL_TYPES);
  if (f.enabled) q = q.where('a.enabled', '=', f.enabled === 'true');
  return q;
}

export function orderedAccounts(db: Db, f: ChannelAccountListQuery) {
  const sort = parseSort(f.sort, SORTS, { column: 'name', direction: 'asc' });
  return filteredAccounts(db, f)
    .selectAll('a')
    .orderBy(sort.column === 'name' ? sql`lower(a.name)` : sql.ref(`a.${sort.column}`), sort.direction)
    .orderBy('a.id');
}

export function findAccount(db: Db, id: string, forUpdate = false) {
  const q = db.selectFrom('channel_accounts').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

export function enabledAccounts(db: Db, types?: readonly string[]) {
  let q = db.selectFrom('channel_accounts').selectAll().where('enabled', '=', true);
  if (types) q = q.where('type', 'in', [...types]);
  return q.orderBy('created_at').orderBy('id').execute();
}

export function accountIdWithName(db: Db, name: string, exceptId?: string) {
  let q = db.selectFrom('channel_accounts').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export interface AccountColumns {
  type: string;
  name: string;
  environment: string;
  marketplace: string | null;
  base_url: string | null;
  enabled: boolean;
  credentials: Record<string, string>;
  settings: unknown;
}

export async function insertAccount(db: Db, id: string, c: AccountColumns, userId: string) {
  return db
    .insertInto('channel_accounts')
    .values({
      id,
      ...c,
      credentials: JSON.stringify(c.credentials),
      settings: JSON.stringify(c.settings),
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateAccount(db: Db, id: string, c: Omit<AccountColumns, 'type'>, userId: string) {
  await db
    .updateTable('channel_accounts')
    .set({
      ...c,
      credentials: JSON.stringify(c.credentials),
      settings: JSON.stringify(c.settings),
      updated_by: userId,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function recordTest(db: Db, id: string, ok: boolean, message: string) {
  await db
    .updateTable('channel_accounts')
    .set({ last_test_at: sql`now()`, last_test_ok: ok, last_test_message: message })
    .where('id', '=', id)
    .execute();
}

export async function deleteAccount(db: Db, id: string) {
  await db.deleteFrom('channel_accounts').where('id', '=', id).execute();
}

/** What holds an account: invoices pulled from it and messages about documents. */
export async function accountHolders(db: Db, id: string) {
  const r = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('sales_invoices')
        .select(sql<string>`count(*)`.as('n'))
        .where('channel_account_id', '=', id)
        .as('invoices'),
    ])
    .executeTakeFirstOrThrow();
  return { invoices: Number(r.invoices ?? 0) };
}
