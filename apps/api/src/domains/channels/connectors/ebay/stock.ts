import { ConnectorError } from '../../../../platform/connectors/http.ts';
import { explained } from '../access-token.ts';
import type { StockLevel, StockPushResult } from '../types.ts';
import { type EbayApi, INVENTORY } from './client.ts';

/** bulkUpdatePriceQuantity takes 25 inventory items a call. */
export const EBAY_STOCK_BATCH = 25;

interface PriceQuantityResponse {
  sku?: string;
  offerId?: string;
  statusCode?: number;
  errors?: { errorId?: number; message?: string; longMessage?: string }[];
}

/**
 * Each SKU's ship-to-home quantity, and its offer's available quantity when the listing names the offer
 * (listing.externalRef). eBay answers per SKU and offer (207 when some failed): a SKU is done when all its answers are.
 */
export async function pushStock(api: EbayApi, levels: StockLevel[]): Promise<StockPushResult[]> {
  if (!levels.length) return [];
  if (levels.length > EBAY_STOCK_BATCH)
    throw new ConnectorError(`eBay takes ${EBAY_STOCK_BATCH} stock levels a call, not ${levels.length}.`, {
      retryable: false,
    });
  const quantity = (l: StockLevel) => Math.max(0, Math.trunc(l.quantity));
  const res = await api
    .call({
      operation: 'bulkUpdatePriceQuantity',
      method: 'POST',
      path: `${INVENTORY}/bulk_update_price_quantity`,
      json: {
        requests: levels.map((l) => ({
          sku: l.listing.sku,
          shipToLocationAvailability: { quantity: quantity(l) },
          ...(l.listing.externalRef
            ? { offers: [{ offerId: l.listing.externalRef, availableQuantity: quantity(l) }] }
            : {}),
        })),
      },
    })
    .catch((e: unknown) => {
      throw explained(e, 'eBay refused the stock update');
    });
  const answers = res.json<{ responses?: PriceQuantityResponse[] }>().responses ?? [];
  return levels.map((l) => {
    const mine = answers.filter((a) => a.sku === l.listing.sku);
    const failed = mine.filter((a) => (a.statusCode ?? 200) >= 300);
    if (!mine.length)
      return { sku: l.listing.sku, ok: false, error: 'eBay gave no answer for this SKU.', retryable: true };
    if (!failed.length) return { sku: l.listing.sku, ok: true, error: null, retryable: false };
    const words = failed.flatMap((a) =>
      (a.errors ?? []).map((e) => e.longMessage ?? e.message ?? `error ${e.errorId}`),
    );
    return {
      sku: l.listing.sku,
      ok: false,
      error: words.join(' ') || `eBay answered ${failed[0]?.statusCode}.`,
      retryable: failed.some((a) => (a.statusCode ?? 0) >= 500),
    };
  });
}
