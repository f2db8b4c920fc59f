import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sumText, withPlaces } from '@backoffice/contracts';
import { loadContract } from '../kit/openapi.ts';
import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from '../kit/server.ts';
import type { ChannelFake, FakeOptions, FakeOrderSeed } from '../kit/types.ts';
import {
  cancelOrder,
  newState,
  nextId,
  nowSeconds,
  seedOrder,
  seedSku,
  skuBySeller,
  subTotal,
  type TiktokState,
  type TtOrder,
  unitStatus,
} from './state.ts';

/**
 * A local TikTok Shop Partner API (202309), MODELLED: no contract of it is published where this runs, so requests
 * and answers are checked against modelled-api.json, hand-written JSON Schemas of the documented shapes. Every
 * request must be signed as TikTok documents it (HMAC-SHA256 with the app secret over the path, the sorted query
 * parameters but `sign` and `access_token`, and the body, wrapped in the secret), within five minutes of its
 * timestamp. Business refusals answer 200 with a non-zero `code`, as TikTok does; the codes are the model's.
 */

export const TIKTOK_FAKE_LOGIN = {
  appKey: '6abc1fakeappkey',
  appSecret: 'fake-app-secret-5f0c2e9d',
  accessToken: 'TTP_fakeAccessToken_7c1d0a',
};

/** The model's error codes. */
const CODES = {
  badRequest: 36009001,
  unauthorized: 105002,
  badSign: 106001,
  expired: 106002,
  badAppKey: 105001,
  forbidden: 105005,
  notFound: 36009002,
  tooMany: 36009003,
  internal: 36009004,
  orderNotFound: 21001001,
  orderStatus: 21011001,
  itemsShipped: 21011002,
  badProvider: 21011003,
  packageNotFound: 21011004,
  productNotFound: 12052002,
  skuNotFound: 12052003,
  badWarehouse: 12052004,
} as const;

const STATUS_CODES: Record<number, number> = {
  400: CODES.badRequest,
  401: CODES.unauthorized,
  403: CODES.forbidden,
  404: CODES.notFound,
  429: CODES.tooMany,
};

type Obj = Record<string, unknown>;
const modelled = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modelled-api.json');
const envelope = (code: number, message: string, data?: unknown) => ({
  code,
  message,
  request_id: randomUUID(),
  ...(data === undefined ? {} : { data }),
});
const errorBody = (status: number, message: string) => envelope(STATUS_CODES[status] ?? CODES.internal, message);
const ok = (data: unknown): FakeReply => ({ status: 200, body: envelope(0, 'Success', data) });
/** A business refusal: 200 with a non-zero code. */
const refuse = (code: number, message: string): FakeReply => ({ status: 200, body: envelope(code, message) });

export interface TiktokFake extends ChannelFake<TiktokState>, Pick<FakeServer<TiktokState>, 'reset'> {
  login: typeof TIKTOK_FAKE_LOGIN;
  shopCipher: string;
  warehouseId: string;
  /** The shipping provider id of a carrier name (Royal Mail, DPD UK, DHL UK, Parcelforce). */
  providerId(name: string): string;
  /** A SKU of a product (one product per SKU unless given); answers TikTok's ids. */
  seedProduct(sellerSku: string, o?: { quantity?: number; productId?: string }): { productId: string; skuId: string };
}

function signatureOf(req: FakeRequest, secret: string): string {
  const params = [...req.query.entries()]
    .filter(([k]) => k !== 'sign' && k !== 'access_token')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const plain = req.path + params.map(([k, v]) => `${k}${v}`).join('') + req.raw.toString('utf8');
  return createHmac('sha256', secret).update(`${secret}${plain}${secret}`).digest('hex');
}

function authorize(state: TiktokState, req: FakeRequest): FakeReply | null {
  const refused = (code: number, message: string): FakeReply => ({ status: 401, body: envelope(code, message) });
  if (req.query.get('app_key') !== state.appKey) return refused(CODES.badAppKey, 'The app_key is invalid.');
  const sign = Buffer.from(req.query.get('sign') ?? '');
  const expected = Buffer.from(signatureOf(req, state.appSecret));
  if (sign.length !== expected.length || !timingSafeEqual(sign, expected))
    return refused(CODES.badSign, 'The sign is invalid.');
  if (Math.abs(nowSeconds() - Number(req.query.get('timestamp'))) > 300)
    return refused(CODES.expired, 'The timestamp is more than 5 minutes off.');
  if (req.headers['x-tts-access-token'] !== state.accessToken)
    return refused(CODES.unauthorized, 'The access token is invalid or expired.');
  const cipher = req.query.get('shop_cipher');
  if (cipher !== null && cipher !== state.shop.cipher)
    return { status: 403, body: envelope(CODES.forbidden, 'The shop is not authorized for this app.') };
  return null;
}

