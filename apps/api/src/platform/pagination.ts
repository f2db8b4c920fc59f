import type { Page, PageQuery } from '@backoffice/contracts';
import { badRequest } from './errors.ts';

export interface Sort<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** Turns `field` or `-field` into a column from the list's own whitelist; an unknown field is a 400. */
export function parseSort<C extends string>(
  sort: string | undefined,
  columns: Record<string, C>,
  fallback: Sort<C>,
): Sort<C> {
  if (!sort) return fallback;
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const field = sort.replace(/^-/, '');
  const column = columns[field];
  if (!column)
    throw badRequest('VALIDATION_FAILED', `A list cannot be sorted by "${field}".`, { allowed: Object.keys(columns) });
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
