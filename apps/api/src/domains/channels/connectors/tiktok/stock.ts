import { ConnectorError } from '../../../../platform/connectors/http.ts';
import type { StockLevel, StockPushResult } from '../types.ts';
import type { TiktokClient } from './client.ts';

/**
 * Stock is set per product (Update Inventory, MODELLED): one request carries the SKUs of one product, at most 100, at
 * the account's warehouse. TikTok refuses such a request whole, so a refusal fails that product's SKUs and the other
 * products go on. TikTok has no compare-and-set: the quantity last pushed is not used.
 */

export const STOCK_BATCH_SIZE = 100;

interface Item {
  index: number;
  sku: string;
  productId: string;
  skuId: string;
  quantity: number;
}

const result = (sku: string, error: string | null, retryable = false): StockPushResult => ({
  sku,
  ok: error === null,
  error,
  retryable,
});

export async function pushStock(
  client: TiktokClient,
  warehouseId: string | null,
  levels: StockLevel[],
): Promise<StockPushResult[]> {
  const results = new Map<number, StockPushResult>();
  const byProduct = new Map<string, Item[]>();
  levels.forEach((l, index) => {
    const { sku, externalId: productId, externalRef: skuId } = l.listing;
    if (!productId || !skuId) {
      results.set(index, result(sku, `${sku} has no TikTok product id and SKU id in its listing.`));
      return;
    }
    byProduct.set(productId, [
      ...(byProduct.get(productId) ?? []),
      { index, sku, productId, skuId, quantity: Math.max(0, l.quantity) },
    ]);
  });
  for (const [productId, items] of byProduct) {
    for (let from = 0; from < items.length; from += STOCK_BATCH_SIZE) {
      const batch = items.slice(from, from + STOCK_BATCH_SIZE);
      try {
        await client.call(
          'pushStock',
          'POST',
          `/product/202309/products/${encodeURIComponent(productId)}/inventory/update`,
          {
            body: {
              skus: batch.map((i) => ({
                id: i.skuId,
                inventory: [{ ...(warehouseId ? { warehouse_id: warehouseId } : {}), quantity: i.quantity }],
              })),
            },
          },
        );
        for (const i of batch) results.set(i.index, result(i.sku, null));
      } catch (e) {
        // The product was refused (200 with a code): its SKUs fail, the rest go on. A failed call is thrown.
        if (!(e instanceof ConnectorError) || e.status !== 200) throw e;
        for (const i of batch) results.set(i.index, result(i.sku, e.message, e.retryable));
      }
    }
  }
  return levels.map((l, index) => results.get(index) ?? result(l.listing.sku, 'not sent to TikTok Shop', true));
}
