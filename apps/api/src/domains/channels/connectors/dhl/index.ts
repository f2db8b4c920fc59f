import { ConnectorError, type ConnectorHttp, type ConnectorRequest } from '../../../../platform/connectors/http.ts';
import {
  carrierHttp,
  createOnce,
  credential,
  kgToGrams,
  londonDate,
  type MadeShipment,
  wholeCm,
  withSession,
} from '../carrier-common.ts';
import type {
  CarrierConnector,
  CarrierShipment,
  CarrierShipmentRequest,
  ConnectorContext,
  ConnectorModule,
  TrackingState,
} from '../types.ts';

/**
 * DHL eCommerce UK, MODELLED (no published contract): an OAuth client-credentials token, then a shipment whose
 * reference is our invoice number (looked up by reference before it is made, so one reference makes one), its
 * labels as one PDF and as ZPL, cancel, and tracking by tracking number, twenty at a time.
 */

interface Shipment {
  shipmentId: string;
  reference: string;
  status: 'CREATED' | 'CANCELLED';
  trackingNumbers: string[];
}

const TRACK_BATCH = 20;
const TRACKING_STATES = new Set(['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION', 'RETURNED']);

class DhlConnector implements CarrierConnector {
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly accountNumber: string;
  private readonly http: ConnectorHttp;
  private readonly single: ConnectorHttp;
  private token: string | null = null;

  constructor(private readonly ctx: ConnectorContext) {
    this.clientId = credential(ctx, 'clientId', 'DHL client id');
    this.clientSecret = credential(ctx, 'clientSecret', 'DHL client secret');
    this.accountNumber = credential(ctx, 'accountNumber', 'DHL account number');
    const o = { secrets: () => [this.clientSecret, this.token ?? ''], maskFields: ['access_token'] };
    this.http = carrierHttp(ctx, o);
    this.single = carrierHttp(ctx, { ...o, singleAttempt: true });
  }

  private async getToken(): Promise<{ value: string; ttlMs: number }> {
    const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
    const res = await this.http
      .request({
        operation: 'getToken',
        method: 'POST',
        path: '/auth/v1/token',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      })
      .catch((e: unknown) => {
        if (e instanceof ConnectorError && e.status === 401)
          throw new ConnectorError(
            `getToken: DHL refused the client id or secret of ${this.ctx.account.name} (401); check them in Api Config.`,
            { status: 401, retryable: false },
          );
        throw e;
      });
    const t = res.json<{ access_token?: string; expires_in?: number }>();
    if (!t.access_token) throw new ConnectorError('getToken: DHL answered no access token', { retryable: true });
    return { value: t.access_token, ttlMs: (t.expires_in ?? 3600) * 1000 };
  }

  private call(req: ConnectorRequest, client = this.http) {
    return withSession(
      this.ctx,
      () => this.getToken(),
      (token) => {
        this.token = token;
        return client.request({ ...req, headers: { authorization: `Bearer ${token}`, ...req.headers } });
      },
    );
  }

  async testConnection(): Promise<string> {
    await this.getToken();
    return `DHL accepted the client ${this.clientId} (account ${this.accountNumber}).`;
  }

  private async find(reference: string): Promise<MadeShipment | null> {
    const res = await this.call({
      operation: 'findShipments',
      method: 'GET',
      path: '/shipping/v1/shipments',
      query: { reference },
    });
    const live = res.json<{ shipments: Shipment[] }>().shipments.find((s) => s.status === 'CREATED');
    return live ? { externalId: live.shipmentId, trackingNumbers: live.trackingNumbers } : null;
  }

