import type { ChannelAccountType, ChannelEnvironment } from '@backoffice/contracts';
import type { CallSink } from '../../../platform/connectors/http.ts';

/**
 * What every connector is given and what it answers. Channels (Amazon, eBay, Shopify, TikTok Shop) pull orders and
 * returns, take stock levels, shipment confirmations, refunds and invoices; carriers (Royal Mail Click & Drop,
 * Parcelforce, DHL, DPD) create shipments with labels, cancel them and track them. Connectors speak the provider's
 * API through `ConnectorHttp` (platform/connectors/http.ts) and nothing else: no database, no product records.
 * Money is decimal text with two places ("12.50"), never a float; quantities are whole numbers.
 */

/** An account as its connector sees it: credentials already unsealed. */
export interface ConnectorAccount {
  id: string;
  type: ChannelAccountType;
  name: string;
  environment: ChannelEnvironment;
  /** The provider's address (the account's override, else the connector's default for the environment). */
  baseUrl: string;
  /** Amazon marketplace id (A1F83G8C2ARO7P for the UK), eBay marketplace (EBAY_GB), Shopify shop domain, … */
  marketplace: string | null;
  /** Field names per provider: see each connector's `credentialFields`. */
  credentials: Record<string, string>;
  /** Shopify location id, Amazon fulfilment channel, …: per provider, by name. */
  locations: string[];
}

export interface ConnectorContext {
  account: ConnectorAccount;
  /** Every call's attempts go here (the account's call log, visible in System Logs). */
  sink: CallSink;
  signal?: AbortSignal;
  /** Overrides for tests: faster retries. */
  http?: { maxRetries?: number; backoffBaseMs?: number; timeoutMs?: number; maxWaitMs?: number };
}

export interface ChannelAddress {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  line3: string | null;
  city: string;
  county: string | null;
  postcode: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  phone: string | null;
  email: string | null;
}

export interface ChannelOrderLine {
  /** The channel's line id (Amazon OrderItemId, eBay lineItemId, Shopify line item gid). */
  externalLineId: string;
  sku: string;
  title: string | null;
  quantity: number;
  /** Price of one unit as the channel charged it, VAT included when `pricesIncludeVat`. */
  unitPrice: string;
}

export type ChannelOrderStatus = 'PENDING' | 'UNSHIPPED' | 'PARTIALLY_SHIPPED' | 'SHIPPED' | 'CANCELLED';

export interface ChannelOrder {
  externalOrderId: string;
  status: ChannelOrderStatus;
  /** ISO instants. */
  purchasedAt: string;
  updatedAt: string;
  currency: string;
  pricesIncludeVat: boolean;
  buyer: { name: string; email: string | null; phone: string | null };
  shipTo: ChannelAddress;
  lines: ChannelOrderLine[];
  /** The shipping charge of the whole order. */
  shippingCharge: string;
  /** The channel's shipping level (Standard, Expedited, …), when it says. */
  shippingLevel: string | null;
}

export interface Page<T> {
  items: T[];
  /** Pass back to get the next page; null: the last page. */
  next: string | null;
}

export interface ShipmentConfirmation {
  externalOrderId: string;
  /** Lines shipped (all lines of the order when the invoice ships whole). */
  lines: { externalLineId: string; quantity: number }[];
  /** The channel's own carrier code when the account maps ours (carrier-code mapping), else ours. */
  carrierCode: string;
  carrierName: string;
  serviceName: string;
  trackingNumber: string;
  shippedAt: Date;
}

/** The listing identities of one product on one account (Api Config → Listings). */
export interface ListingIds {
  sku: string;
  /** Amazon ASIN, eBay listing id, Shopify inventory item gid. */
  externalId: string | null;
  /** eBay offer id, Shopify location gid, Amazon product type. */
  externalRef: string | null;
}

export interface StockLevel {
  listing: ListingIds;
  /** The absolute quantity to show for sale. */
  quantity: number;
  /** Shopify's compare-and-set: the quantity last pushed (null: not known). */
  previousQuantity: number | null;
}

export interface StockPushResult {
  sku: string;
  ok: boolean;
  /** Why this one was refused (the others of the batch may have gone). */
  error: string | null;
  /** Whether a later attempt may succeed. */
  retryable: boolean;
}

