import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeXml, type XmlValue } from '../../src/domains/channels/connectors/carrier-common.ts';
import { FaultQueue, labelPdf, listen, numberMaker, playFault, readBody } from '../carrier-kit.ts';
import { contractPath } from '../kit/contracts-dir.ts';
import type { CarrierFake, FakeCall, FakeOptions } from '../kit/types.ts';
import { readXml, SOAP_ENV, Wsdl, type WsdlOperation, writeNode, type XmlNode } from './wsdl.ts';

/**
 * A local Parcelforce ExpressLink (v14, SOAP 1.1, document/literal). Every request envelope is checked against the
 * published WSDL's schema and every answer the fake writes is read back and checked the same way. Modelled:
 * createShipment, printLabel (PDF only), CancelShipment and Find (safe places); the other operations answer a
 * Server fault. Like ExpressLink, refusals of the request's content are Alerts of type ERROR in a normal reply, and
 * a request that breaks the schema is a Client fault. ExpressLink has no tracking call: `deliver` marks the
 * fake's shipment, which no operation shows.
 */

export const PARCELFORCE_FAKE_LOGIN = {
  username: 'expresslink-fake',
  password: 'pf-fake-secret-7731',
  accountNumber: '7000123',
  contractNumber: 'P765432',
};

/** ExpressLink's common service codes (Express 9, 10, AM, PM, 24, 48, globalpriority, …). */
const SERVICE_CODES = new Set(['09', 'S09', 'S10', 'S12', 'SPM', 'SND', 'SUP', 'S24L', 'SID', 'GPR', 'GEX', 'IPE']);

export interface ParcelforceFakeShipment {
  shipmentNumber: string;
  reference: string;
  serviceCode: string;
  parcels: number;
  recipient: string;
  postcode: string;
  cancelled: boolean;
  deliveredAt: Date | null;
}

export interface ParcelforceFakeState {
  userName: string;
  password: string;
  contractNumber: string;
  shipments: Map<string, ParcelforceFakeShipment>;
}

type Answer = { status: number; xml: string };

export type ParcelforceFake = CarrierFake<ParcelforceFakeState> & {
  /** Forgets the calls, violations and faults (between tests of one file). */
  reset(): void;
};

const envelope = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="${SOAP_ENV}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

function soapFault(code: 'Client' | 'Server', message: string): string {
  return envelope(writeXml('soap:Fault', { faultcode: `soap:${code}`, faultstring: message }));
}

const child = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name);
const text = (node: XmlNode | undefined, name: string) => child(node, name)?.text ?? '';

