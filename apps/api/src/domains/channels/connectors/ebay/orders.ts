import { ConnectorError } from '../../../../platform/connectors/http.ts';
import { explained } from '../access-token.ts';
import { channelLineId, moneyText, pennies, SPLIT_SUFFIX, unitPrices } from '../money.ts';
import type {
  ChannelAddress,
  ChannelOrder,
  ChannelOrderStatus,
  ChannelRefund,
  Page,
  ShipmentConfirmation,
} from '../types.ts';
import { type EbayApi, FULFILLMENT } from './client.ts';

/** Sell Fulfillment v1, as far as the connector reads it. */
interface Amount {
  value?: string;
  currency?: string;
}
interface Contact {
  fullName?: string;
  companyName?: string;
  email?: string;
  primaryPhone?: { phoneNumber?: string };
  contactAddress?: {
    addressLine1?: string;
    addressLine2?: string;
    city?: string;
    county?: string;
    stateOrProvince?: string;
    postalCode?: string;
    countryCode?: string;
  };
}
export interface EbayLineItem {
  lineItemId: string;
  legacyItemId?: string;
  sku?: string;
  title?: string;
  quantity: number;
  lineItemCost?: Amount;
  discountedLineItemCost?: Amount;
}
export interface EbayOrder {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus?: string;
  orderPaymentStatus?: string;
  cancelStatus?: { cancelState?: string };
  buyer?: { username?: string; buyerRegistrationAddress?: Contact };
  pricingSummary?: { deliveryCost?: Amount; deliveryDiscount?: Amount; total?: Amount };
  fulfillmentStartInstructions?: { shippingStep?: { shipTo?: Contact; shippingServiceCode?: string } }[];
  lineItems?: EbayLineItem[];
}

const FULFILMENT_STATUS: Record<string, ChannelOrderStatus> = {
  NOT_STARTED: 'UNSHIPPED',
  IN_PROGRESS: 'PARTIALLY_SHIPPED',
  FULFILLED: 'SHIPPED',
};

function status(o: EbayOrder): ChannelOrderStatus {
  if (o.cancelStatus?.cancelState === 'CANCELED') return 'CANCELLED';
  if (o.orderPaymentStatus === 'PENDING' || o.orderPaymentStatus === 'FAILED') return 'PENDING';
  return FULFILMENT_STATUS[o.orderFulfillmentStatus ?? ''] ?? 'UNSHIPPED';
}

function shipTo(o: EbayOrder): ChannelAddress {
  const step = o.fulfillmentStartInstructions?.[0]?.shippingStep;
  const c = step?.shipTo ?? {};
  const a = c.contactAddress ?? {};
  return {
    name: c.fullName ?? '',
    company: c.companyName ?? null,
    line1: a.addressLine1 ?? '',
    line2: a.addressLine2 ?? null,
    line3: null,
    city: a.city ?? '',
    county: a.county ?? a.stateOrProvince ?? null,
    postcode: a.postalCode ?? '',
    countryCode: a.countryCode ?? 'GB',
    phone: c.primaryPhone?.phoneNumber ?? null,
    email: c.email ?? null,
  };
}

export function toChannelOrder(o: EbayOrder): ChannelOrder {
  const to = shipTo(o);
  const p = o.pricingSummary ?? {};
  const deliveryDiscount = pennies(p.deliveryDiscount?.value);
  const registered = o.buyer?.buyerRegistrationAddress;
  return {
    externalOrderId: o.orderId,
    status: status(o),
    purchasedAt: new Date(o.creationDate).toISOString(),
    updatedAt: new Date(o.lastModifiedDate).toISOString(),
    currency: p.total?.currency ?? 'GBP',
    // eBay UK prices are what the buyer pays, VAT included.
    pricesIncludeVat: true,
    buyer: {
      name: registered?.fullName ?? to.name,
      email: registered?.email ?? to.email,
      phone: registered?.primaryPhone?.phoneNumber ?? to.phone,
    },
    shipTo: to,
    // lineItemCost is the price of all the line's units; discountedLineItemCost what was paid after promotions.
    lines: (o.lineItems ?? []).flatMap((l) =>
      unitPrices(pennies((l.discountedLineItemCost ?? l.lineItemCost)?.value), l.quantity).map((part, i) => ({
        externalLineId: i === 0 ? l.lineItemId : `${l.lineItemId}${SPLIT_SUFFIX}`,
        sku: l.sku ?? l.legacyItemId ?? '',
        title: l.title ?? null,
        quantity: part.quantity,
        unitPrice: part.unitPrice,
      })),
    ),
    // The delivery discount is taken off the delivery cost, whichever sign it is written with.
    shippingCharge: moneyText(
      pennies(p.deliveryCost?.value) - (deliveryDiscount < 0n ? -deliveryDiscount : deliveryDiscount),
    ),
    shippingLevel: o.fulfillmentStartInstructions?.[0]?.shippingStep?.shippingServiceCode ?? null,
  };
}

