import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100];

export interface ListState<F extends string> {
  page: number;
  pageSize: number;
  q: string;
  /** `field` or `-field` (descending), as the API takes it. */
  sort: string | undefined;
  filters: Record<F, string | undefined>;
}

/** A change to the page, size, search or sort. */
export type BasePatch = Partial<{
  page: number;
  pageSize: number;
  q: string;
  sort: string | undefined;
}>;

export type ListPatch<F extends string> = BasePatch & Partial<Record<F, string | undefined>>;

function positive(value: string | null, fallback: number, max = 1_000_000): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/**
 * A list's page, size, search, sort and filters, kept in the URL's query (so a list can be linked,
 * reloaded and reached back through history). Changing anything but the page goes back to page 1.
 */
export function useListState<F extends string = never>(
  filterKeys: readonly F[] = [],
): [ListState<F>, (patch: ListPatch<F>) => void] {
  const [params, setParams] = useSearchParams();
  const keys = filterKeys.join(',');
  const state = useMemo<ListState<F>>(() => {
    const filters = {} as Record<F, string | undefined>;
    for (const key of keys ? (keys.split(',') as F[]) : []) filters[key] = params.get(key) || undefined;
    return {
      page: positive(params.get('page'), 1),
      pageSize: positive(params.get('pageSize'), DEFAULT_PAGE_SIZE, 200),
      q: params.get('q') ?? '',
      sort: params.get('sort') || undefined,
      filters,
    };
  }, [params, keys]);

  const update = useCallback(
    (patch: ListPatch<F>) => {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch) as [string, string | number | undefined][]) {
          if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in patch)) next.delete('page');
        if (next.get('pageSize') === String(DEFAULT_PAGE_SIZE)) next.delete('pageSize');
        return next;
      });
    },
    [setParams],
  );
  return [state, update];
}

/** antd's sort order of a column from the URL's `sort`. */
export function sortOrderOf(sort: string | undefined, field: string): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** The URL's `sort` from antd's sorter (field and order). */
export function sortFromSorter(field: unknown, order: 'ascend' | 'descend' | null | undefined): string | undefined {
  if (typeof field !== 'string' || !order) return undefined;
  return order === 'descend' ? `-${field}` : field;
}