export async function startParcelforceFake(
  options: FakeOptions & { login?: Partial<typeof PARCELFORCE_FAKE_LOGIN> } = {},
): Promise<ParcelforceFake> {
  const wsdl = new Wsdl(contractPath('parcelforce', 'expresslink_api.wsdl'));
  const ns = wsdl.namespace;
  const login = { ...PARCELFORCE_FAKE_LOGIN, ...options.login };
  const state: ParcelforceFakeState = {
    userName: login.username,
    password: login.password,
    contractNumber: login.contractNumber,
    shipments: new Map(),
  };
  const violations: string[] = [];
  const calls: FakeCall[] = [];
  const faults = new FaultQueue();
  const nextNumber = numberMaker('PB', 8);

  const reply = (op: WsdlOperation, content: Record<string, XmlValue>): Answer => ({
    status: 200,
    xml: envelope(writeXml(op.output, content, `xmlns="${ns}"`)),
  });
  const alert = (op: WsdlOperation, code: number, message: string): Answer =>
    reply(op, { Alerts: { Alert: { Code: code, Message: message, Type: 'ERROR' } } });

  function createShipment(op: WsdlOperation, request: XmlNode): Answer {
    const rs = child(request, 'RequestedShipment');
    if (text(rs, 'ContractNumber') !== state.contractNumber)
      return alert(op, 1003, `Contract number ${text(rs, 'ContractNumber')} is not valid for this user`);
    const serviceCode = text(rs, 'ServiceCode');
    if (!SERVICE_CODES.has(serviceCode)) return alert(op, 1009, `Service code ${serviceCode} is not valid`);
    const address = child(rs, 'RecipientAddress');
    if (text(address, 'Country') === 'GB' && !text(address, 'Postcode'))
      return alert(op, 1011, 'A postcode is required for a delivery in the United Kingdom');
    const shipmentNumber = nextNumber();
    state.shipments.set(shipmentNumber, {
      shipmentNumber,
      reference: text(rs, 'ReferenceNumber1'),
      serviceCode,
      parcels: Number(text(rs, 'TotalNumberOfParcels') || '1'),
      recipient: text(child(rs, 'RecipientContact'), 'BusinessName'),
      postcode: text(address, 'Postcode'),
      cancelled: false,
      deliveredAt: null,
    });
    // The reply echoes the requested shipment as it was sent.
    const info = [
      writeXml('LeadShipmentNumber', shipmentNumber),
      writeXml('Status', 'ALLOCATED'),
      writeXml('CompletedShipments', { CompletedShipment: { ShipmentNumber: shipmentNumber } }),
      rs ? writeNode(rs, ns) : '',
    ].join('');
    return {
      status: 200,
      xml: envelope(
        `<${op.output} xmlns="${ns}"><CompletedShipmentInfo>${info}</CompletedShipmentInfo></${op.output}>`,
      ),
    };
  }

  function printLabel(op: WsdlOperation, request: XmlNode): Answer {
    const s = state.shipments.get(text(request, 'ShipmentNumber'));
    if (!s) return alert(op, 1404, `Shipment ${text(request, 'ShipmentNumber')} was not found`);
    if (s.cancelled) return alert(op, 1405, `Shipment ${s.shipmentNumber} has been cancelled`);
    const format = text(request, 'PrintFormat') || 'PDF';
    if (format !== 'PDF') return alert(op, 1406, `Print format ${format} is not available`);
    const pages = Array.from({ length: s.parcels }, (_, i) => [
      'Parcelforce Worldwide',
      `${s.serviceCode}  parcel ${i + 1} of ${s.parcels}`,
      s.shipmentNumber,
      s.recipient,
      s.postcode,
    ]);
    return reply(op, { Label: { Data: labelPdf(pages).toString('base64') } });
  }

  function cancelShipment(op: WsdlOperation, request: XmlNode): Answer {
    const s = state.shipments.get(text(request, 'ShipmentNumber'));
    if (!s) return alert(op, 1404, `Shipment ${text(request, 'ShipmentNumber')} was not found`);
    s.cancelled = true;
    return reply(op, {
      CompletedCancel: { CompletedCancelInfo: { Status: 'CANCELLED', ShipmentNumber: s.shipmentNumber } },
    });
  }

  function find(op: WsdlOperation, request: XmlNode): Answer {
    if (text(request, 'SafePlaces') !== 'true') return reply(op, {});
    return reply(op, { SafePlaceList: { SafePlace: ['Front Porch', 'Garage', 'Rear Porch', 'Shed'] } });
  }

  const handlers: Record<string, (op: WsdlOperation, request: XmlNode) => Answer> = {
    createShipment,
    printLabel,
    CancelShipment: cancelShipment,
    Find: find,
  };

  /** The request's operation and its element, or the fault to answer a request that is not a SOAP message. */
  function readRequest(raw: string, req: IncomingMessage): { op: WsdlOperation; element: XmlNode } | Answer {
    let root: XmlNode;
    try {
      root = readXml(raw);
    } catch (e) {
      violations.push(`request: not XML (${(e as Error).message})`);
      return { status: 500, xml: soapFault('Client', 'The request is not XML') };
    }
    const body = root.name === 'Envelope' && root.ns === SOAP_ENV ? child(root, 'Body') : undefined;
    const element = body?.children.length === 1 ? body.children[0] : undefined;
    const op = element && element.ns === ns ? wsdl.operationOf(element.name) : null;
    if (!element || !op) {
      violations.push('request: not a SOAP 1.1 envelope with one ExpressLink request in its Body');
      return { status: 500, xml: soapFault('Client', 'The request is not an ExpressLink request') };
    }
    const contentType = req.headers['content-type'] ?? '';
    if (!contentType.startsWith('text/xml'))
      violations.push(`${op.name}: content type ${contentType || '(none)'}, SOAP 1.1 is text/xml`);
    const action = String(req.headers.soapaction ?? '').replace(/"/g, '');
    if (action !== op.soapAction)
      violations.push(`${op.name}: SOAPAction "${action}", the WSDL says "${op.soapAction}"`);
    return { op, element };
  }

  function answerFor(op: WsdlOperation, element: XmlNode): Answer {
    const problems = wsdl.check(element, op.inputType);
    if (problems.length) {
      violations.push(...problems.map((p) => `${op.name} request: ${p}`));
      return { status: 500, xml: soapFault('Client', `The request breaks the schema: ${problems.join('; ')}`) };
    }
    const auth = child(element, 'Authentication');
    if (text(auth, 'UserName') !== state.userName || text(auth, 'Password') !== state.password)
      return { status: 401, xml: soapFault('Client', 'Authentication failed: unknown user name or password') };
    const handler = handlers[op.name];
    if (!handler) return { status: 500, xml: soapFault('Server', `${op.name} is not modelled by this fake`) };
    return handler(op, element);
  }

  /** What the fake's own answer breaks: a reply against the WSDL, a fault against SOAP 1.1's shape. */
  function checkAnswer(op: WsdlOperation | null, xml: string): string[] {
    const root = readXml(xml);
    const inner = child(root, 'Body')?.children[0];
    if (!inner) return ['answer: no element in the SOAP Body'];
    if (inner.name === 'Fault')
      return text(inner, 'faultcode') && text(inner, 'faultstring')
        ? []
        : ['answer: a SOAP Fault needs a code and a string'];
    if (!op || inner.name !== op.output)
      return [`answer: ${inner.name} is not the reply of ${op?.name ?? 'the request'}`];
    return wsdl.check(inner, op.outputType).map((p) => `${op.name} answer: ${p}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const read = readRequest(raw, req);
    const op = 'op' in read ? read.op : null;
    const fault = faults.take(op?.name ?? '*');
    const record = (status: number) =>
      calls.push({
        operation: op?.name ?? 'unknown',
        method: req.method ?? '',
        path: req.url ?? '',
        status,
        at: new Date(),
      });
    if (
      fault &&
      (await playFault(fault, req, res, (status) => ({
        contentType: 'text/xml; charset=utf-8',
        body: soapFault(status >= 500 ? 'Server' : 'Client', `Service unavailable (${status})`),
      })))
    ) {
      record(fault.status ?? 0);
      return;
    }
    let answer = 'op' in read ? answerFor(read.op, read.element) : read;
    const problems = checkAnswer(op, answer.xml);
    if (problems.length) {
      violations.push(...problems);
      if (options.strictResponses) answer = { status: 500, xml: soapFault('Server', problems.join('; ')) };
    }
    record(answer.status);
    res.writeHead(answer.status, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(answer.xml);
  }

  const server = await listen((req, res) => {
    handle(req, res).catch((e: Error) => {
      violations.push(`fake: ${e.message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(soapFault('Server', e.message));
    });
  }, options.port);

  return {
    name: 'parcelforce',
    url: server.url,
    port: server.port,
    state,
    violations,
    calls,
    inject: (f) => faults.inject(f),
    reset() {
      violations.length = 0;
      calls.length = 0;
      faults.clear();
    },
    close: server.close,
    shipments: () =>
      [...state.shipments.values()].map((s) => ({
        externalId: s.shipmentNumber,
        reference: s.reference,
        trackingNumbers: [s.shipmentNumber],
        cancelled: s.cancelled,
      })),
    deliver(trackingNumber, at = new Date()) {
      const s = state.shipments.get(trackingNumber);
      if (!s) throw new Error(`The Parcelforce fake has no shipment ${trackingNumber}`);
      s.deliveredAt = at;
    },
  };
}