const PAGE = 100;

/** Orders changed in [from, to): eBay's lastmodifieddate range is inclusive, so the end is cut here. */
export async function listOrders(
  api: EbayApi,
  q: { updatedFrom: Date; updatedTo: Date; next: string | null },
): Promise<Page<ChannelOrder>> {
  const offset = Number(q.next ?? 0);
  const res = await api
    .call({
      operation: 'getOrders',
      method: 'GET',
      path: `${FULFILLMENT}/order`,
      query: {
        filter: `lastmodifieddate:[${q.updatedFrom.toISOString()}..${q.updatedTo.toISOString()}]`,
        limit: PAGE,
        offset,
      },
    })
    .catch((e: unknown) => {
      throw explained(e, 'eBay did not list the orders');
    });
  const body = res.json<{ orders?: EbayOrder[]; total?: number }>();
  const orders = (body.orders ?? [])
    .filter((o) => Date.parse(o.lastModifiedDate) < q.updatedTo.getTime())
    .sort((a, b) => Date.parse(a.lastModifiedDate) - Date.parse(b.lastModifiedDate));
  const more = offset + PAGE < (body.total ?? 0);
  return { items: orders.map(toChannelOrder), next: more ? String(offset + PAGE) : null };
}

export async function getOrder(api: EbayApi, orderId: string): Promise<EbayOrder> {
  const res = await api
    .call({ operation: 'getOrder', method: 'GET', path: `${FULFILLMENT}/order/${encodeURIComponent(orderId)}` })
    .catch((e: unknown) => {
      throw explained(e, `eBay did not give order ${orderId}`);
    });
  return res.json<EbayOrder>();
}

/** A shipping fulfilment; eBay answers 409 when it has that one already, which is what was wanted. */
export async function confirmShipment(api: EbayApi, s: ShipmentConfirmation): Promise<void> {
  const quantities = new Map<string, number>();
  for (const l of s.lines) {
    const id = channelLineId(l.externalLineId);
    quantities.set(id, (quantities.get(id) ?? 0) + l.quantity);
  }
  await api
    .call({
      operation: 'createShippingFulfillment',
      method: 'POST',
      path: `${FULFILLMENT}/order/${encodeURIComponent(s.externalOrderId)}/shipping_fulfillment`,
      json: {
        lineItems: [...quantities].map(([lineItemId, quantity]) => ({ lineItemId, quantity })),
        shippedDate: s.shippedAt.toISOString(),
        shippingCarrierCode: s.carrierCode,
        trackingNumber: s.trackingNumber,
      },
      accept: [409],
    })
    .catch((e: unknown) => {
      throw explained(e, `eBay refused the shipment of order ${s.externalOrderId}`);
    });
}

function refundReason(reason: string | null): string {
  if (reason && /cancel/i.test(reason)) return 'BUYER_CANCEL';
  if (reason && /return/i.test(reason)) return 'BUYER_RETURN';
  if (reason && /not received|lost/i.test(reason)) return 'ITEM_NOT_RECEIVED';
  if (reason && /stock/i.test(reason)) return 'SELLER_OUT_OF_STOCK';
  return 'OTHER';
}

/**
 * issueRefund: per line when every line names its eBay line item, else the order-level amount. eBay takes no
 * idempotency key: the credit note's number goes in the comment, and "already refunded" (34917) is success.
 */
export async function refund(api: EbayApi, r: ChannelRefund): Promise<{ externalRefundId: string | null }> {
  const perLine = new Map<string, bigint>();
  const byLine = r.lines.length > 0 && r.lines.every((l) => l.externalLineId);
  if (byLine)
    for (const l of r.lines) {
      const id = channelLineId(l.externalLineId ?? '');
      perLine.set(id, (perLine.get(id) ?? 0n) + pennies(l.grossAmount));
    }
  const amount = (p: bigint) => ({ value: moneyText(p), currency: r.currency });
  try {
    const res = await api.call({
      operation: 'issueRefund',
      method: 'POST',
      path: `${FULFILLMENT}/order/${encodeURIComponent(r.externalOrderId)}/issue_refund`,
      json: {
        reasonForRefund: refundReason(r.reason),
        comment: `Credit note ${r.reference}`,
        ...(byLine
          ? { refundItems: [...perLine].map(([lineItemId, p]) => ({ lineItemId, refundAmount: amount(p) })) }
          : { orderLevelRefundAmount: amount(pennies(r.amount)) }),
      },
    });
    return { externalRefundId: res.json<{ refundId?: string }>().refundId ?? null };
  } catch (e) {
    if (e instanceof ConnectorError && e.code === '34917') return { externalRefundId: null };
    throw explained(e, `eBay refused the refund ${r.reference} of order ${r.externalOrderId}`);
  }
}
