import { describe, expect, it } from 'vitest';
import { SignInRateLimiter } from './rate-limit.ts';

const MINUTE = 60_000;

function limiter(limits = { perUser: 5, perIp: 30, windowMs: 15 * MINUTE }) {
  let now = 1_000_000;
  const l = new SignInRateLimiter(limits, () => now);
  return { l, advance: (ms: number) => (now += ms) };
}

describe('SignInRateLimiter', () => {
  it('allows 5 failures per user and address, then blocks until the first one leaves the window', () => {
    const { l, advance } = limiter();
    for (let i = 0; i < 5; i++) {
      expect(l.retryAfterMs('Alice', '10.0.0.1')).toBe(0);
      l.recordFailure('Alice', '10.0.0.1');
      advance(MINUTE);
    }
    // The first failure was 5 minutes ago: 10 minutes to wait.
    expect(l.retryAfterMs('alice', '10.0.0.1')).toBe(10 * MINUTE);
    // Other users and other addresses are not affected.
    expect(l.retryAfterMs('bob', '10.0.0.1')).toBe(0);
    expect(l.retryAfterMs('alice', '10.0.0.2')).toBe(0);
    advance(10 * MINUTE);
    expect(l.retryAfterMs('alice', '10.0.0.1')).toBe(0);
  });

  it('allows 30 failures per address across users', () => {
    const { l } = limiter();
    for (let i = 0; i < 30; i++) l.recordFailure(`user${i}`, '10.0.0.9');
    expect(l.retryAfterMs('someone-new', '10.0.0.9')).toBe(15 * MINUTE);
    expect(l.retryAfterMs('someone-new', '10.0.0.8')).toBe(0);
  });

  it('forgets a user-and-address count on success, and everything on reset', () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) l.recordFailure('carol', '1.2.3.4');
    expect(l.retryAfterMs('carol', '1.2.3.4')).toBeGreaterThan(0);
    l.recordSuccess('carol', '1.2.3.4');
    expect(l.retryAfterMs('carol', '1.2.3.4')).toBe(0);
    for (let i = 0; i < 30; i++) l.recordFailure(`u${i}`, '1.2.3.4');
    expect(l.retryAfterMs('carol', '1.2.3.4')).toBeGreaterThan(0);
    l.reset();
    expect(l.retryAfterMs('carol', '1.2.3.4')).toBe(0);
  });

  it('takes other limits', () => {
    const { l } = limiter({ perUser: 1, perIp: 100, windowMs: MINUTE });
    l.recordFailure('dave', 'ip');
    expect(l.retryAfterMs('dave', 'ip')).toBe(MINUTE);
  });
});
