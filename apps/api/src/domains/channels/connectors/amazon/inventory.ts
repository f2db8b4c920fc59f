import { explained } from '../access-token.ts';
import type { FbaInventoryRow, Page } from '../types.ts';
import type { AmazonApi } from './client.ts';

/** FBA Inventory v1, as far as the connector reads it. */
interface InventorySummary {
  asin?: string;
  fnSku?: string;
  sellerSku?: string;
  productName?: string;
  lastUpdatedTime?: string;
  inventoryDetails?: {
    fulfillableQuantity?: number;
    inboundWorkingQuantity?: number;
    inboundShippedQuantity?: number;
    inboundReceivingQuantity?: number;
    reservedQuantity?: { totalReservedQuantity?: number };
    unfulfillableQuantity?: { totalUnfulfillableQuantity?: number };
  };
}

function row(s: InventorySummary): FbaInventoryRow {
  const d = s.inventoryDetails ?? {};
  return {
    sku: s.sellerSku ?? '',
    asin: s.asin ?? null,
    fnsku: s.fnSku ?? null,
    productName: s.productName ?? null,
    fulfillable: d.fulfillableQuantity ?? 0,
    inbound: (d.inboundWorkingQuantity ?? 0) + (d.inboundShippedQuantity ?? 0) + (d.inboundReceivingQuantity ?? 0),
    reserved: d.reservedQuantity?.totalReservedQuantity ?? 0,
    unfulfillable: d.unfulfillableQuantity?.totalUnfulfillableQuantity ?? 0,
    // Amazon writes an empty time for rows it has not counted yet.
    updatedAt: s.lastUpdatedTime ? new Date(s.lastUpdatedTime).toISOString() : null,
  };
}

export async function fbaInventory(api: AmazonApi, q: { next: string | null }): Promise<Page<FbaInventoryRow>> {
  const res = await api
    .call({
      operation: 'getInventorySummaries',
      method: 'GET',
      path: '/fba/inventory/v1/summaries',
      query: {
        details: true,
        granularityType: 'Marketplace',
        granularityId: api.marketplaceId,
        marketplaceIds: [api.marketplaceId],
        nextToken: q.next,
      },
    })
    .catch((e: unknown) => {
      throw explained(e, 'Amazon did not give the FBA inventory');
    });
  const body = res.json<{
    payload?: { inventorySummaries?: InventorySummary[] };
    pagination?: { nextToken?: string };
  }>();
  return {
    items: (body.payload?.inventorySummaries ?? []).filter((s) => s.sellerSku).map(row),
    next: body.pagination?.nextToken ?? null,
  };
}
