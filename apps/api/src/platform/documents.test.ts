import {
  bundleTaskDocument,
  defineDocument,
  stockCountDocument,
  transferDocument,
  transfersApi,
} from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { recordTransition, requireAction, statusConflict } from './documents.ts';
import { AppError } from './errors.ts';

const invoice = defineDocument({
  name: 'sales_invoice',
  label: 'Invoice',
  errorPrefix: 'SALES_INVOICE',
  statuses: {
    DRAFT: { tone: 'neutral', open: true, phrase: 'a draft' },
    ISSUED: { tone: 'info', open: true },
    PAID: { tone: 'success', open: false },
    VOID: { tone: 'danger', open: false, phrase: 'void' },
  },
  actions: {
    issue: { from: ['DRAFT'], to: ['ISSUED'], permission: 'view_warehouse', done: 'issued' },
    pay: { from: ['ISSUED'], to: ['PAID'], permission: 'view_warehouse', done: 'paid' },
    void: { from: ['DRAFT', 'ISSUED'], to: ['VOID'], permission: 'view_warehouse', done: 'voided' },
    remind: { from: ['ISSUED'], to: [], permission: 'view_warehouse' },
  },
});

function refusal(fn: () => void): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('requireAction', () => {
  it('lets through a step the status allows', () => {
    expect(() => requireAction(invoice, { number: 'SI-2026-00001', status: 'DRAFT' }, 'issue')).not.toThrow();
    expect(() => requireAction(invoice, { number: 'SI-2026-00001', status: 'ISSUED' }, 'void')).not.toThrow();
  });

  it('refuses any other with 409 <PREFIX>_STATUS_CONFLICT, the status and the steps it allows', () => {
    const e = refusal(() => requireAction(invoice, { number: 'SI-2026-00001', status: 'ISSUED' }, 'issue'));
    expect([e.status, e.code]).toEqual([409, 'SALES_INVOICE_STATUS_CONFLICT']);
    expect(e.details).toEqual({
      document: 'sales_invoice',
      number: 'SI-2026-00001',
      status: 'ISSUED',
      action: 'issue',
      allowedActions: ['pay', 'void', 'remind'],
    });
    // The status's own words when it has none; the action's name when it has no past participle.
    expect(e.message).toBe(
      'Invoice SI-2026-00001 is issued: it cannot be issued again. From here it can be paid, voided or remind.',
    );
  });

  it('says when nothing more can be done', () => {
    const e = refusal(() => requireAction(invoice, { number: 'SI-2026-00002', status: 'VOID' }, 'pay'));
    expect(e.message).toBe('Invoice SI-2026-00002 is void: it cannot be paid. Nothing more can be done with it.');
    expect((e.details as { allowedActions: string[] }).allowedActions).toEqual([]);
  });

  it('refuses a status the definition does not know, allowing nothing', () => {
    const e = refusal(() => requireAction(invoice, { number: 'SI-2026-00003', status: 'LOST' }, 'pay'));
    expect([e.code, (e.details as { status: string }).status]).toEqual(['SALES_INVOICE_STATUS_CONFLICT', 'LOST']);
    expect(e.message).toMatch(/^Invoice SI-2026-00003 is lost: it cannot be paid\./);
  });

  it('speaks of the three documents in words a person understands', () => {
    expect(
      statusConflict(transferDocument, { number: 'TR-2026-00001', status: 'DISPATCHED' }, 'dispatch').message,
    ).toBe('Transfer TR-2026-00001 is dispatched: it cannot be dispatched again. From here it can be received.');
    expect(statusConflict(transferDocument, { number: 'TR-2026-00002', status: 'DRAFT' }, 'receive').message).toBe(
      'Transfer TR-2026-00002 is a draft: it cannot be received. From here it can be changed, dispatched or cancelled.',
    );
    const posted = statusConflict(stockCountDocument, { number: 'CNT-2026-00001', status: 'POSTED' }, 'cancel');
    expect([posted.code, posted.message]).toEqual([
      'STOCK_COUNT_STATUS_CONFLICT',
      'Stock count CNT-2026-00001 is posted: it cannot be cancelled. From here it can be reversed.',
    ]);
    const submitted = statusConflict(stockCountDocument, { number: 'CNT-2026-00002', status: 'SUBMITTED' }, 'count');
    expect((submitted.details as { allowedActions: string[] }).allowedActions).toEqual(['reopen', 'post', 'cancel']);
    const done = statusConflict(bundleTaskDocument, { number: 'BT-2026-00001', status: 'COMPLETED' }, 'complete');
    expect([done.code, done.message]).toEqual([
      'BUNDLE_TASK_STATUS_CONFLICT',
      'Bundling task BT-2026-00001 is completed: it cannot be completed again. Nothing more can be done with it.',
    ]);
  });
});

