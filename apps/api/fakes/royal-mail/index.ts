import { labelPdf, numberMaker } from '../carrier-kit.ts';
import { contractPath } from '../kit/contracts-dir.ts';
import { loadContract } from '../kit/openapi.ts';
import { type FakeReply, type FakeRequest, type FakeServer, startFakeServer } from '../kit/server.ts';
import { authToken } from '../kit/tokens.ts';
import type { CarrierFake, FakeOptions } from '../kit/types.ts';

/**
 * A local Royal Mail Click & Drop (API v1) on the kit's server, checked against the published Swagger file.
 * Orders are created (some refused in `failedOrders` of a 200 answer, as Click & Drop does), read by identifier
 * or by quoted reference, listed a page at a time, labelled (a PDF; the label gives each package its tracking
 * number and marks the order printed) and deleted. `deliver` marks an order delivered in `deliveredOn`, a field
 * the contract does not have (Click & Drop keeps no delivery event); `despatch` sets its `shippedOn`.
 */

export const ROYAL_MAIL_FAKE_API_KEY = 'rm-fake-key-5b1f0c2e9a';

/** Click & Drop service codes the fake's account offers (Tracked 24/48, 1st/2nd class, Special Delivery). */
const SERVICE_CODES = new Set(['TOLP24', 'TOLP48', 'TPN24', 'TPS48', 'CRL24', 'CRL48', 'SD1', 'SD9', 'OLP1', 'OLP2']);

export interface RoyalMailFakeOrder {
  orderIdentifier: number;
  orderReference: string;
  createdOn: string;
  orderDate: string;
  serviceCode: string;
  recipient: string;
  postcode: string;
  packages: { packageNumber: number; trackingNumber?: string }[];
  printedOn?: string;
  shippedOn?: string;
  deliveredOn?: string;
  deleted: boolean;
}

export interface RoyalMailFakeState {
  apiKey: string;
  orders: RoyalMailFakeOrder[];
  /** References the account refuses, with the reason (a partial failure of a create). */
  refuse: Map<string, string>;
}

type Obj = Record<string, unknown>;
const errorBody = (_status: number, message: string) => ({ message });

/** The order as Click & Drop answers it (GetOrderInfoResource, with the modelled `deliveredOn`). */
function info(o: RoyalMailFakeOrder): Obj {
  const tracking = o.packages.map((p) => p.trackingNumber).filter(Boolean);
  return {
    orderIdentifier: o.orderIdentifier,
    orderReference: o.orderReference,
    createdOn: o.createdOn,
    orderDate: o.orderDate,
    ...(o.printedOn ? { printedOn: o.printedOn } : {}),
    ...(o.shippedOn ? { shippedOn: o.shippedOn } : {}),
    ...(tracking[0] ? { trackingNumber: tracking[0] } : {}),
    packages: o.packages.map((p) => ({ ...p })),
    ...(o.deliveredOn ? { deliveredOn: o.deliveredOn } : {}),
  };
}

/** Why Click & Drop would refuse one order of a create, as its errors, or none. */
function refusal(item: Obj, state: RoyalMailFakeState): Obj[] {
  const errors: Obj[] = [];
  const reference = String(item.orderReference ?? '');
  const forced = state.refuse.get(reference);
  if (forced)
    errors.push({ errorCode: 1, errorMessage: forced, fields: [{ fieldName: 'orderReference', value: reference }] });
  const serviceCode = String((item.postageDetails as Obj | undefined)?.serviceCode ?? '');
  if (serviceCode && !SERVICE_CODES.has(serviceCode))
    errors.push({
      errorCode: 21,
      errorMessage: `The service ${serviceCode} is not available on this account`,
      fields: [{ fieldName: 'postageDetails.serviceCode', value: serviceCode }],
    });
  const address = ((item.recipient as Obj | undefined)?.address ?? {}) as Obj;
  if (address.countryCode === 'GB' && !address.postcode)
    errors.push({ errorCode: 12, errorMessage: 'A postcode is required for the United Kingdom', fields: [] });
  return errors;
}

/** The identifiers of a path as sent: numbers, or "references" percent-encoded inside double quotes. */
function identifiers(req: FakeRequest): { ids: number[]; refs: string[] } {
  const raw = /\/orders\/([^/]+)/.exec(req.path)?.[1] ?? '';
  const ids: number[] = [];
  const refs: string[] = [];
  for (const part of raw.split(';')) {
    const quoted = /^(?:%22|")(.*)(?:%22|")$/.exec(part);
    if (quoted) refs.push(decodeURIComponent(quoted[1] ?? ''));
    else if (/^\d+$/.test(part)) ids.push(Number(part));
    else
      req.violation(
        `${req.operation}: "${decodeURIComponent(part)}" is neither an order identifier nor a quoted reference`,
      );
  }
  return { ids, refs };
}

export async function startRoyalMailFake(
  options: FakeOptions & { apiKey?: string } = {},
): Promise<
  CarrierFake<RoyalMailFakeState> & Pick<FakeServer<RoyalMailFakeState>, 'reset'> & { despatch(id: number): void }
