import type { ReactNode } from 'react';

/** The row of a list's filters above its table (the kit's). */
export { FilterRow as FilterBar } from '../../../shared/ui/kit/filter-bar.tsx';

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