function orderView(state: TiktokState, o: TtOrder) {
  const a = o.shipTo;
  const districts = [
    {
      address_level: 'L0',
      address_level_name: 'country',
      address_name: a.countryCode === 'GB' ? 'United Kingdom' : a.countryCode,
    },
    ...(a.county ? [{ address_level: 'L1', address_level_name: 'county', address_name: a.county }] : []),
    { address_level: 'L2', address_level_name: 'city', address_name: a.city },
  ];
  const sub = subTotal(o);
  return {
    id: o.id,
    status: o.status,
    create_time: o.createTime,
    update_time: o.updateTime,
    paid_time: o.createTime,
    buyer_email: o.buyerEmail,
    user_id: '7000000000000000001',
    shipping_type: 'SELLER',
    delivery_option_name: 'Standard shipping',
    payment: {
      currency: o.currency,
      sub_total: sub,
      shipping_fee: o.shippingFee,
      total_amount: withPlaces(sumText([sub, o.shippingFee]), 2),
    },
    recipient_address: {
      name: a.name,
      phone_number: a.phone,
      address_line1: a.line1,
      ...(a.line2 ? { address_line2: a.line2 } : {}),
      post_town: a.city,
      postal_code: a.postcode,
      region_code: a.countryCode,
      full_address: [a.line1, a.line2, a.city, a.county, a.postcode].filter(Boolean).join(', '),
      district_info: districts,
    },
    line_items: o.units.map((u) => {
      const pkg = o.packages.find((p) => p.id === u.packageId);
      return {
        id: u.id,
        product_id: u.productId,
        sku_id: u.skuId,
        seller_sku: u.sellerSku,
        product_name: u.productName,
        sale_price: u.salePrice,
        original_price: u.salePrice,
        currency: o.currency,
        display_status: unitStatus(o, u),
        ...(pkg
          ? {
              package_id: pkg.id,
              tracking_number: pkg.trackingNumber,
              shipping_provider_id: pkg.providerId,
              shipping_provider_name: state.providers.get(pkg.providerId) ?? '',
            }
          : {}),
      };
    }),
    packages: o.packages.map((p) => ({ id: p.id })),
  };
}

const pageToken = (o: TtOrder, field: 'createTime' | 'updateTime') =>
  Buffer.from(JSON.stringify({ t: o[field], id: o.id })).toString('base64url');

