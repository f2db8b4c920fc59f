import { theme } from 'antd';
import type { ReactNode } from 'react';

/** One figure of a document's totals: a label and its value (money, already formatted or a component). */
export interface FigureRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** The figure that sums the rest (the gross total): in bold. */
  strong?: boolean;
}

/**
 * A document's totals as a two-column list of labels and figures, the figures aligned to the end (net per VAT
 * rate, net, VAT and gross totals on orders and invoices, their forms and their pages).
 */
export function FigureList({ rows, testId }: { rows: readonly FigureRow[]; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <dl
      data-testid={testId}
      style={{
        display: 'grid',
        gridTemplateColumns: 'max-content max-content',
        columnGap: token.marginLG,
        rowGap: token.marginXXS,
        margin: 0,
      }}
    >
      {rows.map((r) => (
        <div key={r.key} style={{ display: 'contents' }}>
          <dt style={r.strong ? { fontWeight: 600 } : undefined}>{r.label}</dt>
          <dd style={{ margin: 0, textAlign: 'end', ...(r.strong ? { fontWeight: 600 } : {}) }}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
