// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkUploadPage } from '../src/features/imports/bulk-upload-page.tsx';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(async () => {
  await setUpUi();
  // The history is fetched from the server: here it never answers, so the page shows it loading.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});
afterEach(cleanup);

function renderUpload(kind: 'products' | 'inventory', permissions: string[], url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderUi(
    <QueryClientProvider client={client}>
      <BulkUploadPage kind={kind} />
    </QueryClientProvider>,
    { url, permissions },
  );
}

describe('one bulk-upload page fed by the import kind', () => {
  it('is the product upload for products: its intro, template, wizard and history', () => {
    renderUpload('products', ['view_product', 'add_product'], '/product/product-bulk-upload-list');
    expect(screen.getByTestId('download-template')).toBeTruthy();
    expect(screen.getByText(/Add or update many products at once/)).toBeTruthy();
    expect(screen.getByTestId('import-history-table')).toBeTruthy();
    expect(screen.getByText('New upload')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'New' })).toBeTruthy();
  });

  it('is the inventory upload for inventory, telling those who may not post why there is no wizard', () => {
    renderUpload('inventory', ['view_warehouse'], '/warehouse/warehouse-inventory/bulk-upload');
    expect(screen.getByTestId('inventory-import-history-table')).toBeTruthy();
    expect(screen.getByTestId('inventory-upload-no-permission')).toBeTruthy();
    expect(screen.queryByText('New upload')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Opening' })).toBeTruthy();
  });
});
