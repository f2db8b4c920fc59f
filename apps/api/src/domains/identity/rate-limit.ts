/**
 * Failed sign-in attempts, counted in a sliding window per (lower(username), client ip) and per client ip.
 *
 * The counts live in this process's memory: with several API processes each keeps its own, so the effective
 * limit is the configured one times the number of processes, and a restart forgets them. That is enough to
 * stop password guessing at any useful speed; a shared store would be needed for exact limits.
 */
export interface SignInLimits {
  /** Failures allowed per (username, ip) within the window. */
  perUser: number;
  /** Failures allowed per ip within the window. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perUser: 5, perIp: 30, windowMs: 15 * 60 * 1000 };

/** Beyond this many keys the oldest are dropped, so an attacker cannot grow the map without bound. */
const MAX_KEYS = 50_000;

export class SignInRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    public limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private static userKey(username: string, ip: string) {
    return `u\u0000${username.trim().toLowerCase()}\u0000${ip}`;
  }

  private static ipKey(ip: string) {
    return `i\u0000${ip}`;
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const list = this.failures.get(key);
    if (!list) return [];
    const kept = list.filter((t) => t > cutoff);
    if (kept.length === 0) this.failures.delete(key);
    else if (kept.length !== list.length) this.failures.set(key, kept);
    return kept;
  }

  /**
   * Milliseconds until another attempt is allowed, or 0 when one is allowed now. Checked before the password,
   * so a blocked caller learns nothing about it.
   */
  retryAfterMs(username: string, ip: string): number {
    const checks: Array<[string, number]> = [
      [SignInRateLimiter.userKey(username, ip), this.limits.perUser],
      [SignInRateLimiter.ipKey(ip), this.limits.perIp],
    ];
    let wait = 0;
    for (const [key, limit] of checks) {
      const list = this.recent(key);
      if (list.length >= limit) {
        // The attempt that frees a slot is the one `limit` places from the end.
        const freeing = list[list.length - limit] ?? this.now();
        wait = Math.max(wait, freeing + this.limits.windowMs - this.now());
      }
    }
    return Math.max(0, wait);
  }

  recordFailure(username: string, ip: string): void {
    const at = this.now();
    for (const key of [SignInRateLimiter.userKey(username, ip), SignInRateLimiter.ipKey(ip)]) {
      const list = this.recent(key);
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

  /** A successful sign-in clears that user's count from that address (the address's count stays). */
  recordSuccess(username: string, ip: string): void {
    this.failures.delete(SignInRateLimiter.userKey(username, ip));
  }

  /** Forgets every count (tests). */
  reset(): void {
    this.failures.clear();
  }
}
