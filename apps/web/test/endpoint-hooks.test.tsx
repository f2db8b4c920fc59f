// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointKey, resourceKey } from '../src/shared/api/descriptor.ts';
import { carriersEndpoints } from '../src/shared/api/endpoints/carriers.gen.ts';
import { stockEndpoints } from '../src/shared/api/endpoints/stock.gen.ts';
import { transfersEndpoints } from '../src/shared/api/endpoints/transfers.gen.ts';
import { warehousesEndpoints } from '../src/shared/api/endpoints/warehouses.gen.ts';
import {
  downloadEndpoint,
  endpointQueryOptions,
  invalidateEndpoint,
  useEndpointMutation,
  useEndpointQuery,
} from '../src/shared/api/hooks.ts';

/** The network stand-ins: what each call was asked, and the answer it gives. */
const net = vi.hoisted(() => ({
  call: vi.fn((_ref: unknown, _input: unknown, _options?: unknown): Promise<unknown> => Promise.resolve({ ok: true })),
  download: vi.fn((_url: string, _query: unknown, _fileName: string) => Promise.resolve()),
}));
vi.mock('../src/shared/lib/api.ts', async (original) => ({
  ...(await original<typeof import('../src/shared/lib/api.ts')>()),
  callEndpoint: net.call,
}));
vi.mock('../src/shared/lib/http.ts', () => ({ download: net.download }));
vi.mock('../src/shared/lib/runtime-config.ts', () => ({ runtimeConfig: () => ({ apiBaseUrl: '/api/' }) }));

afterEach(() => {
  cleanup();
  net.call.mockClear();
  net.download.mockClear();
});

const carrier = carriersEndpoints.getCarrier;
const carriers = carriersEndpoints.listCarriers;

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/** Puts an answer in the cache under the key a screen reading `path` with `input` would use. */
function seed(client: QueryClient, path: string, input: { params?: object; query?: object } = {}) {
  const key = endpointKey({ path }, input);
  client.setQueryData(key, { seeded: true });
  return key;
}
const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('query keys', () => {
  it('are the path’s segments after /api/, placeholders kept, then the input', () => {
    expect(resourceKey('/api/warehouses/:id/locations')).toEqual(['warehouses', ':id', 'locations']);
    expect(endpointKey(carrier, { params: { id: '7' } })).toEqual([
      'shipping-carriers',
      ':id',
      { params: { id: '7' } },
    ]);
    expect(endpointKey({ path: '/api/brands' }, { query: { page: 2 } })).toEqual(['brands', { query: { page: 2 } }]);
    expect(endpointKey({ path: '/api/me' })).toEqual(['me', {}]);
  });

  it('without input, match every query of that endpoint and none of a longer path', () => {
    const { client } = setUp();
    const pageOne = seed(client, '/api/inventory/summary', { query: { page: 1 } });
    const pageTwo = seed(client, '/api/inventory/summary', { query: { page: 2 } });
    const totals = seed(client, '/api/inventory/summary/totals', { query: {} });
    void client.invalidateQueries({ queryKey: endpointKey({ path: '/api/inventory/summary' }) });
    expect([isStale(client, pageOne), isStale(client, pageTwo), isStale(client, totals)]).toEqual([true, true, false]);
  });
});

describe('invalidation', () => {
  it('refreshes everything under the change’s own path, and nothing of another resource', async () => {
    const { client } = setUp();
    const list = seed(client, '/api/warehouses', { query: { page: 1 } });
    const one = seed(client, '/api/warehouses/:id', { params: { id: 'w1' } });
    const bins = seed(client, '/api/warehouses/:id/locations', { params: { id: 'w1' }, query: {} });
    const configs = seed(client, '/api/warehouse-configs', { query: {} });
    const brands = seed(client, '/api/brands', { query: {} });
    await invalidateEndpoint(client, warehousesEndpoints.updateLocation);
    expect([list, one, bins, configs].map((key) => isStale(client, key))).toEqual([true, true, true, true]);
    expect(isStale(client, brands)).toBe(false);
  });

  it('of a posting reaches every stock figure; of a draft only the transfers', async () => {
    const { client } = setUp();
    const summary = seed(client, '/api/inventory/summary', { query: {} });
    const report = seed(client, '/api/reports/stock-and-value', { query: {} });
    const transfers = seed(client, '/api/inventory-transfers', { query: {} });
    await invalidateEndpoint(client, transfersEndpoints.updateTransfer);
    expect([isStale(client, transfers), isStale(client, summary), isStale(client, report)]).toEqual([
      true,
      false,
      false,
    ]);
    await invalidateEndpoint(client, transfersEndpoints.dispatchTransfer);
    expect([isStale(client, summary), isStale(client, report)]).toEqual([true, true]);
    expect(stockEndpoints.inventorySummary.invalidates).toEqual([]);
  });
});