function searchOrders(state: TiktokState, req: FakeRequest): FakeReply {
  const body = (req.body ?? {}) as Obj;
  const field = req.query.get('sort_field') === 'update_time' ? 'updateTime' : 'createTime';
  const desc = req.query.get('sort_order') !== 'ASC';
  const within = (v: number, ge: unknown, lt: unknown) =>
    (typeof ge !== 'number' || v >= ge) && (typeof lt !== 'number' || v < lt);
  let list = [...state.orders.values()]
    .filter((o) => within(o.updateTime, body.update_time_ge, body.update_time_lt))
    .filter((o) => within(o.createTime, body.create_time_ge, body.create_time_lt))
    .filter((o) => body.order_status === undefined || o.status === body.order_status)
    .sort((a, b) => a[field] - b[field] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (desc) list.reverse();
  const total = list.length;
  const token = req.query.get('page_token');
  if (token) {
    let after: { t: number; id: string };
    try {
      after = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { t: number; id: string };
    } catch {
      req.violation(`searchOrders: page_token ${token} is not one the fake gave`);
      return refuse(CODES.badRequest, 'The page_token is invalid.');
    }
    const at = list.findIndex((o) => o.id === after.id);
    list = at < 0 ? [] : list.slice(at + 1);
  }
  const size = Number(req.query.get('page_size'));
  const page = list.slice(0, size);
  const last = page.at(-1);
  return ok({
    orders: page.map((o) => orderView(state, o)),
    next_page_token: list.length > size && last ? pageToken(last, field) : '',
    total_count: total,
  });
}

function markPackageAsShipped(state: TiktokState, req: FakeRequest): FakeReply {
  const o = state.orders.get(req.params.order_id ?? '');
  if (!o) return refuse(CODES.orderNotFound, `Order ${req.params.order_id} was not found.`);
  if (o.status !== 'AWAITING_SHIPMENT' && o.status !== 'PARTIALLY_SHIPPING') {
    return refuse(CODES.orderStatus, `Order ${o.id} is ${o.status} and cannot be shipped.`);
  }
  const body = req.body as { order_line_item_ids: string[]; tracking_number: string; shipping_provider_id: string };
  if (!state.providers.has(body.shipping_provider_id)) {
    return refuse(CODES.badProvider, `Shipping provider ${body.shipping_provider_id} is not available to the shop.`);
  }
  const units = body.order_line_item_ids.map((id) => o.units.find((u) => u.id === id));
  if (units.some((u) => !u || u.cancelled))
    return refuse(CODES.orderStatus, 'Some line items are not in the order or are cancelled.');
  if (units.some((u) => u?.packageId)) return refuse(CODES.itemsShipped, 'Some line items have already been shipped.');
  const pkg = {
    id: nextId(state),
    trackingNumber: body.tracking_number,
    providerId: body.shipping_provider_id,
    unitIds: body.order_line_item_ids,
  };
  for (const u of units) if (u) u.packageId = pkg.id;
  o.packages.push(pkg);
  o.status = o.units.every((u) => u.cancelled || u.packageId) ? 'IN_TRANSIT' : 'PARTIALLY_SHIPPING';
  o.updateTime = nowSeconds();
  return ok({ order_id: o.id, package_id: pkg.id, order_line_item_ids: pkg.unitIds });
}

function updatePackageShippingInfo(state: TiktokState, req: FakeRequest): FakeReply {
  const body = req.body as { tracking_number: string; shipping_provider_id: string };
  for (const o of state.orders.values()) {
    const pkg = o.packages.find((p) => p.id === req.params.package_id);
    if (!pkg) continue;
    if (!state.providers.has(body.shipping_provider_id)) {
      return refuse(CODES.badProvider, `Shipping provider ${body.shipping_provider_id} is not available to the shop.`);
    }
    pkg.trackingNumber = body.tracking_number;
    pkg.providerId = body.shipping_provider_id;
    o.updateTime = nowSeconds();
    return ok({});
  }
  return refuse(CODES.packageNotFound, `Package ${req.params.package_id} was not found.`);
}

/** All or nothing per product: one unknown SKU or warehouse refuses the whole request. */
function updateInventory(state: TiktokState, req: FakeRequest): FakeReply {
  const productId = req.params.product_id ?? '';
  const skus = [...state.skus.values()].filter((s) => s.productId === productId);
  if (!skus.length) return refuse(CODES.productNotFound, `Product ${productId} was not found.`);
  const body = req.body as { skus: { id: string; inventory: { warehouse_id?: string; quantity: number }[] }[] };
  for (const s of body.skus) {
    if (!skus.some((x) => x.id === s.id))
      return refuse(CODES.skuNotFound, `SKU ${s.id} is not a SKU of product ${productId}.`);
    for (const i of s.inventory) {
      if (i.warehouse_id && i.warehouse_id !== state.warehouseId)
        return refuse(CODES.badWarehouse, `Warehouse ${i.warehouse_id} is not the shop's.`);
    }
  }
  for (const s of body.skus) {
    const sku = state.skus.get(s.id);
    for (const i of s.inventory) sku?.stock.set(i.warehouse_id ?? state.warehouseId, i.quantity);
  }
  return ok({});
}

export async function startTiktokFake(options: FakeOptions = {}): Promise<TiktokFake> {
  const contract = await loadContract(modelled);
  const state = newState({ ...TIKTOK_FAKE_LOGIN });
  const server = await startFakeServer<TiktokState>({
    name: 'tiktok',
    state,
    contracts: [contract],
    errorBody,
    options,
    authorize: (req) => authorize(state, req),
    handlers: {
      getAuthorizedShops: () => ok({ shops: [state.shop] }),
      searchOrders: (req) => searchOrders(state, req),
      getOrderDetail: (req) => {
        const ids = (req.query.get('ids') ?? '').split(',');
        return ok({
          orders: ids.flatMap((id) => {
            const o = state.orders.get(id);
            return o ? [orderView(state, o)] : [];
          }),
        });
      },
      markPackageAsShipped: (req) => markPackageAsShipped(state, req),
      updatePackageShippingInfo: (req) => updatePackageShippingInfo(state, req),
      updateInventory: (req) => updateInventory(state, req),
    },
  });
  const orderOf = (id: string) => {
    const o = state.orders.get(id);
    if (!o) throw new Error(`The TikTok fake has no order ${id}`);
    return o;
  };
  return {
    ...server,
    login: { ...TIKTOK_FAKE_LOGIN },
    shopCipher: state.shop.cipher,
    warehouseId: state.warehouseId,
    providerId: (name) => {
      for (const [id, n] of state.providers) if (n === name) return id;
      throw new Error(`The TikTok fake knows no shipping provider ${name}`);
    },
    seedProduct: (sku, o) => {
      const s = seedSku(state, sku, o);
      return { productId: s.productId, skuId: s.id };
    },
    seedOrder: (seed: FakeOrderSeed) => seedOrder(state, seed).id,
    cancelOrder: (id) => cancelOrder(orderOf(id)),
    shipmentsOf: (id) =>
      orderOf(id).packages.map((p) => ({
        trackingNumber: p.trackingNumber,
        carrierCode: p.providerId,
        lineIds: p.unitIds,
      })),
    quantityOf: (sku) => skuBySeller(state, sku)?.stock.get(state.warehouseId) ?? null,
    // Refunds are not modelled: TikTok's are buyer-initiated and approved, not pushed by the seller.
    refundsOf: () => [],
  };
}
