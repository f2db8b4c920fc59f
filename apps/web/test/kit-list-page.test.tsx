// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flag, oneOf, useListPage } from '../src/shared/ui/kit/use-list-page.ts';
import { setUpUi } from './ui-setup.tsx';

const FILTERS = ['active', 'kind'] as const;
const ALSO = ['run'] as const;

function atUrl(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ list: useListPage(FILTERS, ALSO), location: useLocation() }), { wrapper });
}

beforeAll(setUpUi);
afterEach(cleanup);

describe('list page state in the URL', () => {
  it('reads page, size, search, sort and filters from the address', () => {
    const { result } = atUrl('/x?page=3&pageSize=50&q=acme&sort=-name&active=false&kind=STORE&other=1');
    const { list } = result.current;
    expect(list.state).toMatchObject({ page: 3, pageSize: 50, q: 'acme', sort: '-name' });
    expect(list.state.filters).toEqual({ active: 'false', kind: 'STORE', run: undefined });
    expect(list.filtered).toBe(true);
    expect(list.query).toEqual({ page: 3, pageSize: 50, q: 'acme', sort: '-name' });
    expect(list.search).toEqual({ q: 'acme', sort: '-name' });
  });

  it('starts unfiltered on page 1 of 20, with nothing in the query but page and size', () => {
    const { result } = atUrl('/x');
    expect(result.current.list.filtered).toBe(false);
    expect(result.current.list.query).toEqual({ page: 1, pageSize: 20 });
  });

  it('writes a filter back to the address and goes back to page 1; the address reads back the same', () => {
    const { result } = atUrl('/x?page=4&q=acme');
    act(() => result.current.list.update({ kind: 'STORE', active: 'true' }));
    const params = new URLSearchParams(result.current.location.search);
    expect(params.get('kind')).toBe('STORE');
    expect(params.get('active')).toBe('true');
    expect(params.get('q')).toBe('acme');
    expect(params.has('page')).toBe(false);
    // Round trip: a fresh page at that address reads what was written.
    const again = atUrl(`/x${result.current.location.search}`);
    expect(again.result.current.list.state.filters).toEqual(result.current.list.state.filters);
    expect(again.result.current.list.state.q).toBe('acme');
  });

  it('keeps the page when only the page changes, and leaves page 1 out of the address', () => {
    const { result } = atUrl('/x?kind=STORE');
    act(() => result.current.list.update({ page: 2 }));
    expect(new URLSearchParams(result.current.location.search).get('page')).toBe('2');
    act(() => result.current.list.update({ page: 1 }));
    expect(new URLSearchParams(result.current.location.search).has('page')).toBe(false);
  });

  it('resets search and filters but keeps what is not a filter (the upload shown)', () => {
    const { result } = atUrl('/x?q=acme&active=true&kind=STORE&run=r1&sort=name');
    expect(result.current.list.filtered).toBe(true);
    act(() => result.current.list.reset());
    const params = new URLSearchParams(result.current.location.search);
    expect([...params.keys()].sort()).toEqual(['run', 'sort']);
    expect(result.current.list.filtered).toBe(false);
  });

  it('does not count a value kept beside the filters as filtering', () => {
    const { result } = atUrl('/x?run=r1');
    expect(result.current.list.filtered).toBe(false);
    expect(result.current.list.state.filters.run).toBe('r1');
  });
});

describe('URL values checked before they reach the API', () => {
  it('takes only allowed values', () => {
    expect(oneOf('STORE', ['STORE', 'TRANSIT'] as const)).toBe('STORE');
    expect(oneOf('store', ['STORE', 'TRANSIT'] as const)).toBeUndefined();
    expect(oneOf(undefined, ['STORE'] as const)).toBeUndefined();
    expect(flag('true')).toBe('true');
    expect(flag('false')).toBe('false');
    expect(flag('yes')).toBeUndefined();
  });
});
