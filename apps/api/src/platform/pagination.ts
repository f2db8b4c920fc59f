import type { Page, PageQuery } from '@backoffice/contracts';
import { badRequest } from './errors.ts';

export interface Sort<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/**
 * The whitelisted entry for a sort field, or undefined. Only the whitelist's own keys count: a plain lookup
 * would find `constructor`, `toString` or `__proto__` on Object.prototype and hand it on as a column.
 */
export function whitelisted<T>(columns: Readonly<Record<string, T>>, field: string): T | undefined {
  return Object.hasOwn(columns, field) ? columns[field] : undefined;
}

/** The 400 of a list asked to sort by a field outside its whitelist, shaped like any validation failure. */
export function unknownSort(field: string, columns: Readonly<Record<string, unknown>>) {
  const allowed = Object.keys(columns);
  const message = `A list cannot be sorted by "${field}". It can be sorted by ${allowed.join(', ')}.`;
  return badRequest('VALIDATION_FAILED', message, { allowed, issues: [{ path: 'query.sort', message }] });
}

/** Turns `field` or `-field` into a column from the list's own whitelist; an unknown field is a 400. */
export function parseSort<C extends string>(
  sort: string | undefined,
  columns: Readonly<Record<string, C>>,
  fallback: Sort<C>,
): Sort<C> {
  if (!sort) return fallback;
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const field = sort.replace(/^-/, '');
  const column = whitelisted(columns, field);
  if (!column) throw unknownSort(field, columns);
  return { column, direction };
}

export function offsetOf(q: Pick<PageQuery, 'page' | 'pageSize'>): number {
  return (q.page - 1) * q.pageSize;
}

export function toPage<T>(
  items: T[],
  total: number | string | bigint,
  q: Pick<PageQuery, 'page' | 'pageSize'>,
): Page<T> {
  return { items, total: Number(total), page: q.page, pageSize: q.pageSize };
}

/** Escapes LIKE wildcards in user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every row of a list, fetched a chunk at a time (for exports): the caller's query must order by a
 * unique key last so chunks neither skip nor repeat rows. Stops after `max` rows.
 */
export async function* allRows<T>(
  fetchChunk: (offset: number, limit: number) => Promise<T[]>,
  max: number,
  chunkSize = 1000,
): AsyncGenerator<T> {
  for (let offset = 0; offset < max; offset += chunkSize) {
    const rows = await fetchChunk(offset, Math.min(chunkSize, max - offset));
    yield* rows;
    if (rows.length < chunkSize) return;
  }
}
