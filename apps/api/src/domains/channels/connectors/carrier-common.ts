import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectorError, ConnectorHttp, type RateLimit } from '../../../platform/connectors/http.ts';
import type { ConnectorContext, Parcel } from './types.ts';

/**
 * What the carrier connectors (Royal Mail, Parcelforce, DHL, DPD) share: their HTTP client, credentials read in
 * words, weights as whole grams (never floats), the shipping day in London, a small XML writer for SOAP, and the
 * memory of shipments made per reference for carriers that cannot look one up.
 */

/** The account's client: its base address, its buckets, its secrets masked in the call log, test overrides. */
export function carrierHttp(
  ctx: ConnectorContext,
  o: {
    secrets: () => string[];
    limits?: Record<string, RateLimit>;
    singleAttempt?: boolean;
    /** JSON fields of answers whose values are never logged (a token issued by the call itself). */
    maskFields?: string[];
  },
): ConnectorHttp {
  const fields = o.maskFields ?? [];
  const masked = new RegExp(`("(?:${fields.join('|')})"\\s*:\\s*)"[^"]*"`, 'g');
  return new ConnectorHttp({
    baseUrl: ctx.account.baseUrl,
    bucketKey: `${ctx.account.type}:${ctx.account.id}`,
    sink: fields.length
      ? (r) => ctx.sink({ ...r, responseBody: r.responseBody?.replace(masked, '$1"***"') ?? null })
      : ctx.sink,
    signal: ctx.signal,
    secrets: o.secrets,
    limits: o.limits,
    ...ctx.http,
    ...(o.singleAttempt ? { maxRetries: 0 } : {}),
  });
}

/**
 * Makes what must exist once per reference, at a carrier that can find it by reference: look it up, else create
 * it in a single attempt (`create` must use a `singleAttempt` client). A 429 made nothing, so it is waited out and
 * retried here. A timeout or a 5xx may have made it anyway (or still be making it): it is looked up once more, and
 * if not there yet the error is thrown as retryable, so the next attempt (the job runner's, later) looks it up
 * again before posting; posting again at once could make it twice.
 */
export async function createOnce<T>(
  ctx: ConnectorContext,
  o: { find: () => Promise<T | null>; create: () => Promise<T> },
): Promise<T> {
  const found = await o.find();
  if (found) return found;
  const retries = ctx.http?.maxRetries ?? 3;
  const baseMs = ctx.http?.backoffBaseMs ?? 500;
  const maxWaitMs = ctx.http?.maxWaitMs ?? 60_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await o.create();
    } catch (e) {
      if (!(e instanceof ConnectorError) || !e.retryable) throw e;
      if (e.status !== 429) return (await o.find()) ?? Promise.reject(e);
      const wait = Math.max(e.retryAfterMs ?? 0, baseMs * 2 ** (attempt - 1));
      if (attempt > retries || wait > maxWaitMs) throw e;
      await sleep(wait);
    }
  }
}

/**
 * Access tokens and sessions of the process, per account and credentials, until they expire: a connector made
 * for each job reuses the one its account already has instead of signing in again.
 */
const sessions = new Map<string, { value: string; until: number }>();

/**
 * Runs `use` with the account's session, opening one when there is none (or it expired); a 401 on a session
 * thought alive (revoked, expired early) opens a new one and runs `use` once more.
 */
export async function withSession<T>(
  ctx: ConnectorContext,
  open: () => Promise<{ value: string; ttlMs: number }>,
  use: (session: string) => Promise<T>,
): Promise<T> {
  const key = createHash('sha256')
    .update(JSON.stringify([ctx.account.type, ctx.account.id, ctx.account.baseUrl, ctx.account.credentials]))
    .digest('hex');
  const opened = async () => {
    const o = await open();
    // A minute early, so a session is not used in its last seconds.
    sessions.set(key, { value: o.value, until: Date.now() + o.ttlMs - 60_000 });
    return o.value;
  };
  const known = sessions.get(key);
  if (!known || known.until <= Date.now()) return use(await opened());
  try {
    return await use(known.value);
  } catch (e) {
    if (!(e instanceof ConnectorError) || e.status !== 401) throw e;
    return use(await opened());
  }
}