  private async create(s: CarrierShipmentRequest): Promise<MadeShipment> {
    const to = s.shipTo;
    const body = {
      accountNumber: this.accountNumber,
      reference: s.reference,
      serviceCode: s.serviceCode,
      shipmentDate: londonDate(s.shippingDate),
      receiver: {
        name: to.name,
        ...(to.company ? { company: to.company } : {}),
        ...(to.phone ? { phone: to.phone } : {}),
        ...(to.email ? { email: to.email } : {}),
        address: {
          line1: to.line1,
          ...(to.line2 ? { line2: to.line2 } : {}),
          ...(to.line3 ? { line3: to.line3 } : {}),
          town: to.city,
          ...(to.county ? { county: to.county } : {}),
          postcode: to.postcode,
          countryCode: to.countryCode.toUpperCase(),
        },
      },
      parcels: s.parcels.map((p) => ({
        weightGrams: kgToGrams(p.weightKg),
        ...(p.lengthCm !== null ? { lengthCm: wholeCm(p.lengthCm) } : {}),
        ...(p.widthCm !== null ? { widthCm: wholeCm(p.widthCm) } : {}),
        ...(p.heightCm !== null ? { heightCm: wholeCm(p.heightCm) } : {}),
      })),
      ...(to.countryCode.toUpperCase() !== 'GB'
        ? {
            customs: {
              value: s.value,
              currency: s.currency,
              contents: s.contents.map((c) => ({
                description: c.description,
                quantity: c.quantity,
                unitValue: c.unitValue,
                ...(c.weightKg !== null ? { weightGrams: kgToGrams(c.weightKg) } : {}),
              })),
            },
          }
        : {}),
    };
    const res = await this.call(
      { operation: 'createShipment', method: 'POST', path: '/shipping/v1/shipments', json: body },
      this.single,
    );
    const made = res.json<Shipment>();
    return { externalId: made.shipmentId, trackingNumbers: made.trackingNumbers };
  }

  private async label(id: string, format: 'PDF' | 'ZPL') {
    return this.call({
      operation: 'getLabel',
      method: 'GET',
      path: `/shipping/v1/shipments/${encodeURIComponent(id)}/label`,
      query: { format },
      headers: { accept: format === 'PDF' ? 'application/pdf' : 'text/plain' },
      binary: format === 'PDF',
    });
  }

  async createShipment(s: CarrierShipmentRequest): Promise<CarrierShipment> {
    const made = await createOnce(this.ctx, { find: () => this.find(s.reference), create: () => this.create(s) });
    const pdf = (await this.label(made.externalId, 'PDF')).bytes ?? Buffer.alloc(0);
    if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
      throw new ConnectorError(`getLabel: the label of shipment ${made.externalId} is not a PDF`, { retryable: true });
    const zpl = (await this.label(made.externalId, 'ZPL')).text;
    return { ...made, labelPdf: pdf, labelZpl: zpl.startsWith('^XA') ? zpl : null };
  }

  async cancelShipment(externalId: string): Promise<void> {
    // 404: DHL no longer has it; a cancelled shipment answers as cancelled again.
    await this.call({
      operation: 'cancelShipment',
      method: 'DELETE',
      path: `/shipping/v1/shipments/${encodeURIComponent(externalId)}`,
      accept: [404],
    });
  }

  async track(trackingNumbers: string[]): Promise<TrackingState[]> {
    const known = new Map<string, { status: string; deliveredAt: string | null; lastEvent: string | null }>();
    for (let i = 0; i < trackingNumbers.length; i += TRACK_BATCH) {
      const res = await this.call({
        operation: 'track',
        method: 'GET',
        path: '/tracking/v1/shipments',
        query: { trackingNumbers: trackingNumbers.slice(i, i + TRACK_BATCH) },
      });
      const body = res.json<{
        results: { trackingNumber: string; status: string; deliveredAt: string | null; lastEvent: string | null }[];
      }>();
      for (const r of body.results) known.set(r.trackingNumber, r);
    }
    return trackingNumbers.map((trackingNumber) => {
      const r = known.get(trackingNumber);
      return {
        trackingNumber,
        status: r && TRACKING_STATES.has(r.status) ? (r.status as TrackingState['status']) : 'UNKNOWN',
        deliveredAt: r?.deliveredAt ?? null,
        lastEvent: r ? r.lastEvent : 'DHL does not know this parcel.',
      };
    });
  }
}

export const dhlConnector: ConnectorModule<CarrierConnector> = {
  type: 'DHL',
  kind: 'CARRIER',
  defaultBaseUrl: { PRODUCTION: 'https://api.dhl.com/parceluk', SANDBOX: 'https://api-sandbox.dhl.com/parceluk' },
  credentialFields: [
    { name: 'clientId', label: 'DHL client id', secret: false },
    { name: 'clientSecret', label: 'DHL client secret', secret: true },
    { name: 'accountNumber', label: 'DHL account number', secret: false },
  ],
  modelledOnly: true,
  create: (ctx) => new DhlConnector(ctx),
};
