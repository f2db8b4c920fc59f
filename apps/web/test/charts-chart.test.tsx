// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** A stand-in for ECharts (happy-dom has no canvas): records what the component asks of it. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, (event: { dataIndex: number; seriesIndex?: number }) => void>();
  const instance = {
    setOption: vi.fn(),
    resize: vi.fn(),
    dispose: vi.fn(),
    on: vi.fn((name: string, handler: (event: { dataIndex: number; seriesIndex?: number }) => void) => {
      handlers.set(name, handler);
    }),
  };
  return { instance, handlers, init: vi.fn((_element: HTMLElement) => instance) };
});
vi.mock('../src/shared/ui/charts/echarts-runtime.ts', () => ({ init: fake.init }));

const { CategoryBarChart, DatedLineChart } = await import('../src/shared/ui/charts/chart.tsx');

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: {
        common: {
          states: { loading: 'Loading…' },
          charts: { seriesCount: '{seriesCount} series.', seriesUnnamed: 'Series {seriesId}:', firstPoints: 'First:' },
        },
      },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

describe('the chart component', () => {
  it('loads ECharts, draws the option with its description, redraws on new data and disposes on unmount', async () => {
    const points = [{ date: '2025-01-06', value: '0.86512' }];
    const view = render(
      <DatedLineChart series={[{ points }]} label="EUR rates" format={(v) => v} testId="rate-chart" />,
    );
    const figure = screen.getByTestId('rate-chart');
    // The shared loading state while the library loads.
    expect(figure.getAttribute('data-state')).toBe('loading');
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Loading…');
    expect(figure.tagName).toBe('FIGURE');
    expect(figure.getAttribute('aria-label')).toBe('EUR rates');
    await waitFor(() => expect(figure.getAttribute('data-state')).toBe('ready'));
    // The chart is made in an effect after that render, which a busy machine may run a moment later.
    await waitFor(() => expect(fake.init).toHaveBeenCalledOnce());
    expect(fake.init.mock.calls[0]?.[0].parentElement).toBe(figure);
    const first = fake.instance.setOption.mock.calls.at(-1)?.[0];
    expect(first).toMatchObject({
      aria: { enabled: true, label: { general: { withoutTitle: 'EUR rates.' } } },
      series: [{ type: 'line', data: [{ name: '2025-01-06', value: ['2025-01-06', 0.86512] }] }],
    });

    // The same data again (a new array, as pages map query data) draws nothing new.
    const calls = fake.instance.setOption.mock.calls.length;
    view.rerender(
      <DatedLineChart series={[{ points: [...points] }]} label="EUR rates" format={(v) => v} testId="rate-chart" />,
    );
    expect(fake.instance.setOption.mock.calls.length).toBe(calls);

    const more = [...points, { date: '2025-01-07', value: '0.87' }];
    view.rerender(
      <DatedLineChart series={[{ points: more }]} label="EUR rates" format={(v) => v} testId="rate-chart" />,
    );
    expect(fake.instance.setOption).toHaveBeenLastCalledWith(
      expect.objectContaining({ series: [expect.objectContaining({ data: expect.any(Array) })] }),
      { notMerge: true },
    );
    view.unmount();
    expect(fake.instance.dispose).toHaveBeenCalledOnce();
  });

  it('passes a chosen bar’s key to the page', async () => {
    const onSelect = vi.fn();
    render(
      <CategoryBarChart
        testId="bars"
        label="Value by age"
        format={(v) => `£${v}`}
        onSelect={onSelect}
        bars={[
          { key: '0-30', label: '0–30 days', value: '10.00' },
          { key: '31-60', label: '31–60 days', value: '5.00' },
        ]}
      />,
    );
    // Loaded once already: the chart is drawn without waiting.
    expect(screen.getByTestId('bars').getAttribute('data-state')).toBe('ready');
    act(() => fake.handlers.get('click')?.({ dataIndex: 1, seriesIndex: 0 }));
    expect(onSelect).toHaveBeenCalledWith('31-60');
  });
});
