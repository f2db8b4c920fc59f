import {
  ConnectorError,
  type ConnectorHttp,
  type ConnectorRequest,
  type ConnectorResponse,
} from '../../../../platform/connectors/http.ts';
import { carrierHttp, createOnce, credential, refused } from '../carrier-common.ts';
import type {
  CarrierConnector,
  CarrierShipment,
  CarrierShipmentRequest,
  ConnectorContext,
  ConnectorModule,
  TrackingState,
} from '../types.ts';
import {
  failedOrdersWords,
  orderRequest,
  type RmCreateOrdersResponse,
  type RmDeleteOrdersResponse,
  type RmOrderInfo,
  trackingNumbersOf,
  trackingState,
} from './orders.ts';

/**
 * Royal Mail Click & Drop (API v1): a shipment is an order (its orderReference our invoice number) whose postage
 * label is then printed as a PDF (labels through the API are for OBA accounts). One reference makes one order:
 * the order is looked up by reference first, and looked up again after any failure that may have made it.
 * Tracking reads the orders' dates (printed, manifested, shipped); Click & Drop keeps no delivery event.
 */

const API = '/api/v1';
/** Click & Drop allows 5 calls a second. */
const LIMIT = { ratePerSecond: 5, burst: 5 };
const OPERATIONS = [
  'GetOrdersAsync',
  'GetSpecificOrdersAsync',
  'CreateOrdersAsync',
  'GetOrdersLabelAsync',
  'DeleteOrdersAsync',
];
/** How far back tracking looks for the orders of its tracking numbers, and how many pages of 100 it reads. */
const TRACK_DAYS = 30;
const TRACK_PAGES = 10;

class RoyalMailConnector implements CarrierConnector {
  private readonly apiKey: string;
  private readonly http: ConnectorHttp;
  private readonly single: ConnectorHttp;

  constructor(private readonly ctx: ConnectorContext) {
    this.apiKey = credential(ctx, 'apiKey', 'Click & Drop API key');
    const o = { secrets: () => [this.apiKey], limits: Object.fromEntries(OPERATIONS.map((op) => [op, LIMIT])) };
    this.http = carrierHttp(ctx, o);
    this.single = carrierHttp(ctx, { ...o, singleAttempt: true });
  }

  private async call(req: ConnectorRequest, client = this.http): Promise<ConnectorResponse> {
    try {
      return await client.request({
        ...req,
        path: API + req.path,
        headers: { authorization: `Bearer ${this.apiKey}`, ...req.headers },
      });
    } catch (e) {
      if (e instanceof ConnectorError && e.status === 401)
        throw new ConnectorError(
          `${req.operation}: Click & Drop refused the API key of ${this.ctx.account.name} (401); check it in Api Config.`,
          { status: 401, retryable: false },
        );
      if (e instanceof ConnectorError && e.status === 403)
        throw new ConnectorError(
          `${req.operation}: Click & Drop does not let this account do it (403); labels through the API need an OBA account.`,
          { status: 403, retryable: false },
        );
      throw e;
    }
  }

  async testConnection(): Promise<string> {
    // GET /version answers without a key; the first order of the list is the cheapest call that checks it.
    const res = await this.call({
      operation: 'GetOrdersAsync',
      method: 'GET',
      path: '/orders',
      query: { pageSize: 1 },
    });
    const orders = res.json<{ orders?: RmOrderInfo[] }>().orders ?? [];
    return `Click & Drop accepted the API key; ${orders.length ? 'its orders are readable' : 'the account has no orders yet'}.`;
  }

  /** Orders by identifier or by reference ("ref", percent-encoded inside the quotes); none: an empty list. */
  private async orders(identifiers: string[]): Promise<RmOrderInfo[]> {
    const res = await this.call({
      operation: 'GetSpecificOrdersAsync',
      method: 'GET',
      path: `/orders/${identifiers.join(';')}`,
      accept: [404],
    });
    return res.status === 404 ? [] : res.json<RmOrderInfo[]>();
  }

  private async findByReference(reference: string): Promise<RmOrderInfo | null> {
    const found = await this.orders([`"${encodeURIComponent(reference)}"`]);
    return found.find((o) => o.orderReference === reference) ?? null;
  }

