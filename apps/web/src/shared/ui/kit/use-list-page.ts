import { useCallback, useMemo } from 'react';
import { type ListPatch, type ListState, useListState } from '../../lib/list-state.ts';

/** A URL value when it is one of `allowed`: a hand-edited address never reaches the API with a value it refuses. */
export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

const FLAGS = ['true', 'false'] as const;
/** A yes/no filter (`active`, `consignment`) as the API takes it. */
export const flag = (value: string | undefined) => oneOf(value, FLAGS);

/** What a list page works with: its URL state, a way to change it, whether anything filters it, and a reset. */
export interface ListControls<F extends string> {
  state: ListState<F>;
  update: (patch: ListPatch<F>) => void;
  /** Search or a filter is set: "nothing matches" rather than "nothing yet", and the reset is offered. */
  filtered: boolean;
  reset: () => void;
  /** Page and size with search and sort when set: the start of every list query. */
  query: { page: number; pageSize: number; q?: string; sort?: string };
  /** Search and sort when set, for exports (which take the filter without the page). */
  search: { q?: string; sort?: string };
}

/**
 * The URL state of a list page (`useListState`) with what every page derived from it by hand: whether
 * it is filtered, the reset of search and filters, and the base of its query. `also` are URL keys the
 * page keeps that are not filters (the upload shown above a history), so they neither count nor reset.
 */
export function useListPage<F extends string = never, A extends string = never>(
  filters: readonly F[] = [],
  also: readonly A[] = [],
): ListControls<F | A> {
  const keys = useMemo(() => [...filters, ...also], [filters, also]);
  const [state, update] = useListState<F | A>(keys);
  const reset = useCallback(() => {
    const patch: Record<string, string | undefined> = { q: '' };
    for (const key of filters) patch[key] = undefined;
    update(patch as ListPatch<F | A>);
  }, [filters, update]);
  return useMemo(() => {
    const search = { ...(state.q ? { q: state.q } : {}), ...(state.sort ? { sort: state.sort } : {}) };
    return {
      state,
      update,
      reset,
      filtered: !!state.q || filters.some((key) => state.filters[key] !== undefined),
      search,
      query: { page: state.page, pageSize: state.pageSize, ...search },
    };
  }, [state, update, reset, filters]);
}
