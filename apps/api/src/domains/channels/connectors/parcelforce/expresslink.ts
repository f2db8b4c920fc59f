import { XMLParser } from 'fast-xml-parser';
import { ConnectorError, type ConnectorHttp } from '../../../../platform/connectors/http.ts';
import { carrierHttp, credential, refused, writeXml, type XmlFields, xmlEscape } from '../carrier-common.ts';
import type { ConnectorContext } from '../types.ts';

/**
 * ExpressLink v14 over SOAP 1.1 (document/literal): every request is `<{Operation}Request>` in the v14 namespace
 * with the Authentication block first, posted with its SOAPAction. ExpressLink refuses what a request says with
 * Alerts of type ERROR in a normal reply, and a request it cannot read with a SOAP Fault (HTTP 500): both are
 * thrown here in words, a Client fault or an ERROR alert as not retryable.
 */

const NS = 'http://www.parcelforce.net/ws/ship/v14';
const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
/** Elements that may repeat, read as lists even when one came. */
const REPEATED = new Set(['Alert', 'CompletedShipment', 'SafePlace']);

export type Reply = Record<string, unknown>;

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => REPEATED.has(name),
});

export class ExpressLink {
  private readonly http: ConnectorHttp;
  private readonly single: ConnectorHttp;
  readonly userName: string;
  private readonly password: string;

  constructor(private readonly ctx: ConnectorContext) {
    this.userName = credential(ctx, 'username', 'ExpressLink user name');
    this.password = credential(ctx, 'password', 'ExpressLink password');
    // The password travels inside the XML, escaped when it has markup characters: both spellings are masked.
    const secrets = () => [this.password, xmlEscape(this.password)];
    this.http = carrierHttp(ctx, { secrets });
    this.single = carrierHttp(ctx, { secrets, singleAttempt: true });
  }

  /**
   * One operation: `{operation}` as the SOAPAction, `{request}` its element; answers the reply's element.
   * `once`: a single attempt, for what must not be sent twice (a booking).
   */
  async call(operation: string, request: string, content: XmlFields, once = false): Promise<Reply> {
    const body = writeXml(
      request,
      { Authentication: { UserName: this.userName, Password: this.password }, ...content },
      `xmlns="${NS}"`,
    );
    const res = await (once ? this.single : this.http)
      .request({
        operation,
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml', soapaction: `"${operation}"` },
        body: `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV}"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`,
        // A SOAP Fault comes as 500: read it to tell a refused request from a failing service.
        accept: [500],
      })
      .catch((e: unknown) => {
        if (e instanceof ConnectorError && e.status === 401)
          throw new ConnectorError(
            `${operation}: Parcelforce refused the ExpressLink user name or password of ${this.ctx.account.name} (401); check them in Api Config.`,
            { status: 401, retryable: false },
          );
        throw e;
      });
    const parsed = readEnvelope(operation, res.text);
    const fault = parsed.Fault as Reply | undefined;
    if (fault) {
      const code = String(fault.faultcode ?? '');
      throw new ConnectorError(`${operation}: Parcelforce answered a fault: ${String(fault.faultstring ?? code)}`, {
        status: res.status,
        retryable: !/Client$/.test(code),
        code,
      });
    }
    if (res.status >= 500)
      throw new ConnectorError(`${operation}: the service failed (${res.status})`, {
        status: res.status,
        retryable: true,
      });
    const reply = parsed[request.replace(/Request$/, 'Reply')] as Reply | undefined;
    if (!reply) throw new ConnectorError(`${operation}: the answer has no reply in it`, { retryable: true });
    const errors = alertsOf(reply).filter((a) => a.type === 'ERROR');
    if (errors.length)
      throw refused(
        `${operation}: Parcelforce refused it: ${errors.map((a) => `${a.message} (${a.code})`).join('; ')}`,
        errors[0]?.code ?? null,
      );
    return reply;
  }
}

function readEnvelope(operation: string, text: string): Reply {
  try {
    const root = parser.parse(text) as Reply;
    const body = (root.Envelope as Reply | undefined)?.Body;
    if (body && typeof body === 'object') return body as Reply;
  } catch {
    // reported below
  }
  throw new ConnectorError(`${operation}: the answer is not a SOAP envelope`, { retryable: true });
}

function alertsOf(reply: Reply): { code: string; message: string; type: string }[] {
  const alerts = ((reply.Alerts as Reply | undefined)?.Alert ?? []) as Reply[];
  return alerts.map((a) => ({
    code: String(a.Code ?? ''),
    message: String(a.Message ?? ''),
    type: String(a.Type ?? ''),
  }));
}

/** A child of a reply, walked by names; undefined when any step is missing. */
export function at(reply: Reply, ...names: string[]): unknown {
  let v: unknown = reply;
  for (const n of names) v = v && typeof v === 'object' ? (v as Reply)[n] : undefined;
  return v;
}
