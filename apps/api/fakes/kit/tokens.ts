import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The access tokens a fake hands out (for a refresh token it knows) and accepts until they expire. */
export class TokenIssuer {
  private readonly live = new Map<string, number>();
  /** How many tokens were issued: tests see whether a connector reused its token. */
  issued = 0;

  constructor(private readonly prefix: string) {}

  issue(ttlSeconds = 3600): { token: string; expiresIn: number } {
    const token = `${this.prefix}${randomBytes(18).toString('base64url')}`;
    this.live.set(token, Date.now() + ttlSeconds * 1000);
    this.issued += 1;
    return { token, expiresIn: ttlSeconds };
  }

  valid(token: string | null | undefined): boolean {
    const until = token ? this.live.get(token) : undefined;
    return until !== undefined && until > Date.now();
  }

  /** Every token handed out stops working (expired or revoked at the provider). */
  expireAll(): void {
    this.live.clear();
  }
}

/** The token of an `Authorization: <scheme> <token>` header, for any of the schemes given. */
export function authToken(headers: IncomingHttpHeaders, schemes = ['Bearer']): string | null {
  const value = headers.authorization ?? '';
  for (const scheme of schemes) {
    const m = new RegExp(`^${scheme}\\s+(.+)$`, 'i').exec(value.trim());
    if (m?.[1]) return m[1];
  }
  return null;
}

/** Basic credentials of a request (client id and secret at a token endpoint). */
export function basicCredentials(headers: IncomingHttpHeaders): { user: string; password: string } | null {
  const b64 = authToken(headers, ['Basic']);
  if (!b64) return null;
  const text = Buffer.from(b64, 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i < 0 ? null : { user: text.slice(0, i), password: text.slice(i + 1) };
}
