/**
 * What every local fake of an external API is: a stateful HTTP server on a free port of 127.0.0.1 that checks every
 * request it gets and every answer it gives against the provider's published contract (../shared/contracts), and
 * can be told to misbehave (429 with the provider's headers, 5xx, slowness, partial failures). Tests and
 * `npm run fakes` start them; the product reaches them through an account's base address override.
 */

/** A misbehaviour to play on the next calls of one operation (or of every operation: '*'). */
export interface Fault {
  /** The contract's operation id (e.g. 'getOrders', 'bulkUpdatePriceQuantity'), or '*'. */
  operation: string;
  /** Answer with this status instead of the real answer. */
  status?: number;
  headers?: Record<string, string>;
  /** The body of that answer (JSON); a provider-shaped error by default. */
  body?: unknown;
  /** Wait this long before answering (a timeout when longer than the caller waits). */
  delayMs?: number;
  /** Close the connection without an answer. */
  hangUp?: boolean;
  /** How many calls it applies to (default 1). */
  times?: number;
}

export interface FakeCall {
  operation: string;
  method: string;
  path: string;
  status: number;
  at: Date;
}

export interface RunningFake<S = unknown> {
  name: string;
  /** e.g. http://127.0.0.1:43123 — what an account's base address is set to. */
  url: string;
  port: number;
  /** The fake's world (orders, listings, stock, shipments…), for tests to seed and read. */
  state: S;
  inject(fault: Fault): void;
  /** Every request or answer that broke the contract, in words. A test expects it empty. */
  violations: string[];
  calls: FakeCall[];
  close(): Promise<void>;
}

export interface FakeOptions {
  /** Default: a free port. */
  port?: number;
  /** Whether answers that break the contract are also refused with 500 (default: recorded only). */
  strictResponses?: boolean;
}

/** An order put into a channel fake, in one shape for every channel (the fake stores it in its own). */
export interface FakeOrderSeed {
  /** Default: one the fake makes up in the channel's format. */
  id?: string;
  purchasedAt?: Date;
  buyer: { name: string; email: string | null; phone?: string | null };
  shipTo: {
    name: string;
    line1: string;
    line2?: string | null;
    city: string;
    county?: string | null;
    postcode: string;
    countryCode: string;
  };
  lines: { sku: string; title?: string; quantity: number; unitPrice: string }[];
  shippingCharge?: string;
  currency?: string;
}

/** A sales channel's fake: orders to pull, and what the product sent back. */
export interface ChannelFake<S = unknown> extends RunningFake<S> {
  /** Adds an order (its update time: now); answers its external id. */
  seedOrder(order: FakeOrderSeed): string;
  /** The buyer cancels it (its update time moves). */
  cancelOrder(externalOrderId: string): void;
  /** The shipment confirmations the channel received for an order. */
  shipmentsOf(externalOrderId: string): { trackingNumber: string; carrierCode: string; lineIds: string[] }[];
  /** The last quantity the product set for a SKU (null: never set). */
  quantityOf(sku: string): number | null;
  /** Refunds the channel received for an order. */
  refundsOf(externalOrderId: string): { amount: string; reference: string }[];
}

/** A carrier's fake: the shipments made through it. */
export interface CarrierFake<S = unknown> extends RunningFake<S> {
  shipments(): { externalId: string; reference: string; trackingNumbers: string[]; cancelled: boolean }[];
  /** Moves a parcel to delivered (what tracking then answers). */
  deliver(trackingNumber: string, at?: Date): void;
}