export interface ChannelRefund {
  externalOrderId: string;
  /** Our credit note's number: the idempotency key of the refund at the channel. */
  reference: string;
  amount: string;
  currency: string;
  reason: string | null;
  lines: { externalLineId: string | null; sku: string | null; quantity: string; grossAmount: string }[];
}

export interface ChannelReturn {
  externalReturnId: string;
  externalOrderId: string;
  status: 'REQUESTED' | 'CANCELLED' | 'COMPLETED';
  updatedAt: string;
  reason: string | null;
  lines: { externalLineId: string | null; sku: string; quantity: number }[];
}

export interface FbaInventoryRow {
  sku: string;
  asin: string | null;
  fnsku: string | null;
  productName: string | null;
  fulfillable: number;
  inbound: number;
  reserved: number;
  unfulfillable: number;
  updatedAt: string | null;
}

export interface ChannelConnector {
  /** The cheapest authenticated call; resolves with a sentence saying what it saw, throws in words otherwise. */
  testConnection(): Promise<string>;
  /** Orders created or changed in [from, to), oldest change first, a page at a time. */
  listOrders(q: { updatedFrom: Date; updatedTo: Date; next: string | null }): Promise<Page<ChannelOrder>>;
  /** Idempotent: a shipment the channel already has is success. */
  confirmShipment(s: ShipmentConfirmation): Promise<void>;
  /** At most `stockBatchSize` levels per call; one result per level. */
  pushStock(levels: StockLevel[]): Promise<StockPushResult[]>;
  readonly stockBatchSize: number;
  refund?(r: ChannelRefund): Promise<{ externalRefundId: string | null }>;
  listReturns?(q: { updatedFrom: Date; updatedTo: Date; next: string | null }): Promise<Page<ChannelReturn>>;
  fbaInventory?(q: { next: string | null }): Promise<Page<FbaInventoryRow>>;
  /** A VAT invoice PDF for an order (Amazon UPLOAD_INVOICE). */
  uploadInvoice?(i: {
    externalOrderId: string;
    invoiceNumber: string;
    pdf: Buffer;
    totalAmount: string;
    vatAmount: string;
  }): Promise<void>;
}

export interface Parcel {
  weightKg: string;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

export interface CarrierShipmentRequest {
  /** Our invoice number: the carrier's order reference and idempotency key. */
  reference: string;
  /** The carrier's service code (the carrier service's code in Shipping Carriers). */
  serviceCode: string;
  shipTo: ChannelAddress;
  parcels: Parcel[];
  /** Goods value and contents, for customs outside the UK. */
  value: string;
  currency: string;
  contents: { sku: string; description: string; quantity: number; unitValue: string; weightKg: string | null }[];
  shippingDate: Date;
}

export interface CarrierShipment {
  /** The carrier's id of the shipment (Click & Drop orderIdentifier, Parcelforce ShipmentNumber). */
  externalId: string;
  trackingNumbers: string[];
  /** The labels of all parcels, one PDF. */
  labelPdf: Buffer;
  /** ZPL for thermal printers, when the carrier gives it. */
  labelZpl: string | null;
}

export interface TrackingState {
  trackingNumber: string;
  status: 'UNKNOWN' | 'IN_TRANSIT' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'EXCEPTION' | 'RETURNED';
  deliveredAt: string | null;
  lastEvent: string | null;
}

export interface CarrierConnector {
  testConnection(): Promise<string>;
  /** Idempotent on `reference`: a shipment the carrier already has for it is returned, not made twice. */
  createShipment(s: CarrierShipmentRequest): Promise<CarrierShipment>;
  cancelShipment(externalId: string): Promise<void>;
  track(trackingNumbers: string[]): Promise<TrackingState[]>;
}

/** What a connector module exports: how to make one, its default addresses, what its credentials are. */
export interface ConnectorModule<C> {
  type: ChannelAccountType;
  kind: 'CHANNEL' | 'CARRIER';
  /** The real service's addresses. */
  defaultBaseUrl: Record<ChannelEnvironment, string>;
  /** The credential fields Api Config asks for, in order. */
  credentialFields: readonly { name: string; label: string; secret: boolean }[];
  /** Whether its adapter is modelled from documented shapes only (no published contract). */
  modelledOnly: boolean;
  create(ctx: ConnectorContext): C;
}