describe('useEndpointQuery', () => {
  it('asks with the input and the query’s signal, under the descriptor’s key', async () => {
    const { client, wrapper } = setUp();
    const { result } = renderHook(() => useEndpointQuery(carrier, { params: { id: '7' } }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [ref, input, options] = net.call.mock.calls[0] ?? [];
    expect(ref).toBe(carrier);
    expect(input).toEqual({ params: { id: '7' } });
    expect((options as { signal?: unknown }).signal).toBeInstanceOf(AbortSignal);
    expect(client.getQueryData(['shipping-carriers', ':id', { params: { id: '7' } }])).toEqual({ ok: true });
  });

  it('keeps the previous answer while the next page loads, where asked', async () => {
    const { wrapper } = setUp();
    let release: (value: unknown) => void = () => undefined;
    const { result, rerender } = renderHook(
      ({ page }: { page: number }) => useEndpointQuery(carriers, { query: { page } }, { keepPreviousData: true }),
      { wrapper, initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.data).toEqual({ ok: true }));
    net.call.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    rerender({ page: 2 });
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data).toEqual({ ok: true });
    await act(async () => release({ page: 2 }));
    await waitFor(() => expect(result.current.data).toEqual({ page: 2 }));
  });

  it('shares its cache with code that reads through endpointQueryOptions', async () => {
    const { client, wrapper } = setUp();
    const { result } = renderHook(() => useEndpointQuery(carriers, { query: { q: 'dpd' } }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await client.fetchQuery(endpointQueryOptions(carriers, { query: { q: 'dpd' } }));
    expect(net.call).toHaveBeenCalledTimes(1);
  });
});

describe('useEndpointMutation', () => {
  it('sends the Idempotency-Key it is given and refreshes what the descriptor names before it is done', async () => {
    const { client, wrapper } = setUp();
    const summary = seed(client, '/api/inventory/summary', { query: {} });
    const overrides = seed(client, '/api/manual-stock/overrides', { query: {} });
    const brands = seed(client, '/api/brands', { query: {} });
    const { result } = renderHook(() => useEndpointMutation(stockEndpoints.overrideStock), { wrapper });
    const body = { productId: 'p', warehouseId: 'w', countedQuantity: '3', reason: 'counted', postedOn: '2026-01-05' };
    await act(() => result.current.mutateAsync({ body, idempotencyKey: 'k-1' }));
    expect(net.call).toHaveBeenCalledWith(
      stockEndpoints.overrideStock,
      { body, idempotencyKey: 'k-1' },
      {
        idempotencyKey: 'k-1',
      },
    );
    expect([isStale(client, summary), isStale(client, overrides), isStale(client, brands)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('maps the hook’s own variables onto the call', async () => {
    const { wrapper } = setUp();
    const { result } = renderHook(
      () =>
        useEndpointMutation(warehousesEndpoints.deleteLocation, {
          input: ({ warehouseId, id }: { warehouseId: string; id: string }) => ({
            params: { id: warehouseId, locationId: id },
          }),
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync({ warehouseId: 'w1', id: 'b2' }));
    expect(net.call).toHaveBeenCalledWith(
      warehousesEndpoints.deleteLocation,
      { params: { id: 'w1', locationId: 'b2' } },
      undefined,
    );
  });

  it('refreshes nothing after a refusal, unless asked to refresh once settled', async () => {
    const { client, wrapper } = setUp();
    const transfers = seed(client, '/api/inventory-transfers', { query: {} });
    net.call.mockImplementation(() => Promise.reject(new Error('409')));
    const onSuccess = renderHook(
      () => useEndpointMutation(transfersEndpoints.dispatchTransfer, { input: (id: string) => ({ params: { id } }) }),
      { wrapper },
    );
    await act(() => onSuccess.result.current.mutateAsync('t1').catch(() => undefined));
    expect(isStale(client, transfers)).toBe(false);
    const onSettled = renderHook(
      () =>
        useEndpointMutation(transfersEndpoints.dispatchTransfer, {
          input: (id: string) => ({ params: { id } }),
          invalidateOn: 'settled',
        }),
      { wrapper },
    );
    await act(() => onSettled.result.current.mutateAsync('t1').catch(() => undefined));
    expect(isStale(client, transfers)).toBe(true);
    net.call.mockReset();
    net.call.mockImplementation(() => Promise.resolve({ ok: true }));
  });

  it('calls the caller’s onSuccess after the refresh', async () => {
    const { client, wrapper } = setUp();
    const list = seed(client, '/api/warehouses', { query: {} });
    const seen: boolean[] = [];
    const { result } = renderHook(
      () =>
        useEndpointMutation(warehousesEndpoints.deleteWarehouse, {
          input: (id: string) => ({ params: { id } }),
          onSuccess: () => {
            seen.push(isStale(client, list));
          },
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync('w1'));
    expect(seen).toEqual([true]);
  });
});

describe('downloadEndpoint', () => {
  it('fills the path’s parameters and sends the filter as the query', async () => {
    await downloadEndpoint(
      warehousesEndpoints.exportLocations,
      { params: { id: 'w 1' }, query: { q: 'A-01' } },
      'bins.xlsx',
    );
    expect(net.download).toHaveBeenCalledWith('/api/warehouses/w%201/locations/export', { q: 'A-01' }, 'bins.xlsx');
  });
});
