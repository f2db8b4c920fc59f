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