/** A credential field, or an error naming what the account lacks. */
export function credential(ctx: ConnectorContext, name: string, label: string): string {
  const value = ctx.account.credentials[name]?.trim();
  if (!value)
    throw new ConnectorError(`The ${ctx.account.name} account has no ${label}: enter it in Api Config.`, {
      retryable: false,
    });
  return value;
}

/** A failure the request itself causes (bad data): retrying cannot help. */
export function refused(message: string, code: string | null = null): ConnectorError {
  return new ConnectorError(message, { retryable: false, code });
}

/** Decimal text with two places as the JSON number an API wants ("12.50" → 12.5): read, never computed. */
export function moneyNumber(amount: string, what: string): number {
  if (!/^\d+\.\d{2}$/.test(amount.trim())) throw refused(`${what} "${amount}" is not an amount with two decimals.`);
  return Number(amount);
}

/** "0.750" kg → 750 g, by digits (at most three decimals, as a gram is the finest step carriers take). */
export function kgToGrams(weightKg: string): number {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(weightKg.trim());
  if (!m) throw refused(`The weight "${weightKg}" is not a weight in kg with at most three decimals.`);
  return Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0'));
}

/** 1250 g → "1.250" (kg). */
export function gramsToKg(grams: number): string {
  return `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, '0')}`;
}

export function totalGrams(parcels: Parcel[]): number {
  return parcels.reduce((sum, p) => sum + kgToGrams(p.weightKg), 0);
}

/** Whole centimetres as carriers take them: a part centimetre rounds up, and nothing is under 1. */
export function wholeCm(cm: number | null): number | null {
  return cm === null ? null : Math.max(1, Math.ceil(cm));
}

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shipping day as carriers read it: the calendar day in London, YYYY-MM-DD. */
export function londonDate(at: Date): string {
  return LONDON_DAY.format(at);
}

/** An element's content: text, child elements in order (an array repeats the element), or nothing (left out). */
export type XmlValue = string | number | boolean | null | undefined | XmlFields | XmlValue[];
export interface XmlFields {
  [name: string]: XmlValue;
}

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `<name>…</name>`, children in insertion order; null and undefined write nothing. */
export function writeXml(name: string, value: XmlValue, attrs = ''): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => writeXml(name, v)).join('');
  const open = attrs ? `${name} ${attrs}` : name;
  if (typeof value === 'object') {
    const inner = Object.entries(value)
      .map(([k, v]) => writeXml(k, v))
      .join('');
    return `<${open}>${inner}</${name}>`;
  }
  return `<${open}>${xmlEscape(String(value))}</${name}>`;
}

/**
 * The shipment already made for a reference (its id and tracking numbers), for carriers whose API cannot find a
 * shipment by reference: a retry after a failed label (or a second request) then reuses it instead of booking
 * another. It lives as long as the process; the product keeps the external id it is given for longer.
 */
export interface MadeShipment {
  externalId: string;
  trackingNumbers: string[];
}
const made = new Map<string, MadeShipment>();
const MADE_LIMIT = 10_000;

export const shipmentMemory = {
  get(ctx: ConnectorContext, reference: string): MadeShipment | null {
    return made.get(memoryKey(ctx, reference)) ?? null;
  },
  set(ctx: ConnectorContext, reference: string, shipment: MadeShipment): void {
    if (made.size >= MADE_LIMIT) made.delete(made.keys().next().value ?? '');
    made.set(memoryKey(ctx, reference), shipment);
  },
  forget(ctx: ConnectorContext, externalId: string): void {
    const prefix = memoryKey(ctx, '');
    for (const [k, v] of made) if (v.externalId === externalId && k.startsWith(prefix)) made.delete(k);
  },
};

function memoryKey(ctx: ConnectorContext, reference: string): string {
  return `${ctx.account.type}|${ctx.account.id}|${ctx.account.baseUrl}|${reference}`;
}
