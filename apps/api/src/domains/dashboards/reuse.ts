import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/**
 * How long a figure that is the same for every user and reads a whole catalogue is reused (the dashboard's products
 * at or below reorder point and stock value, Analytics' ageing of the stock on hand): each reads every level row or
 * every open layer, every open page asks again, and half a minute old is as good as new for them.
 */
export const REUSE_TTL_MS = 30_000;

const kept = new WeakMap<Db, Map<string, { until: number; value: Promise<unknown> }>>();

/** The answer of `read` under `name`, read again when older than REUSE_TTL_MS; a failed read is not kept. */
export function reused<T>(db: Db, name: string, read: () => Promise<T>): Promise<T> {
  const entries = kept.get(db) ?? new Map<string, { until: number; value: Promise<unknown> }>();
  kept.set(db, entries);
  const now = Date.now();
  const hit = entries.get(name);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  for (const [key, entry] of entries) if (entry.until <= now) entries.delete(key);
  const value = read();
  entries.set(name, { until: now + REUSE_TTL_MS, value });
  value.catch(() => entries.delete(name));
  return value;
}
