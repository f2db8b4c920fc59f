import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A supplier invoice for a received order at a higher price: entered on the Client Invoices Upload screen with the
 * order line picked and the price typed (the difference marked), saved PENDING; its page shows the three-way match
 * with the price flagged, and booking asks for a reason. Data is arranged through the API (order → approve → receipt).
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

test('a supplier invoice with a price difference is entered, matched and booked with a reason', async ({ page }) => {
  const api = await adminApi();
  const u = unique();
  const supplier = await api.call<Ref & { code: string }>('POST', '/api/business-partners', {
    code: `INV${u}`.slice(0, 30),
    name: `Invoice Supplies ${u}`,
  });
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', { code: `IW${u}`.slice(0, 20), name: `Dock ${u}` });
  const mug = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `MUG-${u}`, name: `Mug ${u}` });
  const order = await api.call<Ref & { number: string; lines: Ref[] }>('POST', '/api/purchase-orders', {
    type: 'PRIOR_ORDER_PO',
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [{ productId: mug.id, quantity: '6', unitCost: '2.50' }],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  const note = await api.call<Ref>('POST', '/api/goods-received-notes', {
    purchaseOrderId: order.id,
    lines: [{ orderLineId: order.lines[0]?.id, receivedQuantity: '6', acceptedQuantity: '6' }],
  });
  await api.call('POST', `/api/goods-received-notes/${note.id}/post`, {});

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice/create-purchase-invoice');
  await page.locator('#pi-supplier').click();
  await page.keyboard.type(supplier.code);
  const options = page.locator('.ant-select-item-option');
  await expect(options).toHaveCount(1);
  await page.keyboard.press('Enter');
  await page.getByTestId('pi-supplier-number').fill(`SUP-${u}`);
  const row = page.getByTestId('pi-order-lines').locator('tbody tr').filter({ hasText: mug.sku });
  await expect(row).toContainText(order.number);
  await row.locator('input[type="checkbox"]').check();
  await expect(page.getByTestId('pi-line-quantity')).toHaveValue('6');
  await page.getByTestId('pi-line-price').fill('2.75');
  await shot(page, 'purchase-invoice-create');
  await page.getByTestId('pi-save').click();

  await expect(page.getByTestId('pi-status')).toHaveText('Pending');
  await expect(page.getByTestId('pi-match-flag')).toHaveText(['Price']);
  await shot(page, 'purchase-invoice-detail');
  await page.getByTestId('pi-book').click();
  await expect(page.getByTestId('pi-dialog-ok')).toBeDisabled();
  await page.getByTestId('pi-reason').fill('New price list from the supplier');
  await page.getByTestId('pi-dialog-ok').click();
  await expect(page.getByTestId('pi-status')).toHaveText('Booked');

  // The list finds it by the supplier's number.
  await page.goto(`/#/purchase-invoice/purchase-invoice?q=SUP-${u}`);
  await expect(
    page
      .getByTestId('pi-table')
      .locator('tbody tr')
      .filter({ hasText: `SUP-${u}` }),
  ).toContainText('Booked');
  await shot(page, 'purchase-invoice-list');

  // German, right to left: the same page reads in the language and direction asked.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.getByTestId('pi-link').first().click();
  await page.reload();
  await expect(page.getByTestId('pi-status')).toHaveText('Verbucht');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shot(page, 'purchase-invoice-detail-de-rtl');
});
