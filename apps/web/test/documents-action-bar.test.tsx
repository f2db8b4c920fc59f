// @vitest-environment happy-dom
import { stockCountDocument, transferDocument } from '@backoffice/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActionBar, type DocumentActionHandler, visibleActions } from '../src/shared/ui/documents/action-bar.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(setUpUi);
afterEach(cleanup);

const run = () => ({ run: () => Promise.resolve() });
const open = () => ({ open: () => undefined });
const shown = () => [...document.querySelectorAll<HTMLElement>('[data-action]')].map((b) => b.dataset.action);

/** What a user may do to a transfer, written out by hand from the product's rules (not read from the definition). */
const TRANSFER_CASES: { status: string; permissions: string[]; actions: string[] }[] = [
  { status: 'DRAFT', permissions: [], actions: [] },
  { status: 'DRAFT', permissions: ['view_inventory_transfer'], actions: [] },
  { status: 'DRAFT', permissions: ['edit_inventory_transfer'], actions: ['edit'] },
  { status: 'DRAFT', permissions: ['process_inventory_transfer'], actions: ['dispatch'] },
  { status: 'DRAFT', permissions: ['cancel_inventory_transfer'], actions: ['cancel'] },
  {
    status: 'DRAFT',
    permissions: ['edit_inventory_transfer', 'process_inventory_transfer', 'cancel_inventory_transfer'],
    actions: ['edit', 'dispatch', 'cancel'],
  },
  { status: 'DISPATCHED', permissions: ['process_inventory_transfer'], actions: ['receive'] },
  {
    status: 'DISPATCHED',
    permissions: ['edit_inventory_transfer', 'cancel_inventory_transfer'],
    actions: [],
  },
  { status: 'PARTIALLY_RECEIVED', permissions: ['process_inventory_transfer'], actions: ['receive'] },
  {
    status: 'RECEIVED',
    permissions: ['edit_inventory_transfer', 'process_inventory_transfer', 'cancel_inventory_transfer'],
    actions: [],
  },
  {
    status: 'CANCELED',
    permissions: ['edit_inventory_transfer', 'process_inventory_transfer', 'cancel_inventory_transfer'],
    actions: [],
  },
];

const COUNT = 'handle_inventory_stock_process';
const APPROVE = 'approve_inventory_stock_process';
/** Counting sessions: cancel is granted by either permission (a list in the definition). */
const COUNT_CASES: { status: string; permissions: string[]; actions: string[] }[] = [
  { status: 'OPEN', permissions: [COUNT], actions: ['submit', 'cancel'] },
  { status: 'OPEN', permissions: [APPROVE], actions: ['cancel'] },
  { status: 'SUBMITTED', permissions: [COUNT], actions: ['cancel'] },
  { status: 'SUBMITTED', permissions: [APPROVE], actions: ['reopen', 'post', 'cancel'] },
  { status: 'SUBMITTED', permissions: [COUNT, APPROVE], actions: ['reopen', 'post', 'cancel'] },
  { status: 'POSTED', permissions: [COUNT, APPROVE], actions: [] },
  { status: 'CANCELED', permissions: [COUNT, APPROVE], actions: [] },
];

describe('ActionBar', () => {
  it.each(TRANSFER_CASES)('transfer $status with $permissions offers $actions', ({ status, permissions, actions }) => {
    renderUi(
      <ActionBar
        doc={transferDocument}
        status={status}
        number="TR-1"
        handlers={{ edit: open(), dispatch: run(), receive: open(), cancel: open() }}
      />,
      { permissions },
    );
    expect(shown()).toEqual(actions);
  });

  it.each(COUNT_CASES)('stock count $status with $permissions offers $actions', ({ status, permissions, actions }) => {
    renderUi(
      <ActionBar
        doc={stockCountDocument}
        status={status}
        number="SC-1"
        // `count` (scanning) has no handler: it is the scan panel's, never a button.
        handlers={{ submit: run(), reopen: run(), post: open(), cancel: run() }}
      />,
      { permissions },
    );
    expect(shown()).toEqual(actions);
  });

  it('leaves out actions the page does not handle or hides by its own rule', () => {
    const all = { hasAny: () => true };
    expect(visibleActions(transferDocument, 'DRAFT', all, { dispatch: run() })).toEqual(['dispatch']);
    expect(
      visibleActions(transferDocument, 'DRAFT', all, { dispatch: { ...run(), hidden: true }, cancel: open() }),
    ).toEqual(['cancel']);
    expect(visibleActions(transferDocument, 'DRAFT', all, { dispatch: {} })).toEqual([]);
  });

  it('asks before a step, saying what will happen, runs it once confirmed and is busy meanwhile', async () => {
    let finish: () => void = () => undefined;
    const step = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const handlers: Record<string, DocumentActionHandler> = {
      dispatch: { run: step, testId: 'transfer-dispatch', description: '6 units leave TS1' },
      edit: { open: () => undefined, testId: 'transfer-edit' },
    };
    renderUi(<ActionBar doc={transferDocument} status="DRAFT" number="TR-7" handlers={handlers} />, {
      permissions: ['process_inventory_transfer', 'edit_inventory_transfer'],
    });
    fireEvent.click(screen.getByTestId('transfer-dispatch'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('Dispatch TR-7?');
    expect(tooltip.textContent).toContain('6 units leave TS1');
    expect(step).not.toHaveBeenCalled();
    const confirm = [...tooltip.querySelectorAll('button')].find((b) => b.textContent === 'Dispatch');
    expect(confirm).toBeDefined();
    fireEvent.click(confirm as HTMLButtonElement);
    await waitFor(() => expect(step).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('transfer-dispatch').className).toContain('ant-btn-loading'));
    expect(screen.getByTestId('transfer-edit')).toHaveProperty('disabled', true);
    await act(async () => finish());
    await waitFor(() => expect(screen.getByTestId('transfer-dispatch').className).not.toContain('ant-btn-loading'));
    expect(screen.getByTestId('transfer-edit')).toHaveProperty('disabled', false);
  });

  it('shows destructive steps as dangerous, and its buttons are real buttons (reachable by Tab)', () => {
    renderUi(
      <ActionBar
        doc={stockCountDocument}
        status="SUBMITTED"
        number="SC-2"
        handlers={{ reopen: run(), post: open(), cancel: run() }}
      />,
      { permissions: [COUNT, APPROVE] },
    );
    const cancel = document.querySelector<HTMLButtonElement>('[data-action="cancel"]');
    const post = document.querySelector<HTMLButtonElement>('[data-action="post"]');
    expect(cancel?.className).toContain('ant-btn-dangerous');
    expect(post?.className).not.toContain('ant-btn-dangerous');
    for (const button of document.querySelectorAll('[data-action]')) {
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('tabindex')).not.toBe('-1');
    }
  });

  it('offers Print when the page gives the printout', () => {
    renderUi(
      <ActionBar
        doc={transferDocument}
        status="RECEIVED"
        number="TR-9"
        handlers={{}}
        print={{ path: '/api/inventory-transfers/x/pdf', fileName: 'TR-9.pdf' }}
      />,
    );
    expect(screen.getByTestId('document-print').textContent).toBe('Print');
  });
});
