// @vitest-environment happy-dom
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CodedRecordListPage } from '../src/features/master-data/coded-record-list-page.tsx';
import type { CodedInput, CodedRecord, CodedRecordKind } from '../src/features/master-data/index.ts';
import { ApiError } from '../src/shared/lib/errors.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

const ACME: CodedRecord = {
  id: 'b1',
  code: 'ACME',
  name: 'Acme',
  active: true,
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-02',
};

/** A brand list over fake hooks: what the page asks for and sends is recorded. */
function brands(createResult: () => Promise<CodedRecord>) {
  const listQueries: unknown[] = [];
  const created: { body: CodedInput; idempotencyKey: string }[] = [];
  const mutation = <V,>(run: (v: V) => Promise<never> | Promise<CodedRecord> | Promise<{ ok: true }>) =>
    ({ mutateAsync: run, isPending: false }) as unknown as UseMutationResult<never, Error, V>;
  const kind: CodedRecordKind = {
    texts: 'brands',
    permissions: { add: 'add_brand', edit: 'edit_brand', delete: 'delete_brand' },
    testIds: { table: 'brands-table', create: 'create-brand' },
    formId: 'brand-form',
    codeTakenCode: 'BRAND_CODE_TAKEN',
    useList: (query) => {
      listQueries.push(query);
      return {
        data: { items: [ACME], total: 1, page: 1, pageSize: 20 },
        isFetching: false,
        error: null,
        refetch: () => undefined,
      } as unknown as UseQueryResult<{ items: CodedRecord[]; total: number; page: number; pageSize: number }>;
    },
    useCreate: () =>
      mutation((v: { body: CodedInput; idempotencyKey: string }) => {
        created.push(v);
        return createResult();
      }),
    useUpdate: () => mutation(async () => ACME),
    useDelete: () => mutation(async () => ({ ok: true as const })),
    exportFile: vi.fn(async () => undefined),
  };
  return { kind, listQueries, created };
}

beforeAll(setUpUi);
afterEach(cleanup);

describe('a master-data list on the kit (brands)', () => {
  it('asks the API for the URL’s filter and shows the rows with their actions', () => {
    const { kind, listQueries } = brands(async () => ACME);
    renderUi(<CodedRecordListPage kind={kind} />, {
      url: '/product/brand?active=true&q=ac&sort=-name&kind=ignored',
      permissions: ['add_brand', 'edit_brand', 'delete_brand'],
    });
    expect(listQueries.at(-1)).toEqual({ page: 1, pageSize: 20, q: 'ac', sort: '-name', active: 'true' });
    const table = screen.getByTestId('brands-table');
    expect(within(table).getByText('ACME')).toBeTruthy();
    expect(within(table).getByText('2026-01-02')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit: ACME' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete: ACME' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search brands by code or name' })).toBeTruthy();
    expect(screen.getByTestId('create-brand')).toBeTruthy();
  });

  it('hides what the user may not do', () => {
    const { kind } = brands(async () => ACME);
    renderUi(<CodedRecordListPage kind={kind} />, { url: '/product/brand', permissions: ['view_brand'] });
    expect(screen.queryByTestId('create-brand')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit: ACME' })).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('puts a taken code under the code field, and sends a retry with the same key', async () => {
    const taken = new ApiError(409, 'BRAND_CODE_TAKEN', 'A brand with this code already exists.');
    const { kind, created } = brands(async () => {
      throw taken;
    });
    renderUi(<CodedRecordListPage kind={kind} />, { url: '/product/brand', permissions: ['add_brand'] });
    fireEvent.click(screen.getByTestId('create-brand'));
    const code = (await screen.findByRole('textbox', { name: 'Code' })) as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'acme' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Another' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() =>
      expect(document.getElementById('brand-form_code_help')?.textContent).toBe(
        'A brand with this code already exists.',
      ),
    );
    expect(created[0]?.body).toEqual({ code: 'ACME', name: 'Another', active: true });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]?.idempotencyKey).toBe(created[0]?.idempotencyKey);
  });
});
