// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../src/app/route-error.tsx';
import { currentUrl, previousUrl, useTrackNavigation } from '../src/shell/navigation.ts';
import { trackLoad, useRouteLoading } from '../src/shell/route-loading.ts';
import { setUpUi } from './ui-setup.tsx';

beforeAll(setUpUi);
afterEach(cleanup);

describe('navigation tracking', () => {
  it('keeps the URL shown and the one before it, and a repeated render changes nothing', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/inventory/summary?q=lamp']}>{children}</MemoryRouter>
    );
    const { result, rerender } = renderHook(
      () => {
        useTrackNavigation();
        return useNavigate();
      },
      { wrapper },
    );
    expect(currentUrl()).toBe('/inventory/summary?q=lamp');
    act(() => result.current('/warehouse/warehouse'));
    rerender();
    expect(currentUrl()).toBe('/warehouse/warehouse');
    expect(previousUrl()).toBe('/inventory/summary?q=lamp');
  });
});

describe('route loading', () => {
  it('is true exactly while a route module loads, also when the load fails', async () => {
    const { result } = renderHook(() => useRouteLoading());
    expect(result.current).toBe(false);
    let finish: (value: string) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const first = trackLoad(new Promise<string>((resolve) => (finish = resolve)));
    const second = trackLoad(new Promise<string>((_, reject) => (fail = reject)));
    await act(async () => undefined);
    expect(result.current).toBe(true);
    await act(async () => {
      finish('ok');
      await first;
    });
    expect(result.current).toBe(true);
    await act(async () => {
      fail(new Error('chunk gone'));
      await second.catch(() => undefined);
    });
    expect(result.current).toBe(false);
  });
});

function Broken(): ReactNode {
  throw new Error('render failed');
}
function Pages() {
  const [where, setWhere] = useState<'broken' | 'fine'>('broken');
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setWhere('fine');
          navigate('/fine');
        }}
      >
        elsewhere
      </button>
      <RouteErrorBoundary>{where === 'broken' ? <Broken /> : <p>fine page</p>}</RouteErrorBoundary>
    </>
  );
}

describe('route error boundary', () => {
  it('shows the error page for the page that failed, and a page elsewhere renders afresh', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'elsewhere' }).click());
    expect(screen.getByText('fine page')).toBeTruthy();
  });
});
