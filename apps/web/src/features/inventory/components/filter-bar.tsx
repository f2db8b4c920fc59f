import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The row of a list's filters above its table, wrapping on narrow screens. */
export function FilterBar({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginSM,
        marginBottom: token.margin,
      }}
    >
      {children}
    </div>
  );
}

/**
 * Names a control that takes no `data-testid` of its own (the shared search box) for browser tests,
 * without a box of its own in the layout.
 */
export function TestId({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div data-testid={id} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
