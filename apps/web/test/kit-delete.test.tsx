// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/shared/lib/errors.ts';
import { i18n } from '../src/shared/lib/i18n.ts';
import { DeleteAction, inUseText, useDeleteRecord } from '../src/shared/ui/kit/delete-record.tsx';
import { CreateButton } from '../src/shared/ui/kit/row-actions.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(setUpUi);
afterEach(cleanup);

const inUse = (details: unknown) =>
  new ApiError(409, 'IN_USE', 'Warehouse "LEEDS" is used by 3 stock movements; deactivate it instead.', details);

describe('IN_USE in words', () => {
  it('names what holds the record, as the reader’s language joins a list', () => {
    const error = inUse({
      references: [
        { entity: 'stock_movement', count: 3 },
        { entity: 'bundle_task', count: 1 },
        { entity: 'stock_count', count: 2 },
      ],
      count: 6,
    });
    expect(inUseText(error, i18n.t, 'en')).toBe(
      'It is used by 3 stock movements, 1 bundling task, and 2 stock counts. Deactivate it instead.',
    );
    expect(inUseText(inUse({ references: [{ entity: 'product', count: 1 }], count: 1 }), i18n.t, 'en')).toBe(
      'It is used by 1 product. Deactivate it instead.',
    );
  });

  it('says a kind it has no word for in the server’s sentence, and the count when no kinds are named', () => {
    const unknownKind = new ApiError(
      409,
      'IN_USE',
      'Brand "ACME" is used by 2 purchase orders; deactivate it instead.',
      {
        references: [{ entity: 'purchase_order', count: 2 }],
      },
    );
    expect(inUseText(unknownKind, i18n.t, 'en')).toBe(unknownKind.message);
    expect(inUseText(inUse({ count: 4 }), i18n.t, 'en')).toBe('It is used by 4 records. Deactivate it instead.');
    expect(inUseText(inUse({ constraint: 'fk' }), i18n.t, 'en')).toBeNull();
    expect(inUseText(new ApiError(409, 'CODE_TAKEN', 'Taken'), i18n.t, 'en')).toBeNull();
  });
});

function Row({
  remove,
  explain,
}: {
  remove: (id: string) => Promise<unknown>;
  explain?: (e: ApiError) => string | null;
}) {
  const [deleteRecord, holder] = useDeleteRecord(remove, explain ? { explain } : {});
  return (
    <>
      {holder}
      <DeleteAction
        name="LEEDS"
        confirm="Delete the warehouse LEEDS with its bins?"
        hint="Only a warehouse nothing uses can be deleted."
        onConfirm={() => deleteRecord('w1', 'LEEDS')}
      />
    </>
  );
}

async function confirmDelete() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete: LEEDS' }));
  // The confirmation names the record before anything is deleted.
  const question = await screen.findByText('Delete the warehouse LEEDS with its bins?');
  expect(question).toBeTruthy();
  const tooltip = screen.getByRole('tooltip');
  const ok = [...tooltip.querySelectorAll('button')].find((b) => b.textContent === 'Delete');
  if (!ok) throw new Error('no Delete button in the confirmation');
  fireEvent.click(ok);
}

describe('delete from a row', () => {
  it('asks first, naming the record, and deletes only when confirmed', async () => {
    const remove = vi.fn(async () => ({ ok: true }));
    renderUi(<Row remove={remove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete: LEEDS' }));
    await screen.findByText('Delete the warehouse LEEDS with its bins?');
    expect(screen.getByText('Only a warehouse nothing uses can be deleted.')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    cleanup();
    renderUi(<Row remove={remove} />);
    await confirmDelete();
    await waitFor(() => expect(remove).toHaveBeenCalledWith('w1'));
  });

  it('explains a refusal in a dialog titled with the record, saying what holds it', async () => {
    const remove = vi.fn(async () => {
      throw inUse({ references: [{ entity: 'stock_movement', count: 3 }], count: 3 });
    });
    renderUi(<Row remove={remove} />);
    await confirmDelete();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('LEEDS cannot be deleted');
    expect(dialog.textContent).toContain('It is used by 3 stock movements. Deactivate it instead.');
  });

  it('lets a page say its own refusal in its own words, and shows any other error’s text', async () => {
    const held = new ApiError(409, 'ROLE_IN_USE', 'Held', { userCount: 2 });
    renderUi(
      <Row
        remove={async () => {
          throw held;
        }}
        explain={(e) => (e.code === 'ROLE_IN_USE' ? 'Held by 2 users.' : null)}
      />,
    );
    await confirmDelete();
    expect(await screen.findByText('Held by 2 users.')).toBeTruthy();
    cleanup();
    renderUi(
      <Row
        remove={async () => {
          throw new ApiError(500, 'SOMETHING_ELSE', 'The server could not do it.');
        }}
      />,
    );
    await confirmDelete();
    expect(await screen.findByText('The server could not do it.')).toBeTruthy();
  });

  it('shows a disabled button with the reason when the record cannot be deleted at all', () => {
    renderUi(<DeleteAction name="Admin" confirm="?" onConfirm={() => undefined} blocked="A system role" />);
    const button = screen.getByRole('button', { name: 'A system role' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});

describe('create button', () => {
  it('is shown only to those who hold the permission', () => {
    const ui = <CreateButton permission="add_warehouse" testId="create-warehouse" label="New" onClick={() => {}} />;
    renderUi(ui, { permissions: ['view_warehouse'] });
    expect(screen.queryByTestId('create-warehouse')).toBeNull();
    cleanup();
    renderUi(ui, { permissions: ['add_warehouse'] });
    expect(screen.getByTestId('create-warehouse').textContent).toContain('New');
  });
});
