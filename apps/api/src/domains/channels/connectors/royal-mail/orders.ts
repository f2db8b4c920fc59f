import { kgToGrams, moneyNumber, refused } from '../carrier-common.ts';
import type { CarrierShipmentRequest, TrackingState } from '../types.ts';

/** The parts of Click & Drop's API v1 (Swagger 2, `/api/v1`) the connector reads and writes. */

export interface RmPackage {
  packageNumber?: number;
  trackingNumber?: string;
}

export interface RmOrderInfo {
  orderIdentifier: number;
  orderReference?: string;
  createdOn: string;
  printedOn?: string;
  manifestedOn?: string;
  shippedOn?: string;
  trackingNumber?: string;
  packages?: RmPackage[];
  /**
   * Modelled, not in the published contract: Click & Drop's order resource has no delivery field (delivery is
   * Royal Mail tracking's), so the local fake marks a delivered order here; the real service never sends it.
   */
  deliveredOn?: string;
}

export interface RmCreateOrdersResponse {
  successCount?: number;
  errorsCount?: number;
  createdOrders?: RmOrderInfo[];
  failedOrders?: {
    order?: { orderReference?: string };
    errors?: { errorCode?: number; errorMessage?: string; fields?: { fieldName?: string; value?: string }[] }[];
  }[];
}

export interface RmDeleteOrdersResponse {
  deletedOrders?: { orderIdentifier?: number; orderReference?: string }[];
  errors?: { orderIdentifier?: number; orderReference?: string; code?: string; message?: string }[];
}

/** A grams value as the API bounds it (1 to 30,000 g a package). */
const MAX_GRAMS = 30_000;

/** One order of POST /orders for a shipment: its packages with weights, dimensions and, on the first, contents. */
export function orderRequest(s: CarrierShipmentRequest, now: Date): Record<string, unknown> {
  if (s.reference.length > 40)
    throw refused(`Click & Drop takes order references of up to 40 characters; ${s.reference} is longer.`);
  const to = s.shipTo;
  const contents = s.contents.map((c) => ({
    // No SKU: with a SKU Click & Drop would overwrite the account's product of that SKU with these values.
    name: c.description,
    quantity: c.quantity,
    unitValue: moneyNumber(c.unitValue, `The unit value of ${c.sku}`),
    unitWeightInGrams: c.weightKg === null ? 0 : kgToGrams(c.weightKg),
    customsDescription: c.description.slice(0, 50),
  }));
  const packages = s.parcels.map((p, i) => {
    const grams = kgToGrams(p.weightKg);
    if (grams < 1 || grams > MAX_GRAMS)
      throw refused(`A Click & Drop package weighs 1 g to 30 kg; parcel ${i + 1} is ${p.weightKg} kg.`);
    const mm = (cm: number | null) => (cm === null ? null : Math.max(1, Math.round(cm * 10)));
    const [h, w, d] = [mm(p.heightCm), mm(p.widthCm), mm(p.lengthCm)];
    return {
      weightInGrams: grams,
      packageFormatIdentifier: 'parcel',
      ...(h && w && d ? { dimensions: { heightInMms: h, widthInMms: w, depthInMms: d } } : {}),
      ...(i === 0 && contents.length ? { contents } : {}),
    };
  });
  const value = moneyNumber(s.value, 'The goods value');
  return {
    orderReference: s.reference,
    recipient: {
      address: {
        fullName: to.name,
        ...(to.company ? { companyName: to.company } : {}),
        addressLine1: to.line1,
        ...(to.line2 ? { addressLine2: to.line2 } : {}),
        ...(to.line3 ? { addressLine3: to.line3 } : {}),
        city: to.city,
        ...(to.county ? { county: to.county } : {}),
        postcode: to.postcode,
        countryCode: to.countryCode.toUpperCase(),
      },
      ...(to.phone ? { phoneNumber: to.phone.slice(0, 25) } : {}),
      ...(to.email ? { emailAddress: to.email } : {}),
    },
    packages,
    orderDate: now.toISOString(),
    plannedDespatchDate: s.shippingDate.toISOString(),
    // The goods value stands for the order's: the shipment carries no shipping charge or tax of its own.
    subtotal: value,
    shippingCostCharged: 0,
    total: value,
    currencyCode: s.currency,
    postageDetails: { serviceCode: s.serviceCode, sendNotificationsTo: 'recipient' },
  };
}

/** The failed orders of a 200 answer, in words, one sentence per order. */
export function failedOrdersWords(res: RmCreateOrdersResponse): string[] {
  return (res.failedOrders ?? []).map((f) => {
    const errors = (f.errors ?? []).map((e) => {
      const fields = (e.fields ?? []).map((x) => `${x.fieldName ?? '?'}: ${x.value ?? ''}`).join(', ');
      return `${e.errorMessage ?? `error ${e.errorCode ?? '?'}`}${fields ? ` (${fields})` : ''}`;
    });
    return `Click & Drop refused order ${f.order?.orderReference ?? '(no reference)'}: ${errors.join('; ') || 'no reason given'}.`;
  });
}

export function trackingNumbersOf(o: RmOrderInfo): string[] {
  const numbers = (o.packages ?? []).map((p) => p.trackingNumber).filter((t): t is string => !!t);
  if (numbers.length) return [...new Set(numbers)];
  return o.trackingNumber ? [o.trackingNumber] : [];
}

/** What an order's dates say of its parcel: shipped is on its way; a label alone is not yet with Royal Mail. */
export function trackingState(trackingNumber: string, o: RmOrderInfo | undefined, days: number): TrackingState {
  if (!o)
    return {
      trackingNumber,
      status: 'UNKNOWN',
      deliveredAt: null,
      lastEvent: `Not among the Click & Drop orders of the last ${days} days.`,
    };
  if (o.deliveredOn) return { trackingNumber, status: 'DELIVERED', deliveredAt: o.deliveredOn, lastEvent: 'Delivered' };
  if (o.shippedOn)
    return { trackingNumber, status: 'IN_TRANSIT', deliveredAt: null, lastEvent: `Despatched ${o.shippedOn}` };
  const last = o.manifestedOn ? `Manifested ${o.manifestedOn}` : o.printedOn ? `Label printed ${o.printedOn}` : null;
  return { trackingNumber, status: 'UNKNOWN', deliveredAt: null, lastEvent: last };
}
