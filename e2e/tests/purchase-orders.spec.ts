import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A buyer's purchase order from the screens: a Prior PO with two lines found by SKU in the lines editor, its
 * totals and VAT as the server computed them, approval, the order in its list with its progress, and its PDF.
 * The supplier, warehouse and products are arranged through the API.
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

async function arrange() {
  const api = await adminApi();
  const u = unique();
  const supplier = await api.call<Ref & { code: string; name: string }>('POST', '/api/business-partners', {
    code: `PO${u}`.slice(0, 30),
    name: `Harbour Ceramics ${u}`,
    paymentTermsDays: 45,
    contacts: [{ name: 'Orders desk', email: `orders.${u.toLowerCase()}@supplier.test` }],
  });
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `WH${u}`.slice(0, 20),
    name: `Main dock ${u}`,
  });
  const bowl = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `BOWL-${u}`,
    name: `Stoneware bowl ${u}`,
    costPrice: '3.35',
  });
  const jug = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `JUG-${u}`,
    name: `Milk jug ${u}`,
    costPrice: '7',
    vatRate: '5',
  });
  return { supplier, warehouse, bowl, jug };
}

const choose = (page: Page, testId: string, text: string) => chooseSearched(page, page.getByTestId(testId), text);

test('a Prior PO with two lines is created, approved, listed with its progress, and printed', async ({ page }) => {
  const { supplier, warehouse, bowl, jug } = await arrange();
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-order/purchase-order/PRIOR_ORDER_PO');
  await expect(page.getByTestId('page-title')).toHaveText('Prior PO');
  await page.getByTestId('po-create').click();

  await choose(page, 'po-supplier', supplier.code);
  await choose(page, 'po-warehouse', warehouse.code);
  // The terms come from the supplier.
  await expect(page.getByTestId('po-terms')).toHaveValue('45');

  // Two products found by SKU in the scan field; each starts at its cost price (no earlier order from this supplier).
  const scan = page.getByTestId('po-line-scan');
  for (const sku of [bowl.sku, jug.sku]) {
    await scan.fill(sku);
    await scan.press('Enter');
    await expect(scan).toHaveValue('');
  }
  const lines = page.getByTestId('po-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByTestId('po-line-cost')).toHaveValue('3.35');
  await expect(lines.nth(1).getByTestId('po-line-cost')).toHaveValue('7.00');
  await lines.nth(0).getByTestId('po-line-quantity').fill('3');
  await lines.nth(0).getByTestId('po-line-cost').fill('0.335');
  await lines.nth(1).getByTestId('po-line-quantity').fill('2');
  await lines.nth(1).getByTestId('po-line-discount').fill('10');
  // Live: 3 × 0.335 = 1.005 → £1.01 + 20 %; 2 × 7 × 0.9 = £12.60 + 5 %.
  await expect(lines.nth(0).getByTestId('po-line-net')).toHaveText('£1.01');
  await expect(lines.nth(1).getByTestId('po-line-net')).toHaveText('£12.60');
  await expect(page.getByTestId('po-form-gross')).toHaveText('£14.44');
  await shot(page, 'po-form-en-ltr');
  await page.getByTestId('po-save').click();

  // The order as the server computed it.
  const number = (await page.getByTestId('po-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^PO-\d{4}-\d{5}$/);
  await expect(page.getByTestId('po-status')).toHaveText('Draft');
  await expect(page.getByTestId('po-net-total')).toHaveText('£13.61');
  await expect(page.getByTestId('po-vat-total')).toHaveText('£0.83');
  await expect(page.getByTestId('po-gross-total')).toHaveText('£14.44');

  await page.getByTestId('po-approve').click();
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary, .ant-popover .ant-btn-primary').first().click();
  await expect(page.getByTestId('po-status')).toHaveText('Approved');
  await shot(page, 'po-detail-en-ltr');

  // Its PDF.
  const download = page.waitForEvent('download');
  await page.getByTestId('document-print').click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = await readFile((await pdf.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // In its list: found by SKU, approved, nothing received yet.
  await page.getByTestId('po-back').click();
  await page.getByTestId('po-search').locator('input').fill(jug.sku);
  await page.getByTestId('po-search').locator('input').press('Enter');
  const row = page.getByTestId('purchase-orders-table').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('po-link')).toHaveText(number);
  await expect(row.getByTestId('po-status')).toHaveText('Approved');
  await expect(row.getByTestId('po-received')).toContainText('0 / 5');
  await expect(page).toHaveURL(new RegExp(`q=${jug.sku}`));
  await shot(page, 'po-list-en-ltr');

  // German, right to left: the same screens mirrored, in German words.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(row.getByTestId('po-status')).toHaveText('Freigegeben');
  await shot(page, 'po-list-de-rtl');
  await row.getByTestId('po-link').click();
  await expect(page.getByTestId('po-status')).toHaveText('Freigegeben');
  await shot(page, 'po-detail-de-rtl');
  await page.goto('/#/purchase-order/purchase-order/PRIOR_ORDER_PO/new');
  await expect(page.getByTestId('po-line-scan')).toBeVisible();
  await shot(page, 'po-form-de-rtl');
  // Send Inventory: no supplier, a destination and a shipment reference.
  await page.goto('/#/purchase-order/purchase-order/SEND_INVENTORY/new');
  await expect(page.getByTestId('po-destination')).toBeVisible();
  await expect(page.getByTestId('po-supplier')).toHaveCount(0);
  await expect(page.getByTestId('po-shipment-reference')).toBeVisible();
  await shot(page, 'po-send-inventory-form-de-rtl');
});

test('chosen replenishment suggestions become a draft Prior PO of their supplier', async ({ page }) => {
  const api = await adminApi();
  const { supplier, warehouse, bowl } = await arrange();
  const u = unique();
  const low = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `LOW-${u}`,
    name: `Low stock teapot ${u}`,
    costPrice: '4.5',
    reorderPoint: '10',
    reorderQuantity: '24',
  });
  await api.call('POST', '/api/stock/adjustments', {
    reason: 'Opening stock',
    lines: [{ productId: low.id, warehouseId: warehouse.id, quantity: '2', unitCost: '4.5' }],
  });
  // Its supplier: the one of its latest order.
  await api.call('POST', '/api/purchase-orders', {
    type: 'PRIOR_ORDER_PO',
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [
      { productId: low.id, quantity: '1', unitCost: '4.2' },
      { productId: bowl.id, quantity: '1', unitCost: '3' },
    ],
  });

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/#/warehouse/warehouse-inventory/replenishment-report?q=${low.sku}`);
  const table = page.getByTestId('replenishment-table');
  const row = table.locator('tbody tr.ant-table-row').filter({ hasText: low.sku });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('replenishment-create-orders')).toBeDisabled();
  await row.locator('input[type=checkbox]').check();
  await page.getByTestId('replenishment-create-orders').click();
  await page.getByTestId('replenishment-create-confirm').click();
  const created = page.getByTestId('replenishment-created');
  await expect(created).toContainText('PO-');
  await shot(page, 'po-replenishment-created');
  await created.getByRole('link').first().click();
  await expect(page.getByTestId('po-status')).toHaveText('Draft');
  const line = page.getByTestId('po-lines').locator('tbody tr').filter({ hasText: low.sku });
  // 24 at the supplier's last price offered.
  await expect(line).toContainText('24');
  await expect(line).toContainText('£4.20');
});
