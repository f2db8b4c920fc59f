/**
 * Exponential backoff with jitter: attempt n waits about base × 2^(n−1), capped at `maxMs`, and a random part
 * of it (between half and all), so that jobs or events that failed together do not come back together.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A failure as a line a person can read in the job list (never a stack). */
export function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (text || 'Unknown error').slice(0, 1000);
}
