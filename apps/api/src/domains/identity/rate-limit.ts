import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';

/**
 * Failed sign-in attempts, counted in a sliding window per (lower(username), client ip) and per client ip.
 *
 * The server counts them in the database (`sign_in_failures`), so every API server sharing it counts the same
 * attempts and a restart forgets none: the 6th wrong password for a user is refused whichever server takes it.
 * Rows expire with the window and are deleted as new failures come. A check and the failure that follows are
 * two statements, so servers racing each other may let one or two attempts more through at the edge of the
 * limit; that changes nothing for password guessing at any useful speed. Unit tests count in memory.
 */
export interface SignInLimits {
  /** Failures allowed per (username, ip) within the window. */
  perUser: number;
  /** Failures allowed per ip within the window. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perUser: 5, perIp: 30, windowMs: 15 * 60 * 1000 };

/** Where failures are kept: the instants (ms) of each key's recent failures. */
export interface SignInFailureStore {
  /** The key's failures after `since`, oldest first. */
  recent(key: string, since: number): Promise<number[]>;
  add(keys: readonly string[], at: number, expiresAt: number): Promise<void>;
  clear(key: string): Promise<void>;
  reset(): Promise<void>;
}

/** Beyond this many keys the oldest are dropped, so an attacker cannot grow the map without bound. */
const MAX_KEYS = 50_000;

/** One process's memory (unit tests; a single server that needs no database for it). */
export class MemorySignInFailures implements SignInFailureStore {
  private readonly failures = new Map<string, number[]>();

  async recent(key: string, since: number): Promise<number[]> {
    const list = this.failures.get(key);
    if (!list) return [];
    const kept = list.filter((t) => t > since);
    if (kept.length === 0) this.failures.delete(key);
    else if (kept.length !== list.length) this.failures.set(key, kept);
    return kept;
  }

  async add(keys: readonly string[], at: number): Promise<void> {
    for (const key of keys) {
      const list = this.failures.get(key) ?? [];
      list.push(at);
      // Re-insert so the map's order is least-recently-failed first.
      this.failures.delete(key);
      this.failures.set(key, list);
    }
    while (this.failures.size > MAX_KEYS) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }

  async clear(key: string): Promise<void> {
    this.failures.delete(key);
  }

  async reset(): Promise<void> {
    this.failures.clear();
  }
}

/** The database's table, shared by every server. */
export class DatabaseSignInFailures implements SignInFailureStore {
  constructor(private readonly db: Db) {}

  async recent(key: string, since: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('sign_in_failures')
      .select('failed_at')
      .where('key', '=', key)
      .where('failed_at', '>', new Date(since))
      .orderBy('failed_at')
      .execute();
    return rows.map((r) => new Date(r.failed_at).getTime());
  }

  async add(keys: readonly string[], at: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sign_in_failures')
      .values(keys.map((key) => ({ key, failed_at: new Date(at), expires_at: new Date(expiresAt) })))
      .execute();
    // Expired rows count for nothing: each failure clears them away (indexed, so cheap).
    await this.db.deleteFrom('sign_in_failures').where('expires_at', '<', sql<Date>`now()`).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
  }

  async reset(): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').execute();
  }
}

export class SignInRateLimiter {
  constructor(
    public limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
    private readonly store: SignInFailureStore = new MemorySignInFailures(),
  ) {}

  // JSON keeps the parts apart whatever they hold (PostgreSQL text takes no NUL separator).
  private static userKey(username: string, ip: string) {
    return `u${JSON.stringify([username.trim().toLowerCase(), ip])}`;
  }

  private static ipKey(ip: string) {
    return `i${JSON.stringify(ip)}`;
  }

  /**
   * Milliseconds until another attempt is allowed, or 0 when one is allowed now. Checked before the password,
   * so a blocked caller learns nothing about it.
   */
  async retryAfterMs(username: string, ip: string): Promise<number> {
    const checks: Array<[string, number]> = [
      [SignInRateLimiter.userKey(username, ip), this.limits.perUser],
      [SignInRateLimiter.ipKey(ip), this.limits.perIp],
    ];
    const now = this.now();
    let wait = 0;
    for (const [key, limit] of checks) {
      const list = await this.store.recent(key, now - this.limits.windowMs);
      if (list.length >= limit) {
        // The attempt that frees a slot is the one `limit` places from the end.
        const freeing = list[list.length - limit] ?? now;
        wait = Math.max(wait, freeing + this.limits.windowMs - now);
      }
    }
    return Math.max(0, wait);
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const at = this.now();
    await this.store.add(
      [SignInRateLimiter.userKey(username, ip), SignInRateLimiter.ipKey(ip)],
      at,
      at + this.limits.windowMs,
    );
  }

  /** A successful sign-in clears that user's count from that address (the address's count stays). */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.store.clear(SignInRateLimiter.userKey(username, ip));
  }

  /** Forgets every count (tests). */
  async reset(): Promise<void> {
    await this.store.reset();
  }
}