  private async create(s: CarrierShipmentRequest): Promise<RmOrderInfo> {
    const res = await this.call(
      {
        operation: 'CreateOrdersAsync',
        method: 'POST',
        path: '/orders',
        json: { items: [orderRequest(s, new Date())] },
      },
      this.single,
    );
    const body = res.json<RmCreateOrdersResponse>();
    const failed = failedOrdersWords(body);
    if (failed.length) throw refused(`CreateOrdersAsync: ${failed.join(' ')}`);
    const created = body.createdOrders?.find((o) => o.orderReference === s.reference) ?? body.createdOrders?.[0];
    if (!created)
      throw new ConnectorError(`CreateOrdersAsync: Click & Drop answered neither a created nor a failed order`, {
        retryable: true,
      });
    return created;
  }

  async createShipment(s: CarrierShipmentRequest): Promise<CarrierShipment> {
    const order = await createOnce(this.ctx, {
      find: () => this.findByReference(s.reference),
      create: () => this.create(s),
    });
    const id = String(order.orderIdentifier);
    const res = await this.call({
      operation: 'GetOrdersLabelAsync',
      method: 'GET',
      path: `/orders/${id}/label`,
      query: { documentType: 'postageLabel', includeReturnsLabel: false },
      headers: { accept: 'application/pdf' },
      binary: true,
    });
    const labelPdf = res.bytes ?? Buffer.alloc(0);
    if (!labelPdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
      throw new ConnectorError(`GetOrdersLabelAsync: the label of order ${id} is not a PDF`, { retryable: true });
    // The tracking numbers come with the label: read the order again to have them.
    const [labelled] = await this.orders([id]);
    return { externalId: id, trackingNumbers: trackingNumbersOf(labelled ?? order), labelPdf, labelZpl: null };
  }

  async cancelShipment(externalId: string): Promise<void> {
    const res = await this.call({
      operation: 'DeleteOrdersAsync',
      method: 'DELETE',
      path: `/orders/${externalId}`,
      accept: [404],
    });
    // 404: no such order any more, as after an earlier cancel.
    if (res.status === 404) return;
    const errors = res.json<RmDeleteOrdersResponse>().errors ?? [];
    if (errors.length)
      throw refused(
        `DeleteOrdersAsync: Click & Drop did not delete order ${externalId}: ${errors.map((e) => e.message ?? e.code).join('; ')}`,
        errors[0]?.code ?? null,
      );
  }

  async track(trackingNumbers: string[]): Promise<TrackingState[]> {
    const wanted = new Set(trackingNumbers);
    const byNumber = new Map<string, RmOrderInfo>();
    const from = new Date(Date.now() - TRACK_DAYS * 86_400_000).toISOString();
    let token: string | undefined;
    for (let page = 0; page < TRACK_PAGES && byNumber.size < wanted.size; page++) {
      const res = await this.call({
        operation: 'GetOrdersAsync',
        method: 'GET',
        path: '/orders',
        query: { pageSize: 100, startDateTime: from, continuationToken: token },
      });
      const body = res.json<{ orders?: RmOrderInfo[]; continuationToken?: string }>();
      for (const o of body.orders ?? []) for (const t of trackingNumbersOf(o)) if (wanted.has(t)) byNumber.set(t, o);
      token = body.continuationToken;
      if (!token) break;
    }
    return trackingNumbers.map((t) => trackingState(t, byNumber.get(t), TRACK_DAYS));
  }
}

export const royalMailConnector: ConnectorModule<CarrierConnector> = {
  type: 'ROYAL_MAIL',
  kind: 'CARRIER',
  // Click & Drop has no sandbox: its test accounts use the same address.
  defaultBaseUrl: { PRODUCTION: 'https://api.parcel.royalmail.com', SANDBOX: 'https://api.parcel.royalmail.com' },
  credentialFields: [{ name: 'apiKey', label: 'Click & Drop API key', secret: true }],
  modelledOnly: false,
  create: (ctx) => new RoyalMailConnector(ctx),
};