describe('the definitions and the endpoints', () => {
  it('give the step endpoints the permission and idempotency of their action', () => {
    expect(transfersApi.dispatchTransfer.permission).toBe(transferDocument.actions.dispatch.permission);
    expect(transfersApi.cancelTransfer.permission).toBe('cancel_inventory_transfer');
    expect(transfersApi.updateTransfer.permission).toBe(transferDocument.actions.edit.permission);
  });

  it('lead every action from and to statuses the document has', () => {
    for (const doc of [transferDocument, stockCountDocument, bundleTaskDocument]) {
      const statuses = Object.keys(doc.statuses);
      for (const [name, action] of Object.entries(doc.actions)) {
        const a = action as { from: readonly string[]; to: readonly string[] };
        expect(a.from.length, `${doc.name}.${name}`).toBeGreaterThan(0);
        for (const s of [...a.from, ...a.to]) expect(statuses, `${doc.name}.${name}`).toContain(s);
      }
      // A closed status never opens again: what it allows (a reversal of a posted count) leads to closed statuses only.
      const open = (s: string) => (doc.statuses as Record<string, { open: boolean }>)[s]?.open;
      for (const [name, action] of Object.entries(doc.actions)) {
        const a = action as { from: readonly string[]; to: readonly string[] };
        if (a.from.some((s) => !open(s)))
          for (const s of a.to) expect(open(s), `${doc.name}.${name} → ${s}`).toBe(false);
      }
    }
  });
});

describe('recordTransition', () => {
  const ctx = () => {
    const rows: unknown[] = [];
    // A step that keeps its status writes its log row and no event: no database is reached.
    return { rows, ctx: { db: {} as never, audit: async (e: unknown) => void rows.push(e) } };
  };

  it('writes the log row under the document’s number, with the statuses before and after', async () => {
    const { rows, ctx: c } = ctx();
    await recordTransition(c, invoice, {
      id: 'id-1',
      number: 'SI-2026-00001',
      action: 'remind',
      from: 'ISSUED',
      to: 'ISSUED',
      after: { to: 'accounts@example.test' },
    });
    expect(rows).toEqual([
      {
        action: 'remind',
        entity: 'sales_invoice',
        entityId: 'SI-2026-00001',
        before: { status: 'ISSUED' },
        after: { to: 'accounts@example.test', status: 'ISSUED' },
      },
    ]);
  });

  it('refuses, writing nothing, a step its definition does not lead there', async () => {
    const { rows, ctx: c } = ctx();
    await expect(
      recordTransition(c, invoice, { id: 'id-1', number: 'SI-2026-00001', action: 'pay', from: 'DRAFT', to: 'PAID' }),
    ).rejects.toThrow(/pay does not lead from DRAFT to PAID/);
    await expect(
      recordTransition(c, invoice, { id: 'id-1', number: 'SI-2026-00001', action: 'issue', from: 'DRAFT', to: 'PAID' }),
    ).rejects.toThrow(/issue does not lead from DRAFT to PAID/);
    expect(rows).toEqual([]);
  });
});
