// @vitest-environment happy-dom

import { use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { init } from '../src/shared/ui/charts/echarts-runtime.ts';
import {
  type ChartContext,
  type ChartOption,
  categoryBarOption,
  datedLineOption,
  signedBarOption,
} from '../src/shared/ui/charts/options.ts';

// Server-side SVG (no canvas in Node) to check that real ECharts takes the builders' options.
use(SVGRenderer);

const context: ChartContext = {
  look: {
    text: '#111',
    textSecondary: '#666',
    border: '#ccc',
    split: '#eee',
    background: '#fff',
    primary: '#1677ff',
    success: '#52c41a',
    error: '#ff4d4f',
    warning: '#faad14',
    fontFamily: 'sans-serif',
    fontSize: 12,
  },
  direction: 'ltr',
  aria: {
    intro: 'A chart.',
    seriesCount: '{seriesCount} series.',
    seriesUnnamed: 'Series {seriesId}:',
    firstPoints: 'First:',
  },
};

function svgOf(option: ChartOption): string {
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: 600, height: 300 });
  chart.setOption(option);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

/** Where a text of the drawing starts across. */
function xOf(svg: string, text: string): number {
  const match = new RegExp(`translate\\(([\\d.]+) [\\d.]+\\)"[^>]*>${text}<`).exec(svg);
  if (!match?.[1]) throw new Error(`no text ${text}`);
  return Number(match[1]);
}

describe('the options with ECharts itself', () => {
  it('draws a dated line', () => {
    const svg = svgOf(
      datedLineOption(
        {
          series: [
            {
              points: [
                { date: '2025-01-06', value: '0.86512' },
                { date: '2025-02-06', value: '0.9' },
              ],
            },
          ],
          format: (v) => v,
        },
        context,
      ),
    );
    expect(svg).toContain('<path');
    expect(svg).toContain('2025-01-');
  });

  it('writes the generated description on the chart for screen readers', () => {
    const element = document.createElement('div');
    const chart = init(element, undefined, { renderer: 'svg', width: 600, height: 300 });
    chart.setOption(
      datedLineOption(
        {
          series: [
            {
              points: [
                { date: '2025-01-06', value: '0.86512' },
                { date: '2025-02-06', value: '0.9' },
              ],
            },
          ],
          format: (v) => v,
        },
        { ...context, aria: { ...context.aria, intro: 'EUR rates to GBP.' } },
      ),
    );
    expect(element.getAttribute('role')).toBe('img');
    expect(element.getAttribute('aria-label')).toBe('EUR rates to GBP. 2025-01-06: 0.86512; 2025-02-06: 0.9.');
    chart.dispose();
  });

  it('draws bars with their exact amounts', () => {
    const svg = svgOf(
      categoryBarOption({ bars: [{ key: 'a', label: 'Brand A', value: '1234.50' }], format: (v) => `£${v}` }, context),
    );
    expect(svg).toContain('Brand A');
    expect(svg).toContain('£1234.50');
  });

  it('draws signed bars, mirrored in right-to-left', () => {
    const bars = [
      { key: 'z', label: 'Zone A', value: '-12.00' },
      { key: 'y', label: 'Zone B', value: '6.00' },
    ];
    const ltr = svgOf(signedBarOption({ bars, format: (v) => `£ ${v}` }, context));
    const rtl = svgOf(signedBarOption({ bars, format: (v) => `£ ${v}` }, { ...context, direction: 'rtl' }));
    // Left to right: zone names on the left, the loss left of the gain; right to left: the other way round.
    expect(xOf(ltr, 'Zone A')).toBeLessThan(xOf(ltr, '£ -12.00'));
    expect(xOf(ltr, '£ -12.00')).toBeLessThan(xOf(ltr, '£ 6.00'));
    expect(xOf(rtl, 'Zone A')).toBeGreaterThan(xOf(rtl, '£ -12.00'));
    expect(xOf(rtl, '£ -12.00')).toBeGreaterThan(xOf(rtl, '£ 6.00'));
  });
});
