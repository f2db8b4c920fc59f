import { describe, expect, it } from 'vitest';
import { SignInRateLimiter } from './rate-limit.ts';

const MINUTE = 60_000;

function limiter(limits = { perUser: 5, perIp: 30, windowMs: 15 * MINUTE }) {
  let now = 1_000_000;
  const l = new SignInRateLimiter(limits, () => now);
  return { l, advance: (ms: number) => (now += ms) };
}

describe('SignInRateLimiter', () => {
  it('allows 5 failures per user and address, then blocks until the first one leaves the window', async () => {
    const { l, advance } = limiter();
    for (let i = 0; i < 5; i++) {
      expect(await l.retryAfterMs('Alice', '10.0.0.1')).toBe(0);
      await l.recordFailure('Alice', '10.0.0.1');
      advance(MINUTE);
    }
    // The first failure was 5 minutes ago: 10 minutes to wait.
    expect(await l.retryAfterMs('alice', '10.0.0.1')).toBe(10 * MINUTE);
    // Other users and other addresses are not affected.
    expect(await l.retryAfterMs('bob', '10.0.0.1')).toBe(0);
    expect(await l.retryAfterMs('alice', '10.0.0.2')).toBe(0);
    advance(10 * MINUTE);
    expect(await l.retryAfterMs('alice', '10.0.0.1')).toBe(0);
  });

  it('allows 30 failures per address across users', async () => {
    const { l } = limiter();
    for (let i = 0; i < 30; i++) await l.recordFailure(`user${i}`, '10.0.0.9');
    expect(await l.retryAfterMs('someone-new', '10.0.0.9')).toBe(15 * MINUTE);
    expect(await l.retryAfterMs('someone-new', '10.0.0.8')).toBe(0);
  });

  it('forgets a user-and-address count on success, and everything on reset', async () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) await l.recordFailure('carol', '1.2.3.4');
    expect(await l.retryAfterMs('carol', '1.2.3.4')).toBeGreaterThan(0);
    await l.recordSuccess('carol', '1.2.3.4');
    expect(await l.retryAfterMs('carol', '1.2.3.4')).toBe(0);
    for (let i = 0; i < 30; i++) await l.recordFailure(`u${i}`, '1.2.3.4');
    expect(await l.retryAfterMs('carol', '1.2.3.4')).toBeGreaterThan(0);
    await l.reset();
    expect(await l.retryAfterMs('carol', '1.2.3.4')).toBe(0);
  });

  it('takes other limits', async () => {
    const { l } = limiter({ perUser: 1, perIp: 100, windowMs: MINUTE });
    await l.recordFailure('dave', 'ip');
    expect(await l.retryAfterMs('dave', 'ip')).toBe(MINUTE);
  });
});
