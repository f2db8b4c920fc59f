import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { labelPdf, labelZpl, numberMaker } from '../carrier-kit.ts';
import { loadContract } from '../kit/openapi.ts';
import { type FakeReply, type FakeServer, startFakeServer } from '../kit/server.ts';
import { authToken, basicCredentials, TokenIssuer } from '../kit/tokens.ts';
import type { CarrierFake, FakeOptions } from '../kit/types.ts';

/**
 * A local DHL eCommerce UK shipping API, MODELLED: DHL eCommerce UK publishes no contract, so requests and
 * answers are checked against modelled-api.json, a minimal model of its documented flow. Kept minimal: a
 * client-credentials token, shipments (found again by reference), labels in PDF or ZPL, cancel, tracking.
 */

export const DHL_FAKE_LOGIN = {
  clientId: 'dhl-fake-client',
  clientSecret: 'dhl-fake-secret-90f1',
  accountNumber: 'A100200',
};

/** Service codes the fake's account may use (next day, next day 12:00, 48 hours, international road). */
const SERVICE_CODES = new Set(['ND', 'ND12', 'D48', 'IRD']);

export interface DhlFakeShipment {
  shipmentId: string;
  reference: string;
  serviceCode: string;
  trackingNumbers: string[];
  recipient: string;
  postcode: string;
  cancelled: boolean;
  deliveredAt: string | null;
}

export interface DhlFakeState {
  login: typeof DHL_FAKE_LOGIN;
  shipments: Map<string, DhlFakeShipment>;
  /** Every access token handed out (tests check none reaches a call log). */
  issued: string[];
  tokens: TokenIssuer;
}

type Obj = Record<string, unknown>;
const errorBody = (status: number, message: string) => ({ errors: [{ code: String(status), message }] });
const modelled = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modelled-api.json');

export type DhlFake = CarrierFake<DhlFakeState> & Pick<FakeServer<DhlFakeState>, 'reset'>;

export async function startDhlFake(options: FakeOptions = {}): Promise<DhlFake> {
  const contract = await loadContract(modelled);
  const state: DhlFakeState = {
    login: { ...DHL_FAKE_LOGIN },
    shipments: new Map(),
    issued: [],
    tokens: new TokenIssuer('dhl-'),
  };
  const shipmentId = numberMaker('DHL', 8);
  const trackingNumber = numberMaker('JD01460000', 10);
  const view = (s: DhlFakeShipment) => ({
    shipmentId: s.shipmentId,
    reference: s.reference,
    status: s.cancelled ? 'CANCELLED' : 'CREATED',
    trackingNumbers: s.trackingNumbers,
  });
  const notFound = (id: string): FakeReply => ({ status: 404, body: errorBody(404, `Shipment ${id} was not found`) });

  const server = await startFakeServer<DhlFakeState>({
    name: 'dhl',
    state,
    contracts: [contract],
    errorBody,
    options,
    authorize: (req) => {
      if (req.operation === 'getToken') {
        const basic = basicCredentials(req.headers);
        return basic?.user === state.login.clientId && basic.password === state.login.clientSecret
          ? null
          : { status: 401, body: errorBody(401, 'The client id or secret is not valid') };
      }
      return state.tokens.valid(authToken(req.headers))
        ? null
        : { status: 401, body: errorBody(401, 'The access token is missing, expired or not valid') };
    },
    handlers: {
      getToken: () => {
        const { token, expiresIn } = state.tokens.issue(3600);
        state.issued.push(token);
        return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: expiresIn } };
      },
      createShipment: (req) => {
        const body = req.body as Obj;
        if (body.accountNumber !== state.login.accountNumber)
          return {
            status: 403,
            body: errorBody(403, `The client may not ship on account ${String(body.accountNumber)}`),
          };
        const serviceCode = String(body.serviceCode);
        if (!SERVICE_CODES.has(serviceCode))
          return {
            status: 422,
            body: {
              errors: [
                { code: 'SERVICE', message: `Service ${serviceCode} is not on this account`, field: 'serviceCode' },
              ],
            },
          };
        const receiver = body.receiver as Obj;
        const s: DhlFakeShipment = {
          shipmentId: shipmentId(),
          reference: String(body.reference),
          serviceCode,
          trackingNumbers: (body.parcels as unknown[]).map(() => trackingNumber()),
          recipient: String(receiver.name),
          postcode: String((receiver.address as Obj).postcode),
          cancelled: false,
          deliveredAt: null,
        };
        state.shipments.set(s.shipmentId, s);
        return { status: 201, body: view(s) };
      },
      findShipments: (req) => {
        const reference = req.query.get('reference');
        const found = [...state.shipments.values()].filter((s) => s.reference === reference);
        return { status: 200, body: { shipments: found.map(view) } };
      },
      getLabel: (req) => {
        const s = state.shipments.get(req.params.shipmentId ?? '');
        if (!s) return notFound(req.params.shipmentId ?? '');
        if (s.cancelled)
          return { status: 409, body: errorBody(409, `Shipment ${s.shipmentId} is cancelled: it has no label`) };
        if (req.query.get('format') === 'ZPL')
          return { status: 200, body: labelZpl('DHL', s.trackingNumbers), headers: { 'content-type': 'text/plain' } };
        const pages = s.trackingNumbers.map((t) => ['DHL eCommerce', s.serviceCode, t, s.recipient, s.postcode]);
        return { status: 200, body: labelPdf(pages), headers: { 'content-type': 'application/pdf' } };
      },
      cancelShipment: (req) => {
        const s = state.shipments.get(req.params.shipmentId ?? '');
        if (!s) return notFound(req.params.shipmentId ?? '');
        s.cancelled = true;
        return { status: 200, body: view(s) };
      },
      track: (req) => {
        const wanted = (req.query.get('trackingNumbers') ?? '').split(',');
        const results = [...state.shipments.values()].flatMap((s) =>
          s.trackingNumbers
            .filter((t) => wanted.includes(t))
            .map((t) => ({
              trackingNumber: t,
              status: s.deliveredAt ? 'DELIVERED' : 'CREATED',
              deliveredAt: s.deliveredAt,
              lastEvent: s.deliveredAt ? 'Delivered' : s.cancelled ? 'Shipment cancelled' : 'Shipment data received',
            })),
        );
        return { status: 200, body: { results } };
      },
    },
  });

  return {
    ...server,
    shipments: () =>
      [...state.shipments.values()].map((s) => ({
        externalId: s.shipmentId,
        reference: s.reference,
        trackingNumbers: s.trackingNumbers,
        cancelled: s.cancelled,
      })),
    deliver(t, at = new Date()) {
      const s = [...state.shipments.values()].find((x) => x.trackingNumbers.includes(t));
      if (!s) throw new Error(`The DHL fake has no parcel ${t}`);
      s.deliveredAt = at.toISOString();
    },
  };
}
