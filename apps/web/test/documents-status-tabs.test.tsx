// @vitest-environment happy-dom
import { transferDocument } from '@backoffice/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusTabs } from '../src/shared/ui/documents/status-tabs.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(setUpUi);
afterEach(cleanup);

describe('StatusTabs', () => {
  it('shows "all" then every status in the definition’s order, each with its count and "all" with their sum', () => {
    renderUi(
      <StatusTabs
        doc={transferDocument}
        status={undefined}
        counts={{ DRAFT: 2, DISPATCHED: 1200, CANCELED: 3 }}
        allLabel="All"
        onChange={() => undefined}
        testId="tr"
      />,
    );
    const labels = screen.getAllByTestId(/^tr-tab-/).map((tab) => tab.dataset.testid);
    expect(labels).toEqual(['tr-tab-ALL', ...Object.keys(transferDocument.statuses).map((s) => `tr-tab-${s}`)]);
    expect(screen.getByTestId('tr-tab-ALL').textContent).toBe('All (1,205)');
    expect(screen.getByTestId('tr-tab-DISPATCHED').textContent).toBe('Dispatched (1,200)');
    // A status the server did not count reads 0 in the sum and nothing missing.
    expect(screen.getByTestId('tr-tab-RECEIVED').textContent).toBe('Received');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('All (1,205)');
  });

  it('marks a count stopped at its cap, and the sum that includes it, as "at least"', () => {
    renderUi(
      <StatusTabs
        doc={transferDocument}
        status="DRAFT"
        counts={{ DRAFT: 10000, CANCELED: 1 }}
        capped={new Set(['DRAFT'])}
        allLabel="All"
        onChange={() => undefined}
        testId="tr"
      />,
    );
    expect(screen.getByTestId('tr-tab-DRAFT').textContent).toBe('Draft (10,000+)');
    expect(screen.getByTestId('tr-tab-CANCELED').textContent).toBe('Cancelled (1)');
    expect(screen.getByTestId('tr-tab-ALL').textContent).toBe('All (10,001+)');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Draft (10,000+)');
  });

  it('shows no count on a tab counted "at least none" (a broad search counts only the matches it took)', () => {
    renderUi(
      <StatusTabs
        doc={transferDocument}
        status={undefined}
        counts={{ DRAFT: 3, CANCELED: 0 }}
        capped={new Set(['DRAFT', 'CANCELED'])}
        allLabel="All"
        onChange={() => undefined}
        testId="tr"
      />,
    );
    expect(screen.getByTestId('tr-tab-DRAFT').textContent).toBe('Draft (3+)');
    expect(screen.getByTestId('tr-tab-CANCELED').textContent).toBe('Cancelled');
    expect(screen.getByTestId('tr-tab-ALL').textContent).toBe('All (3+)');
  });

  it('hands the chosen status to the page, and nothing for "all"; an unknown status in the URL shows "all"', () => {
    const onChange = vi.fn();
    renderUi(
      <StatusTabs
        doc={transferDocument}
        status="BOGUS"
        counts={undefined}
        allLabel="All"
        onChange={onChange}
        testId="t"
      />,
    );
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('All');
    act(() => screen.getByTestId('t-tab-CANCELED').click());
    expect(onChange).toHaveBeenLastCalledWith('CANCELED');
    cleanup();
    renderUi(
      <StatusTabs
        doc={transferDocument}
        status="CANCELED"
        counts={undefined}
        allLabel="All"
        onChange={onChange}
        testId="t"
      />,
    );
    act(() => screen.getByTestId('t-tab-ALL').click());
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
