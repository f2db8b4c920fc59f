import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { Figure } from './figure.tsx';

export interface StockFigure {
  key: string;
  label: string;
  value: string | undefined;
  kind?: 'quantity' | 'money';
}

/**
 * A few figures side by side as a description list (label above, value below), wrapping into as
 * many columns as fit: the summary's totals, a warehouse's stock of one product.
 */
export function StockFigures({ figures, style }: { figures: readonly StockFigure[]; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
        gap: token.marginSM,
        margin: 0,
        ...style,
      }}
    >
      {figures.map((figure) => (
        <div key={figure.key} data-testid={`figure-${figure.key}`}>
          <dt style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{figure.label}</dt>
          <dd style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>
            {figure.value === undefined ? '…' : <Figure value={figure.value} kind={figure.kind} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
