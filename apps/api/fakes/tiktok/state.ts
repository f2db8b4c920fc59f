import { sumText, withPlaces } from '@backoffice/contracts';
import type { FakeOrderSeed } from '../kit/types.ts';

/**
 * The fake TikTok shop's world, MODELLED on the 202309 shapes: an order's line items are single units (two of a
 * SKU are two line items), packages group shipped units under one tracking number, stock is per SKU and warehouse.
 */

export type TtStatus =
  | 'UNPAID'
  | 'ON_HOLD'
  | 'AWAITING_SHIPMENT'
  | 'PARTIALLY_SHIPPING'
  | 'AWAITING_COLLECTION'
  | 'IN_TRANSIT'
  | 'DELIVERED'
  | 'COMPLETED'
  | 'CANCELLED';

export interface TtUnit {
  id: string;
  productId: string;
  skuId: string;
  sellerSku: string;
  productName: string;
  salePrice: string;
  packageId: string | null;
  cancelled: boolean;
}

export interface TtPackage {
  id: string;
  trackingNumber: string;
  providerId: string;
  unitIds: string[];
}

export interface TtOrder {
  id: string;
  status: TtStatus;
  createTime: number;
  updateTime: number;
  buyerEmail: string;
  currency: string;
  shippingFee: string;
  shipTo: FakeOrderSeed['shipTo'] & { phone: string };
  units: TtUnit[];
  packages: TtPackage[];
}

export interface TtSku {
  id: string;
  productId: string;
  sellerSku: string;
  title: string;
  /** Per warehouse id. */
  stock: Map<string, number>;
}

export interface TiktokState {
  appKey: string;
  appSecret: string;
  accessToken: string;
  shop: { id: string; name: string; region: string; seller_type: 'LOCAL'; cipher: string; code: string };
  warehouseId: string;
  /** TikTok's shipping provider ids the shop may name (modelled ids). */
  providers: Map<string, string>;
  orders: Map<string, TtOrder>;
  skus: Map<string, TtSku>;
  nextId: bigint;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** TikTok's ids are long numbers written as text. */
export function nextId(state: TiktokState): string {
  state.nextId += 1n;
  return String(state.nextId);
}

export function newState(o: { appKey: string; appSecret: string; accessToken: string }): TiktokState {
  return {
    ...o,
    shop: {
      id: '7494000000000000001',
      name: 'Fake TikTok Shop',
      region: 'GB',
      seller_type: 'LOCAL',
      cipher: 'GCP_fake_cipher_0001',
      code: 'GBLCFAKE01',
    },
    warehouseId: '7068000000000000001',
    providers: new Map([
      ['6617675021119438849', 'Royal Mail'],
      ['6617675021119438850', 'DPD UK'],
      ['6617675021119438851', 'DHL UK'],
      ['6617675021119438852', 'Parcelforce'],
    ]),
    orders: new Map(),
    skus: new Map(),
    nextId: 576_000_000_000_000_000n,
  };
}

export function skuBySeller(state: TiktokState, sellerSku: string): TtSku | undefined {
  for (const s of state.skus.values()) if (s.sellerSku === sellerSku) return s;
  return undefined;
}

export function seedSku(
  state: TiktokState,
  sellerSku: string,
  o: { quantity?: number; productId?: string; title?: string } = {},
): TtSku {
  const existing = skuBySeller(state, sellerSku);
  if (existing) {
    if (o.quantity !== undefined) existing.stock.set(state.warehouseId, o.quantity);
    return existing;
  }
  const sku: TtSku = {
    id: nextId(state),
    productId: o.productId ?? nextId(state),
    sellerSku,
    title: o.title ?? sellerSku,
    stock: new Map([[state.warehouseId, o.quantity ?? 0]]),
  };
  state.skus.set(sku.id, sku);
  return sku;
}

export function seedOrder(state: TiktokState, seed: FakeOrderSeed): TtOrder {
  const at = Math.floor((seed.purchasedAt ?? new Date()).getTime() / 1000);
  const units = seed.lines.flatMap((l) => {
    const sku = seedSku(state, l.sku, { title: l.title });
    return Array.from({ length: l.quantity }, () => ({
      id: nextId(state),
      productId: sku.productId,
      skuId: sku.id,
      sellerSku: sku.sellerSku,
      productName: l.title ?? sku.title,
      salePrice: withPlaces(l.unitPrice, 2),
      packageId: null,
      cancelled: false,
    }));
  });
  const order: TtOrder = {
    id: seed.id ?? nextId(state),
    status: 'AWAITING_SHIPMENT',
    createTime: at,
    updateTime: nowSeconds(),
    buyerEmail: seed.buyer.email ?? '',
    currency: seed.currency ?? 'GBP',
    shippingFee: withPlaces(seed.shippingCharge ?? '0', 2),
    shipTo: { ...seed.shipTo, phone: seed.buyer.phone ?? '' },
    units,
    packages: [],
  };
  state.orders.set(order.id, order);
  return order;
}

export function cancelOrder(order: TtOrder): void {
  order.status = 'CANCELLED';
  for (const u of order.units) if (!u.packageId) u.cancelled = true;
  order.updateTime = nowSeconds();
}

export function unitStatus(order: TtOrder, u: TtUnit): TtStatus {
  if (u.cancelled) return 'CANCELLED';
  return u.packageId
    ? 'IN_TRANSIT'
    : order.status === 'UNPAID' || order.status === 'ON_HOLD'
      ? order.status
      : 'AWAITING_SHIPMENT';
}

export function subTotal(order: TtOrder): string {
  return withPlaces(sumText(['0', ...order.units.filter((u) => !u.cancelled).map((u) => u.salePrice)]), 2);
}
