import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../inventory/components/numbers.ts';

export interface ValueBar {
  key: string;
  label: string;
  /** Exact decimal text (GBP). */
  value: string;
  /** A second line under the label (a quantity, say). */
  note?: ReactNode;
}

/** A bar's length: its share of the largest (drawing only; the label shows the exact text). */
const share = (value: string, largest: number) =>
  largest <= 0 ? 0 : Math.max(0, Math.min(100, (Number.parseFloat(value) / largest) * 100));

/**
 * Values as horizontal bars, each with its label and exact amount beside it, so the chart reads without
 * colour or a pointer; bars grow from the start of the line (the right in right-to-left). With `onSelect`
 * each bar is a button (filtering by it, say), reachable by keyboard.
 */
export function ValueBars({
  bars,
  label,
  onSelect,
  selected,
  testId,
}: {
  bars: readonly ValueBar[];
  label: string;
  onSelect?: (key: string) => void;
  selected?: string | undefined;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const { i18n } = useTranslation();
  const largest = Math.max(0, ...bars.map((b) => Number.parseFloat(b.value) || 0));
  return (
    <ul
      data-testid={testId}
      aria-label={label}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: token.marginXS }}
    >
      {bars.map((bar) => {
        const isSelected = selected === bar.key;
        const content = (
          <>
            <span style={{ minWidth: 0, overflowWrap: 'anywhere', textAlign: 'start' }}>
              <bdi style={{ fontWeight: isSelected ? 600 : undefined }}>{bar.label}</bdi>
              {bar.note ? (
                <span style={{ display: 'block', color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                  {bar.note}
                </span>
              ) : null}
            </span>
            <span
              aria-hidden
              style={{ display: 'block', height: 14, background: token.colorFillTertiary, borderRadius: 2 }}
            >
              <span
                style={{
                  display: 'block',
                  height: '100%',
                  inlineSize: `${share(bar.value, largest)}%`,
                  background: isSelected ? token.colorPrimaryActive : token.colorPrimary,
                  borderRadius: 2,
                }}
              />
            </span>
            <bdi style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'end' }}>
              £{formatMoney(bar.value, i18n.language)}
            </bdi>
          </>
        );
        const layout = {
          display: 'grid',
          // A fixed last column keeps the bars of every row aligned whatever the length of their amounts.
          gridTemplateColumns: 'minmax(96px, 1fr) minmax(80px, 2fr) 9em',
          alignItems: 'center',
          gap: token.marginSM,
          inlineSize: '100%',
        } as const;
        return (
          <li key={bar.key} data-testid="value-bar" data-key={bar.key}>
            {onSelect ? (
              <button
                type="button"
                onClick={() => onSelect(bar.key)}
                aria-pressed={isSelected}
                style={{
                  ...layout,
                  padding: `${token.paddingXXS}px ${token.paddingXS}px`,
                  border: 0,
                  borderRadius: token.borderRadiusSM,
                  background: isSelected ? token.controlItemBgActive : 'transparent',
                  cursor: 'pointer',
                  font: 'inherit',
                  color: 'inherit',
                }}
              >
                {content}
              </button>
            ) : (
              <div style={layout}>{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
