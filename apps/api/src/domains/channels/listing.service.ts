import {
  accountKindOf,
  type ChannelAccountType,
  type ChannelListing,
  ChannelListingErrorCode,
  type ChannelListingInput,
  type ChannelListingListQuery,
  type UnmappedSku,
  type UnmappedSkuListQuery,
} from '@backoffice/contracts';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { type AppError, conflict, isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import type { JobRunner } from '../../platform/jobs/index.ts';
import { likePattern, offsetOf, parseSort, toPage } from '../../platform/pagination.ts';
import type { Ctx } from '../../platform/routes.ts';
import { findAccountRow } from './account.service.ts';
import { ensurePush, queueStock } from './stock-out.ts';

/** Api Config → Listings: the product of each channel SKU per account, and what a channel sold unmapped. */

type Db = Kysely<Database>;
type ListingValues = z.output<typeof ChannelListingInput>;

function listingsQuery(db: Db) {
  return db
    .selectFrom('channel_listings as l')
    .innerJoin('channel_accounts as a', 'a.id', 'l.account_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.sku',
      'l.external_id',
      'l.external_ref',
      'l.pushed_quantity',
      'l.pushed_at',
      'l.updated_at',
      'a.id as account_id',
      'a.name as account_name',
      'a.type as account_type',
      'p.id as product_id',
      'p.sku as product_sku',
      'p.name as product_name',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof listingsQuery>['executeTakeFirstOrThrow']>>;

function toListing(r: Row): ChannelListing {
  return {
    id: r.id,
    account: { id: r.account_id, name: r.account_name, type: r.account_type as ChannelAccountType },
    product: { id: r.product_id, sku: r.product_sku, name: r.product_name },
    sku: r.sku,
    externalId: r.external_id,
    externalRef: r.external_ref,
    pushedQuantity: r.pushed_quantity,
    pushedAt: r.pushed_at ? new Date(r.pushed_at).toISOString() : null,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listListings(db: Db, q: ChannelListingListQuery) {
  let base = listingsQuery(db);
  if (q.accountId) base = base.where('l.account_id', '=', q.accountId);
  if (q.productId) base = base.where('l.product_id', '=', q.productId);
  if (q.q) {
    const pattern = likePattern(q.q);
    base = base.where((eb) =>
      eb.or([eb('l.sku', 'ilike', pattern), eb('p.sku', 'ilike', pattern), eb('p.name', 'ilike', pattern)]),
    );
  }
  const listingSort = parseSort(
    q.sort,
    { sku: 'l.sku', updatedAt: 'l.updated_at' },
    { column: 'l.sku', direction: 'asc' },
  );
  const [rows, count] = await Promise.all([
    base
      .orderBy(sql.ref(listingSort.column), listingSort.direction)
      .orderBy(sql`lower(a.name)`)
      .orderBy('l.sku')
      .orderBy('l.id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map(toListing), count.n, q);
}

async function getListing(db: Db, id: string) {
  const r = await listingsQuery(db).where('l.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Listing', id);
  return toListing(r);
}

const skuTaken = (sku: string) =>
  conflict(ChannelListingErrorCode.CHANNEL_LISTING_SKU_TAKEN, `The SKU "${sku}" is already listed on this account.`, {
    sku,
  });

/** Why products cannot be listed on this account (a carrier's), or null when they can. */
export function listingAccountRefusal(account: { name: string; type: string }): AppError | null {
  return accountKindOf(account.type as ChannelAccountType) === 'CHANNEL'
    ? null
    : unprocessable(
        ChannelListingErrorCode.CHANNEL_LISTING_ACCOUNT_NOT_CHANNEL,
        `${account.name} is a carrier: products are listed on sales channels only.`,
      );
}

async function checked(ctx: Ctx, input: ListingValues) {
  const account = await findAccountRow(ctx.db, input.accountId);
  const refusal = listingAccountRefusal(account);
  if (refusal) throw refusal;
  const product = await ctx.db
    .selectFrom('products')
    .select(['id', 'active'])
    .where('id', '=', input.productId)
    .executeTakeFirst();
  if (!product)
    throw unprocessable(ChannelListingErrorCode.PRODUCT_NOT_FOUND, 'The product does not exist.', {
      field: 'productId',
    });
  return account;
}

async function writeUnique<T>(sku: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (e) {
    throw isUniqueViolation(e, 'channel_listings_sku_key') ? skuTaken(sku) : e;
  }
}

/**
 * After a listing changes: its stock level queued (the channel learns it), the SKU no longer unmapped. `runner`
 * queues the push: the server's (a request's), or the one an import's job was given.
 */
async function afterChange(ctx: Ctx, runner: JobRunner, accountId: string, productId: string, sku: string) {
  const account = await findAccountRow(ctx.db, accountId);
  await ctx.db.deleteFrom('channel_unmapped_skus').where('account_id', '=', accountId).where('sku', '=', sku).execute();
  if (account.enabled && (await queueStock(ctx.db, account, [productId], true)) > 0)
    await ensurePush(ctx.db, runner, accountId);
}

export async function createListing(ctx: Ctx, input: ListingValues, runner: JobRunner = ctx.request.server.jobs) {
  await checked(ctx, input);
  const exists = await ctx.db
    .selectFrom('channel_listings')
    .select('id')
    .where('account_id', '=', input.accountId)
    .where('sku', '=', input.sku)
    .executeTakeFirst();
  if (exists) throw skuTaken(input.sku);
  const row = await writeUnique(input.sku, () =>
    ctx.db
      .insertInto('channel_listings')
      .values({
        account_id: input.accountId,
        product_id: input.productId,
        sku: input.sku,
        external_id: input.externalId,
        external_ref: input.externalRef,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const listing = await getListing(ctx.db, row.id);
  await ctx.audit({ action: 'create', entity: 'channel_listing', entityId: row.id, after: listing });
  await afterChange(ctx, runner, input.accountId, input.productId, input.sku);
  return listing;
}

export async function updateListing(
  ctx: Ctx,
  id: string,
  input: ListingValues,
  runner: JobRunner = ctx.request.server.jobs,
) {
  const before = await getListing(ctx.db, id);
  if (before.account.id !== input.accountId)
    throw unprocessable(
      'CHANNEL_LISTING_ACCOUNT_FIXED',
      "A listing's account cannot change; list it on the other account.",
    );
  await checked(ctx, input);
  await writeUnique(input.sku, () =>
    ctx.db
      .updateTable('channel_listings')
      .set({
        product_id: input.productId,
        sku: input.sku,
        external_id: input.externalId,
        external_ref: input.externalRef,
        // Another product or SKU: what the channel holds for it is not known.
        ...(before.product.id !== input.productId || before.sku !== input.sku
          ? { pushed_quantity: null, pushed_at: null }
          : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute(),
  );
  const after = await getListing(ctx.db, id);
  await ctx.audit({ action: 'update', entity: 'channel_listing', entityId: id, before, after });
  await afterChange(ctx, runner, input.accountId, input.productId, input.sku);
  return after;
}

/**
 * The listing of the account with this channel SKU made (none yet) or changed (another product or other ids)
 * through the same checks and writes as the screen's; one that already says all this is left as it is (no write,
 * no audit row), so a file uploaded twice changes nothing the second time.
 */
export async function upsertListing(
  ctx: Ctx,
  input: ListingValues,
  runner: JobRunner,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await ctx.db
    .selectFrom('channel_listings')
    .select(['id', 'product_id', 'external_id', 'external_ref'])
    .where('account_id', '=', input.accountId)
    .where('sku', '=', input.sku)
    .forUpdate()
    .executeTakeFirst();
  if (!existing) {
    await createListing(ctx, input, runner);
    return 'created';
  }
  if (
    existing.product_id === input.productId &&
    existing.external_id === input.externalId &&
    existing.external_ref === input.externalRef
  )
    return 'unchanged';
  await updateListing(ctx, existing.id, input, runner);
  return 'updated';
}

export async function deleteListing(ctx: Ctx, id: string) {
  const before = await getListing(ctx.db, id);
  await ctx.db.deleteFrom('channel_listings').where('id', '=', id).execute();
  await ctx.audit({ action: 'delete', entity: 'channel_listing', entityId: id, before });
  return { ok: true as const };
}

export async function listUnmapped(db: Db, q: UnmappedSkuListQuery) {
  let base = db.selectFrom('channel_unmapped_skus as u').innerJoin('channel_accounts as a', 'a.id', 'u.account_id');
  if (q.accountId) base = base.where('u.account_id', '=', q.accountId);
  if (q.q)
    base = base.where((eb) =>
      eb.or([eb('u.sku', 'ilike', likePattern(q.q as string)), eb('u.title', 'ilike', likePattern(q.q as string))]),
    );
  const unmappedSort = parseSort(
    q.sort,
    { sku: 'u.sku', lastSeenAt: 'u.last_seen_at', orders: 'u.orders' },
    { column: 'u.last_seen_at', direction: 'desc' },
  );
  const [rows, count] = await Promise.all([
    base
      .select(['u.sku', 'u.title', 'u.orders', 'u.first_seen_at', 'u.last_seen_at', 'a.id', 'a.name', 'a.type'])
      .orderBy(sql.ref(unmappedSort.column), unmappedSort.direction)
      .orderBy('u.sku')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const items: UnmappedSku[] = rows.map((r) => ({
    account: { id: r.id, name: r.name, type: r.type as ChannelAccountType },
    sku: r.sku,
    title: r.title,
    orders: r.orders,
    firstSeenAt: new Date(r.first_seen_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
  }));
  return toPage(items, count.n, q);
}
