import { ConnectorError, type ConnectorHttp, type ConnectorRequest } from '../../../../platform/connectors/http.ts';
import {
  carrierHttp,
  createOnce,
  credential,
  gramsToKg,
  londonDate,
  refused,
  shipmentMemory,
  totalGrams,
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
 * DPD UK, MODELLED from DPD's documented request shapes (no published contract): a login with basic auth and
 * the account's GEOClient gives a GeoSession; a shipment of one consignment is posted (its network code is the
 * service code, our reference is shippingRef1), then its label asked for as a PDF. DPD cannot find a shipment by
 * reference, so a retry reuses the one booked for that reference in this process (`shipmentMemory`). The PDF
 * label type, the delete and the consignment tracking path are modelled; DPD's thermal labels are EPL or CLP,
 * not ZPL, so `labelZpl` stays null.
 */

type Answer<T> = { data: T | null; error: { errorCode?: string; errorMessage?: string; obj?: string }[] | null };
type Created = { shipmentId: number; consignmentDetail: { consignmentNumber: string; parcelNumbers: string[] }[] };
const TRACKING_STATES = new Set(['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION', 'RETURNED']);
/** DPD's text fields are at most 35 characters. */
const cut = (text: string | null, max = 35) => (text ? text.slice(0, max) : undefined);

function errorWords(error: Answer<unknown>['error']): string {
  return (error ?? []).map((e) => `${e.errorMessage ?? e.errorCode}${e.obj ? ` (${e.obj})` : ''}`).join('; ');
}

class DpdConnector implements CarrierConnector {
  private readonly user: string;
  private readonly password: string;
  private readonly geoClient: string;
  private readonly http: ConnectorHttp;
  private readonly single: ConnectorHttp;
  private session: string | null = null;

  constructor(private readonly ctx: ConnectorContext) {
    this.user = credential(ctx, 'username', 'DPD user name');
    this.password = credential(ctx, 'password', 'DPD password');
    this.geoClient = `account/${credential(ctx, 'accountNumber', 'DPD account number')}`;
    const o = { secrets: () => [this.password, this.session ?? ''], maskFields: ['geoSession'] };
    this.http = carrierHttp(ctx, o);
    this.single = carrierHttp(ctx, { ...o, singleAttempt: true });
  }

  private async login(): Promise<{ value: string; ttlMs: number }> {
    const basic = Buffer.from(`${this.user}:${this.password}`).toString('base64');
    const res = await this.http
      .request({
        operation: 'login',
        method: 'POST',
        path: '/user/',
        query: { action: 'login' },
        headers: { authorization: `Basic ${basic}`, geoclient: this.geoClient },
      })
      .catch((e: unknown) => {
        if (e instanceof ConnectorError && e.status === 401)
          throw new ConnectorError(
            `login: DPD refused the user name, password or account number of ${this.ctx.account.name} (401); check them in Api Config.`,
            { status: 401, retryable: false },
          );
        throw e;
      });
    const value = res.json<Answer<{ geoSession?: string }>>().data?.geoSession;
    if (!value) throw new ConnectorError('login: DPD answered no GeoSession', { retryable: true });
    return { value, ttlMs: 3_600_000 };
  }

  /** A call with the account's GeoSession (a new one when DPD no longer knows it). */
  private call(req: ConnectorRequest, client = this.http) {
    return withSession(
      this.ctx,
      () => this.login(),
      (session) => {
        this.session = session;
        return client.request({ ...req, headers: { geosession: session, geoclient: this.geoClient, ...req.headers } });
      },
    );
  }

  async testConnection(): Promise<string> {
    await this.login();
    return `DPD accepted the user ${this.user} for ${this.geoClient}.`;
  }

