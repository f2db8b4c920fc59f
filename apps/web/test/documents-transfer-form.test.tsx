// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { TransferNewPage } from '../src/features/inventory-transfer/pages/transfer-form-page.tsx';
import transfers from '../src/locales/en/transfers.json';
import warehouses from '../src/locales/en/warehouses.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'transfers', transfers);
  i18n.addResourceBundle('en', 'warehouses', warehouses);
});
afterEach(cleanup);

/** The transfer form on the kit: the names the browser tests use, the lines editor inside the antd form. */
it('the transfer form keeps its fields’ names and judges its lines when saving', async () => {
  renderUi(<TransferNewPage />, { permissions: ['view_product', 'view_warehouse', 'add_inventory_transfer'] });
  expect(screen.getAllByTestId('transfer-line')).toHaveLength(1);
  expect(screen.getByRole('combobox', { name: 'Product of line 1' })).toBeTruthy();
  expect(screen.getByRole('combobox', { name: 'Destination bin of line 1' })).toBeTruthy();
  fireEvent.change(screen.getByTestId('transfer-line-quantity'), { target: { value: '6' } });
  fireEvent.click(screen.getByTestId('transfer-add-line'));
  await waitFor(() => expect(screen.getAllByTestId('transfer-line')).toHaveLength(2));
  fireEvent.click(screen.getByTestId('transfer-save'));
  await waitFor(() => expect(document.body.textContent).toContain('Some lines need attention'));
  // The second line, left empty, is marked; nothing was sent.
  expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Choose a product.');
});
