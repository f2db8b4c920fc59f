import type { StockLevel, StockPushResult } from '../types.ts';
import type { ShopifyClient } from './client.ts';
import { AVAILABLE, type AvailableData, SET_QUANTITIES, type SetQuantitiesData, type UserError } from './queries.ts';

/**
 * Stock is set with `inventorySetQuantities` ("available", reason "correction"). When the quantity last pushed is
 * known it is compare-and-set (`compareQuantity`), so a sale Shopify made since is not overwritten blindly; 2025-01
 * has `compareQuantity` and `ignoreCompareQuantity` and no idempotency key (from 2026-04 the field is
 * `changeFromQuantity` and a key is required). A call is all or nothing: when some quantities are refused, the
 * others are sent again without them.
 */

/** Shopify's documented maximum of quantities in one call. */
export const STOCK_BATCH_SIZE = 250;

interface Item {
  index: number;
  sku: string;
  inventoryItemId: string;
  locationId: string;
  quantity: number;
  compare: number | null;
}

const ok = (sku: string): StockPushResult => ({ sku, ok: true, error: null, retryable: false });
const failed = (sku: string, error: string, retryable: boolean): StockPushResult => ({
  sku,
  ok: false,
  error,
  retryable,
});

/** The position in the call's quantities a user error points at (["input", "quantities", "3", "quantity"]). */
function quantityIndex(e: UserError): number | null {
  const f = e.field ?? [];
  if (f[1] !== 'quantities' || f[2] === undefined || !/^\d+$/.test(f[2])) return null;
  return Number(f[2]);
}

async function availableNow(client: ShopifyClient, items: Item[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const locationId of new Set(items.map((i) => i.locationId))) {
    const ids = items.filter((i) => i.locationId === locationId).map((i) => i.inventoryItemId);
    const data = await client.request<AvailableData>('readStock', AVAILABLE, { ids, location: locationId });
    for (const n of data.nodes) {
      const q = n?.inventoryLevel?.quantities[0]?.quantity;
      if (n?.id && q !== undefined) found.set(`${n.id}|${locationId}`, q);
    }
  }
  return found;
}

/**
 * A stale compare: when Shopify already holds the quantity asked for (an earlier try whose answer was lost), it is
 * done; otherwise it failed and may be tried again once the caller has read the quantity again.
 */
async function settleStale(client: ShopifyClient, stale: Item[], results: Map<number, StockPushResult>) {
  const now = await availableNow(client, stale);
  for (const i of stale) {
    const held = now.get(`${i.inventoryItemId}|${i.locationId}`);
    if (held === i.quantity) results.set(i.index, ok(i.sku));
    else
      results.set(
        i.index,
        failed(
          i.sku,
          `Shopify holds ${held ?? 'an unknown quantity'} available for ${i.sku}, not the ${i.compare} last pushed: it changed there since; read it again before setting it.`,
          true,
        ),
      );
  }
}

async function setGroup(client: ShopifyClient, group: Item[], results: Map<number, StockPushResult>): Promise<void> {
  let pending = group;
  const compare = group[0]?.compare !== null;
  while (pending.length) {
    const data = await client.request<SetQuantitiesData>('pushStock', SET_QUANTITIES, {
      input: {
        name: 'available',
        reason: 'correction',
        ignoreCompareQuantity: !compare,
        quantities: pending.map((i) => ({
          inventoryItemId: i.inventoryItemId,
          locationId: i.locationId,
          quantity: i.quantity,
          ...(compare ? { compareQuantity: i.compare } : {}),
        })),
      },
    });
    const errors = data.inventorySetQuantities?.userErrors ?? [];
    if (errors.length === 0) {
      for (const i of pending) results.set(i.index, ok(i.sku));
      return;
    }
    const byIndex = new Map<number, UserError>();
    for (const e of errors) {
      const at = quantityIndex(e);
      if (at !== null && pending[at]) byIndex.set(at, e);
    }
    if (byIndex.size === 0) {
      const words = `Shopify refused the stock update: ${errors.map((e) => e.message).join('; ')}`;
      for (const i of pending) results.set(i.index, failed(i.sku, words, false));
      return;
    }
    const stale: Item[] = [];
    for (const [at, e] of byIndex) {
      const i = pending[at]!;
      if (e.code === 'COMPARE_QUANTITY_STALE') stale.push(i);
      else results.set(i.index, failed(i.sku, `Shopify refused the quantity of ${i.sku}: ${e.message}`, false));
    }
    if (stale.length) await settleStale(client, stale, results);
    pending = pending.filter((_, at) => !byIndex.has(at));
  }
}

export async function pushStock(
  client: ShopifyClient,
  defaultLocation: string | null,
  levels: StockLevel[],
): Promise<StockPushResult[]> {
  const results = new Map<number, StockPushResult>();
  const items: Item[] = [];
  levels.forEach((l, index) => {
    const sku = l.listing.sku;
    const locationId = l.listing.externalRef ?? defaultLocation;
    if (!l.listing.externalId) {
      results.set(index, failed(sku, `${sku} has no Shopify inventory item id in its listing.`, false));
    } else if (!locationId) {
      results.set(index, failed(sku, `No Shopify location for ${sku}: set the account's location.`, false));
    } else {
      // A negative stock figure shows as none for sale.
      const quantity = Math.max(0, l.quantity);
      items.push({
        index,
        sku,
        inventoryItemId: l.listing.externalId,
        locationId,
        quantity,
        compare: l.previousQuantity,
      });
    }
  });
  for (let from = 0; from < items.length; from += STOCK_BATCH_SIZE) {
    const batch = items.slice(from, from + STOCK_BATCH_SIZE);
    for (const group of [batch.filter((i) => i.compare !== null), batch.filter((i) => i.compare === null)]) {
      if (group.length) await setGroup(client, group, results);
    }
  }
  return levels.map(
    (l, index) => results.get(index) ?? failed(l.listing.sku, `${l.listing.sku} was not sent to Shopify.`, true),
  );
}
