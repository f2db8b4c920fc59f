import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { labelPdf, numberMaker } from '../carrier-kit.ts';
import { loadContract } from '../kit/openapi.ts';
import { type FakeReply, type FakeServer, startFakeServer } from '../kit/server.ts';
import { basicCredentials, TokenIssuer } from '../kit/tokens.ts';
import type { CarrierFake, FakeOptions } from '../kit/types.ts';

/**
 * A local DPD UK shipping API, MODELLED: DPD UK publishes no contract, so requests and answers are checked
 * against modelled-api.json, written from DPD's documented request shapes (see its description for what is
 * modelled beyond them). Kept minimal: login for a GeoSession, create a shipment (refusals in `error` of a 200
 * answer), its label by Accept type, delete, and a consignment's state.
 */

export const DPD_FAKE_LOGIN = { username: 'dpd-fake-user', password: 'dpd-fake-secret-4410', accountNumber: '1234567' };

/** Network codes (service^product) the fake's account may use: next day, by 12, by 10:30, Saturday, two day. */
const NETWORK_CODES = new Set(['1^12', '1^13', '1^16', '1^19', '2^12', '2^32']);

export interface DpdFakeShipment {
  shipmentId: number;
  consignmentNumber: string;
  parcelNumbers: string[];
  reference: string;
  networkCode: string;
  recipient: string;
  postcode: string;
  deleted: boolean;
  deliveredOn: string | null;
}

export interface DpdFakeState {
  login: typeof DPD_FAKE_LOGIN;
  shipments: Map<number, DpdFakeShipment>;
  /** Every GeoSession handed out (tests check none reaches a call log). */
  issued: string[];
  sessions: TokenIssuer;
}

type Obj = Record<string, unknown>;
const errorBody = (status: number, message: string) => ({
  error: [{ errorCode: String(status), errorType: status === 401 ? 'Authentication' : 'Error', errorMessage: message }],
  data: null,
});
const modelled = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modelled-api.json');

export type DpdFake = CarrierFake<DpdFakeState> & Pick<FakeServer<DpdFakeState>, 'reset'>;

export async function startDpdFake(options: FakeOptions = {}): Promise<DpdFake> {
  const contract = await loadContract(modelled);
  const state: DpdFakeState = {
    login: { ...DPD_FAKE_LOGIN },
    shipments: new Map(),
    issued: [],
    sessions: new TokenIssuer('geo-'),
  };
  let nextId = 50_001;
  const consignment = numberMaker('', 10);
  const notFound = (what: string): FakeReply => ({ status: 404, body: errorBody(404, `${what} was not found`) });
  const live = (id: string | undefined) => {
    const s = state.shipments.get(Number(id));
    return s && !s.deleted ? s : undefined;
  };

  const server = await startFakeServer<DpdFakeState>({
    name: 'dpd',
    state,
    contracts: [contract],
    errorBody,
    options,
    authorize: (req) => {
      const client = req.headers.geoclient === `account/${state.login.accountNumber}`;
      if (req.operation === 'login') {
        const basic = basicCredentials(req.headers);
        const ok = client && basic?.user === state.login.username && basic.password === state.login.password;
        return ok ? null : { status: 401, body: errorBody(401, 'The user name, password or account is not valid') };
      }
      const session = String(req.headers.geosession ?? '');
      return client && state.sessions.valid(session)
        ? null
        : { status: 401, body: errorBody(401, 'The GeoSession is not valid') };
    },
    handlers: {
      login: () => {
        const { token } = state.sessions.issue(3600);
        state.issued.push(token);
        return { status: 200, body: { data: { geoSession: token }, error: null } };
      },
      createShipment: (req) => {
        const c = ((req.body as Obj).consignment as Obj[])[0] as Obj;
        const networkCode = String(c.networkCode);
        if (!NETWORK_CODES.has(networkCode))
          return {
            status: 200,
            body: {
              data: null,
              error: [
                {
                  errorCode: '1008',
                  errorType: 'Validation',
                  errorMessage: `Network code ${networkCode} is not available to this account`,
                  obj: 'consignment[0].networkCode',
                },
              ],
            },
          };
        const delivery = c.deliveryDetails as Obj;
        const address = delivery.address as Obj;
        const number = consignment();
        const count = Number(c.numberOfParcels);
        const shipment: DpdFakeShipment = {
          shipmentId: nextId++,
          consignmentNumber: number,
          parcelNumbers: Array.from({ length: count }, (_, i) => `1550${number}${i + 1}`),
          reference: String(c.shippingRef1),
          networkCode,
          recipient: String((delivery.contactDetails as Obj).contactName),
          postcode: String(address.postcode),
          deleted: false,
          deliveredOn: null,
        };
        state.shipments.set(shipment.shipmentId, shipment);
        const consignmentDetail = [{ consignmentNumber: number, parcelNumbers: shipment.parcelNumbers }];
        return {
          status: 200,
          body: { data: { shipmentId: shipment.shipmentId, consolidated: false, consignmentDetail }, error: null },
        };
      },
      getLabel: (req) => {
        const s = live(req.params.shipmentId);
        if (!s) return notFound(`Shipment ${req.params.shipmentId}`);
        const lines = (parcel: string) => ['DPD', s.networkCode, s.consignmentNumber, parcel, s.recipient, s.postcode];
        const type = String(req.headers.accept);
        if (type === 'application/pdf')
          return { status: 200, body: labelPdf(s.parcelNumbers.map(lines)), headers: { 'content-type': type } };
        const text = s.parcelNumbers.map((p) => lines(p).join('\n')).join('\n\n');
        return { status: 200, body: text, headers: { 'content-type': type } };
      },
      deleteShipment: (req) => {
        const s = live(req.params.shipmentId);
        if (!s) return notFound(`Shipment ${req.params.shipmentId}`);
        s.deleted = true;
        return { status: 200, body: { data: { shipmentId: s.shipmentId, deleted: true }, error: null } };
      },
      trackConsignment: (req) => {
        const s = [...state.shipments.values()].find((x) => x.consignmentNumber === req.params.consignmentNumber);
        if (!s) return notFound(`Consignment ${req.params.consignmentNumber}`);
        const status = s.deliveredOn ? 'DELIVERED' : 'BOOKED';
        const lastEvent = s.deliveredOn ? 'Delivered' : s.deleted ? 'Shipment cancelled' : 'Shipment booked';
        return {
          status: 200,
          body: { data: { consignmentNumber: s.consignmentNumber, status, deliveredOn: s.deliveredOn, lastEvent } },
        };
      },
    },
  });

  return {
    ...server,
    shipments: () =>
      [...state.shipments.values()].map((s) => ({
        externalId: String(s.shipmentId),
        reference: s.reference,
        trackingNumbers: [s.consignmentNumber],
        cancelled: s.deleted,
      })),
    deliver(trackingNumber, at = new Date()) {
      const s = [...state.shipments.values()].find((x) => x.consignmentNumber === trackingNumber);
      if (!s) throw new Error(`The DPD fake has no consignment ${trackingNumber}`);
      s.deliveredOn = at.toISOString();
    },
  };
}