  private async book(s: CarrierShipmentRequest): Promise<{ externalId: string; trackingNumbers: string[] }> {
    const to = s.shipTo;
    const consignment = {
      consignmentNumber: null,
      consignmentRef: null,
      parcel: [],
      deliveryDetails: {
        contactDetails: { contactName: cut(to.name), telephone: cut(to.phone, 15) ?? '' },
        address: {
          organisation: cut(to.company),
          countryCode: to.countryCode.toUpperCase(),
          postcode: to.postcode,
          street: cut(to.line1),
          locality: cut([to.line2, to.line3].filter(Boolean).join(', ') || null),
          town: cut(to.city),
          county: cut(to.county),
        },
        notificationDetails: { email: cut(to.email, 100), mobile: cut(to.phone, 15) },
      },
      networkCode: s.serviceCode,
      numberOfParcels: s.parcels.length,
      // DPD takes kilograms as a number: the weight is read from the grams' text, not computed in floats.
      totalWeight: Number(gramsToKg(totalGrams(s.parcels))),
      shippingRef1: s.reference.slice(0, 25),
      customsValue: null,
      parcelDescription: cut(s.contents.map((c) => c.description).join(', ') || null, 25),
      liability: false,
    };
    const body = {
      jobId: null,
      collectionOnDelivery: false,
      invoice: null,
      collectionDate: `${londonDate(s.shippingDate)}T16:00:00`,
      consolidate: false,
      consignment: [consignment],
    };
    const res = await this.call(
      { operation: 'createShipment', method: 'POST', path: '/shipping/shipment', json: body },
      this.single,
    );
    const answer = res.json<Answer<Created>>();
    if (answer.error?.length || !answer.data)
      throw refused(
        `createShipment: DPD refused shipment ${s.reference}: ${errorWords(answer.error) || 'no reason given'}`,
      );
    return {
      externalId: String(answer.data.shipmentId),
      trackingNumbers: answer.data.consignmentDetail.map((c) => c.consignmentNumber),
    };
  }

  async createShipment(s: CarrierShipmentRequest): Promise<CarrierShipment> {
    const booked = await createOnce(this.ctx, {
      find: async () => shipmentMemory.get(this.ctx, s.reference),
      create: async () => {
        const made = await this.book(s);
        shipmentMemory.set(this.ctx, s.reference, made);
        return made;
      },
    });
    const res = await this.call({
      operation: 'getLabel',
      method: 'GET',
      path: `/shipping/shipment/${booked.externalId}/label/`,
      headers: { accept: 'application/pdf' },
      binary: true,
    });
    const labelPdf = res.bytes ?? Buffer.alloc(0);
    if (!labelPdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
      throw new ConnectorError(`getLabel: the label of shipment ${booked.externalId} is not a PDF`, {
        retryable: true,
      });
    return { ...booked, labelPdf, labelZpl: null };
  }

  async cancelShipment(externalId: string): Promise<void> {
    // 404: DPD no longer has it, as after an earlier cancel.
    await this.call({
      operation: 'deleteShipment',
      method: 'DELETE',
      path: `/shipping/shipment/${externalId}/`,
      accept: [404],
    });
    shipmentMemory.forget(this.ctx, externalId);
  }

  async track(trackingNumbers: string[]): Promise<TrackingState[]> {
    const out: TrackingState[] = [];
    for (const trackingNumber of trackingNumbers) {
      const res = await this.call({
        operation: 'trackConsignment',
        method: 'GET',
        path: `/tracking/consignment/${encodeURIComponent(trackingNumber)}`,
        accept: [404],
      });
      const data =
        res.status === 404
          ? null
          : res.json<Answer<{ status: string; deliveredOn: string | null; lastEvent: string | null }>>().data;
      out.push({
        trackingNumber,
        status: data && TRACKING_STATES.has(data.status) ? (data.status as TrackingState['status']) : 'UNKNOWN',
        deliveredAt: data?.deliveredOn ?? null,
        lastEvent: data ? data.lastEvent : 'DPD does not know this consignment.',
      });
    }
    return out;
  }
}

export const dpdConnector: ConnectorModule<CarrierConnector> = {
  type: 'DPD',
  kind: 'CARRIER',
  defaultBaseUrl: { PRODUCTION: 'https://api.dpd.co.uk', SANDBOX: 'https://api.dpd.co.uk' },
  credentialFields: [
    { name: 'username', label: 'DPD user name', secret: false },
    { name: 'password', label: 'DPD password', secret: true },
    { name: 'accountNumber', label: 'DPD account number', secret: false },
  ],
  modelledOnly: true,
  create: (ctx) => new DpdConnector(ctx),
};
