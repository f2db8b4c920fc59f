import { createHash } from 'node:crypto';
import type { CallRecord, CallSink } from '../../../platform/connectors/http.ts';
import { ConnectorError } from '../../../platform/connectors/http.ts';

/**
 * Access tokens got with a refresh token (Amazon LWA, eBay OAuth), kept in this process per account and
 * credentials until a minute before they expire; calls made at the same time share one fetch.
 */

interface Held {
  token: string;
  expiresAt: number;
}

const held = new Map<string, Held>();
const fetching = new Map<string, Promise<Held>>();
const MARGIN_MS = 60_000;

/** The cache key of an account's credentials: a digest, so the secrets are not kept as keys. */
export function tokenKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

export async function accessToken(
  key: string,
  fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
): Promise<string> {
  const now = Date.now();
  const h = held.get(key);
  if (h && now < h.expiresAt - MARGIN_MS) return h.token;
  let p = fetching.get(key);
  if (!p) {
    p = fetchToken()
      .then((t) => {
        const fresh = { token: t.token, expiresAt: Date.now() + t.expiresInSeconds * 1000 };
        held.set(key, fresh);
        return fresh;
      })
      .finally(() => fetching.delete(key));
    fetching.set(key, p);
  }
  return (await p).token;
}

/** The provider refused the token before it expired (revoked, rotated): the next call fetches another. */
export function forgetToken(key: string): void {
  held.delete(key);
}

/** The token held for a key, if any (to mask it in call records). */
export function heldToken(key: string): string | null {
  return held.get(key)?.token ?? null;
}

/** A sink that hides token values in answers (a token endpoint's answer carries the token it hands out). */
export function maskingSink(sink: CallSink, fields: string[]): CallSink {
  const pattern = new RegExp(`("(?:${fields.join('|')})"\\s*:\\s*)"[^"]*"`, 'g');
  return (record: CallRecord) =>
    sink({ ...record, responseBody: record.responseBody?.replace(pattern, '$1"***"') ?? null });
}

const said = new WeakSet<Error>();

/** The same failure, said in the words of what was being done (once: an explained failure keeps its words). */
export function explained(e: unknown, words: string): ConnectorError {
  if (e instanceof ConnectorError && said.has(e)) return e;
  const out =
    e instanceof ConnectorError
      ? new ConnectorError(`${words}: ${e.message.replace(/^[\w.]+: /, '')}`, {
          status: e.status,
          retryable: e.retryable,
          retryAfterMs: e.retryAfterMs,
          code: e.code,
        })
      : new ConnectorError(`${words}: ${(e as Error).message}`, { retryable: true });
  said.add(out);
  return out;
}
