import { theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';

/** One point of a dated series: the day (YYYY-MM-DD) and its value as exact decimal text. */
export interface DatedPoint {
  date: string;
  value: string;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 16, bottom: 28, left: 64 };
const Y_TICKS = 4;

/** Days since 1970 of a YYYY-MM-DD date (calendar arithmetic, no time zone). */
function dayNumber(date: string): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map((part) => Number.parseInt(part, 10));
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A small line chart of a dated series (e.g. an exchange rate's history), drawn as SVG: time runs
 * left to right in proportion to the days between points, the value axis fits the data. Values are
 * turned into numbers for drawing only; every label shows the exact text. Moving the pointer along
 * the chart shows the nearest point; the screen's table lists the same values for keyboards and
 * screen readers.
 */
export function LineChart({
  points,
  label,
  formatValue = (value) => value,
  testId,
}: {
  points: readonly DatedPoint[];
  /** What the chart shows, for screen readers. */
  label: string;
  formatValue?: (value: string) => string;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);

  const geometry = useMemo(() => {
    if (points.length === 0 || width === 0) return null;
    // Drawing coordinates only: the exact values stay text.
    const xs = points.map((p) => dayNumber(p.date));
    const ys = points.map((p) => Number.parseFloat(p.value));
    const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
    const spread = y1 - y0 || Math.abs(y1) * 0.1 || 1;
    y0 -= spread * 0.1;
    y1 += spread * 0.1;
    const plotWidth = Math.max(1, width - PAD.left - PAD.right);
    const plotHeight = HEIGHT - PAD.top - PAD.bottom;
    const sx = (x: number) => PAD.left + (x1 === x0 ? plotWidth / 2 : ((x - x0) / (x1 - x0)) * plotWidth);
    const sy = (y: number) => PAD.top + (1 - (y - y0) / (y1 - y0)) * plotHeight;
    const placed = points.map((p, i) => ({ ...p, x: sx(xs[i] ?? 0), y: sy(ys[i] ?? 0) }));
    const digits = Math.min(8, Math.max(2, Math.ceil(-Math.log10(spread)) + 2));
    const ticks = Array.from({ length: Y_TICKS + 1 }, (_, i) => {
      const value = y0 + ((y1 - y0) * i) / Y_TICKS;
      return { y: sy(value), text: value.toFixed(digits) };
    });
    return { placed, ticks, plotWidth };
  }, [points, width]);

  const path = geometry?.placed.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const shown = active === null ? null : (geometry?.placed[active] ?? null);
  const first = geometry?.placed[0];
  const last = geometry?.placed.at(-1);

  const nearest = (clientX: number, svg: SVGSVGElement) => {
    if (!geometry) return;
    const x = clientX - svg.getBoundingClientRect().left;
    let best = 0;
    geometry.placed.forEach((p, i) => {
      if (Math.abs(p.x - x) < Math.abs((geometry.placed[best]?.x ?? 0) - x)) best = i;
    });
    setActive(best);
  };

  return (
    <div ref={ref} data-testid={testId} style={{ width: '100%', position: 'relative' }}>
      {geometry && path ? (
        // Time runs left to right in every writing direction.
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={label}
          style={{ display: 'block', direction: 'ltr' }}
          onMouseMove={(event) => nearest(event.clientX, event.currentTarget)}
          onMouseLeave={() => setActive(null)}
        >
          {geometry.ticks.map((tick) => (
            <g key={tick.text}>
              <line
                x1={PAD.left}
                x2={PAD.left + geometry.plotWidth}
                y1={tick.y}
                y2={tick.y}
                stroke={token.colorBorderSecondary}
              />
              <text
                x={PAD.left - 6}
                y={tick.y}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={11}
                fill={token.colorTextSecondary}
              >
                {tick.text}
              </text>
            </g>
          ))}
          {first && last ? (
            <>
              <text x={first.x} y={HEIGHT - 8} fontSize={11} fill={token.colorTextSecondary} textAnchor="start">
                {first.date}
              </text>
              {last !== first ? (
                <text x={last.x} y={HEIGHT - 8} fontSize={11} fill={token.colorTextSecondary} textAnchor="end">
                  {last.date}
                </text>
              ) : null}
            </>
          ) : null}
          <path d={path} fill="none" stroke={token.colorPrimary} strokeWidth={2} strokeLinejoin="round" />
          {geometry.placed.length <= 60
            ? geometry.placed.map((p) => (
                <circle key={p.date} cx={p.x} cy={p.y} r={3} fill={token.colorPrimary}>
                  <title>{`${p.date}: ${formatValue(p.value)}`}</title>
                </circle>
              ))
            : null}
          {shown ? (
            <g pointerEvents="none">
              <line
                x1={shown.x}
                x2={shown.x}
                y1={PAD.top}
                y2={HEIGHT - PAD.bottom}
                stroke={token.colorTextTertiary}
                strokeDasharray="3 3"
              />
              <circle cx={shown.x} cy={shown.y} r={5} fill={token.colorPrimary} stroke={token.colorBgContainer} />
            </g>
          ) : null}
        </svg>
      ) : (
        <div style={{ height: HEIGHT }} />
      )}
      {shown ? (
        <output
          data-testid={testId ? `${testId}-point` : undefined}
          style={{
            position: 'absolute',
            top: 0,
            insetInlineEnd: 0,
            padding: `${token.paddingXXS}px ${token.paddingXS}px`,
            background: token.colorBgElevated,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusSM,
            fontSize: token.fontSizeSM,
          }}
        >
          <bdi>{shown.date}</bdi>: <bdi>{formatValue(shown.value)}</bdi>
        </output>
      ) : null}
    </div>
  );
}