> {
  const contract = await loadContract(contractPath('royal-mail', 'click-and-drop-api-v1.yaml'));
  const state: RoyalMailFakeState = {
    apiKey: options.apiKey ?? ROYAL_MAIL_FAKE_API_KEY,
    orders: [],
    refuse: new Map(),
  };
  let nextId = 1001;
  const trackingNumber = numberMaker('RM', 9, 'GB');
  const live = () => state.orders.filter((o) => !o.deleted);
  const select = (req: FakeRequest) => {
    const { ids, refs } = identifiers(req);
    return live().filter((o) => ids.includes(o.orderIdentifier) || refs.includes(o.orderReference));
  };
  const notFound = (): FakeReply => ({ status: 404, body: errorBody(404, 'No orders were found') });

  const server = await startFakeServer<RoyalMailFakeState>({
    name: 'royal-mail',
    state,
    contracts: [contract],
    errorBody,
    options,
    authorize: (req) =>
      req.operation === 'GetVersionAsync' || authToken(req.headers) === state.apiKey
        ? null
        : { status: 401, body: errorBody(401, 'Authorization has been denied for this request.') },
    handlers: {
      GetVersionAsync: () => ({
        status: 200,
        body: { commit: 'fake', build: '1', release: '1.0.0', releaseDate: '2026-01-05T00:00:00Z' },
      }),
      GetOrdersAsync: (req) => {
        const from = req.query.get('startDateTime');
        const to = req.query.get('endDateTime');
        const size = Number(req.query.get('pageSize') ?? 25);
        const start = Number(req.query.get('continuationToken') ?? 0);
        const all = live().filter((o) => (!from || o.createdOn >= from) && (!to || o.createdOn < to));
        const page = all.slice(start, start + size);
        const more = start + size < all.length;
        return {
          status: 200,
          body: { orders: page.map(info), ...(more ? { continuationToken: String(start + size) } : {}) },
        };
      },
      GetSpecificOrdersAsync: (req) => {
        const found = select(req);
        return found.length ? { status: 200, body: found.map(info) } : notFound();
      },
      CreateOrdersAsync: (req) => {
        const items = ((req.body as Obj).items ?? []) as Obj[];
        const createdOrders: Obj[] = [];
        const failedOrders: Obj[] = [];
        for (const item of items) {
          const errors = refusal(item, state);
          if (errors.length) {
            failedOrders.push({ order: item, errors });
            continue;
          }
          const address = ((item.recipient as Obj).address ?? {}) as Obj;
          const order: RoyalMailFakeOrder = {
            orderIdentifier: nextId++,
            orderReference: String(item.orderReference ?? ''),
            createdOn: new Date().toISOString(),
            orderDate: String(item.orderDate),
            serviceCode: String((item.postageDetails as Obj | undefined)?.serviceCode ?? ''),
            recipient: String(address.fullName ?? ''),
            postcode: String(address.postcode ?? ''),
            packages: ((item.packages ?? []) as Obj[]).map((_, i) => ({ packageNumber: i + 1 })),
            deleted: false,
          };
          state.orders.push(order);
          createdOrders.push(info(order));
        }
        return {
          status: 200,
          body: { successCount: createdOrders.length, errorsCount: failedOrders.length, createdOrders, failedOrders },
        };
      },
      GetOrdersLabelAsync: (req) => {
        if (req.query.get('documentType') === 'postageLabel' && req.query.get('includeReturnsLabel') === null)
          return { status: 400, body: [{ code: 'includeReturnsLabel', message: 'includeReturnsLabel is required' }] };
        const found = select(req);
        if (!found.length) return notFound();
        const now = new Date().toISOString();
        for (const o of found) {
          o.printedOn ??= now;
          for (const p of o.packages) p.trackingNumber ??= trackingNumber();
        }
        const pages = found.flatMap((o) =>
          o.packages.map((p) => ['Royal Mail', o.serviceCode, p.trackingNumber ?? '', o.recipient, o.postcode]),
        );
        return { status: 200, body: labelPdf(pages), headers: { 'content-type': 'application/pdf' } };
      },
      DeleteOrdersAsync: (req) => {
        const found = select(req);
        if (!found.length) return notFound();
        for (const o of found) o.deleted = true;
        const deletedOrders = found.map((o) => ({
          orderIdentifier: o.orderIdentifier,
          orderReference: o.orderReference,
          orderInfo: 'Deleted',
        }));
        return { status: 200, body: { deletedOrders, errors: [] } };
      },
    },
  });

  const byTracking = (t: string) => state.orders.find((o) => o.packages.some((p) => p.trackingNumber === t));
  return {
    ...server,
    shipments: () =>
      state.orders.map((o) => ({
        externalId: String(o.orderIdentifier),
        reference: o.orderReference,
        trackingNumbers: o.packages.map((p) => p.trackingNumber).filter((t): t is string => !!t),
        cancelled: o.deleted,
      })),
    despatch(id) {
      const o = state.orders.find((x) => x.orderIdentifier === id);
      if (!o) throw new Error(`The Click & Drop fake has no order ${id}`);
      o.shippedOn ??= new Date().toISOString();
    },
    deliver(t, at = new Date()) {
      const o = byTracking(t);
      if (!o) throw new Error(`The Click & Drop fake has no parcel ${t}`);
      o.shippedOn ??= at.toISOString();
      o.deliveredOn = at.toISOString();
    },
  };
}
