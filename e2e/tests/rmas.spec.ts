import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A return to supplier from the screens: the RMA is drafted on "Create RMA" with a line sent back against the
 * newer of two receipts, approved with the supplier's RMA number, shipped at that receipt's cost (not FIFO's older
 * one) and credited. Data is arranged through the API (supplier, warehouse, product, two posted receipts).
 */

type Api = Awaited<ReturnType<typeof adminApi>>;
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

/** Serious and critical WCAG 2.2 AA violations on what the page shows (as accessibility.spec.ts counts them). */
async function violations(page: Page) {
  await expect(
    page.locator(
      '.ant-spin-spinning, .ant-skeleton-active, .ant-notification-notice, .ant-slide-up-leave, .ant-slide-down-leave',
    ),
  ).toHaveCount(0, {
    timeout: 15_000,
  });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
}

async function receive(api: Api, supplierId: string, warehouseId: string, productId: string, unitCost: string) {
  const order = await api.call<Ref & { lines: { id: string }[] }>('POST', '/api/purchase-orders', {
    type: 'PRIOR_ORDER_PO',
    supplierId,
    warehouseId,
    lines: [{ productId, quantity: '5', unitCost }],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  const note = await api.call<Ref & { number: string }>('POST', '/api/goods-received-notes', {
    purchaseOrderId: order.id,
    lines: [{ orderLineId: order.lines[0]?.id, receivedQuantity: '5', acceptedQuantity: '5' }],
  });
  await api.call('POST', `/api/goods-received-notes/${note.id}/post`, {});
  return note;
}

async function arrange(api: Api) {
  const u = unique();
  const supplier = await api.call<Ref & { code: string }>('POST', '/api/business-partners', {
    code: `RMA${u}`.slice(0, 30),
    name: `Returns Supplies ${u}`,
  });
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `RM${u}`.slice(0, 20),
    name: `Returns dock ${u}`,
  });
  const kettle = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `KETTLE-${u}`,
    name: `Kettle ${u}`,
  });
  const older = await receive(api, supplier.id, warehouse.id, kettle.id, '2.00');
  const newer = await receive(api, supplier.id, warehouse.id, kettle.id, '3.00');
  return { supplier, warehouse, kettle, older, newer };
}

const choose = (page: Page, testId: string, text: string) => chooseSearched(page, page.getByTestId(testId), text);

test('an RMA names the newer receipt, is approved, shipped at that receipt’s cost and credited', async ({ page }) => {
  const api = await adminApi();
  const { supplier, warehouse, kettle, newer } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/rma/create-rma');

  await choose(page, 'rma-supplier', supplier.code);
  await choose(page, 'rma-warehouse', warehouse.code);
  const scan = page.getByTestId('rma-line-scan');
  await scan.fill(kettle.sku);
  await scan.press('Enter');
  const line = page.getByTestId('rma-line').filter({ hasText: kettle.sku });
  await expect(line).toHaveCount(1);
  await line.getByTestId('rma-line-quantity').fill('2');
  await line.getByTestId('rma-line-receipt').click();
  const receipt = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: newer.number });
  await expect(receipt).toContainText('5');
  await receipt.click();
  await line.getByTestId('rma-line-reason').fill('Faulty thermostat');
  await shot(page, 'rma-form');
  await page.keyboard.press('Escape');
  // The form is checked, not the receipt list while it closes.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('rma-save').click();

  await expect(page.getByTestId('rma-status')).toHaveText('Draft');
  await expect(page.getByTestId('rma-lines')).toContainText(newer.number);
  await page.getByTestId('rma-approve').click();
  await page.getByTestId('rma-dialog-text').fill('SUP-RMA-42');
  await page.getByTestId('rma-dialog-ok').click();
  await expect(page.getByTestId('rma-status')).toHaveText('Approved');
  await expect(page.getByTestId('rma-supplier-number')).toHaveText('SUP-RMA-42');

  await page.getByTestId('rma-ship').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Ship' }).click();
  await expect(page.getByTestId('rma-status')).toHaveText('Shipped');
  // 2 × £3.00 of the newer receipt, not FIFO's £2.00.
  await expect(page.getByTestId('rma-value')).toHaveText('£6.00');

  await page.getByTestId('rma-credit').click();
  await page.getByTestId('rma-credit-amount').fill('6.00');
  await page.getByTestId('rma-dialog-text').fill('CN-1001');
  await page.getByTestId('rma-dialog-ok').click();
  await expect(page.getByTestId('rma-status')).toHaveText('Credited');
  await expect(page.getByTestId('rma-credit')).toContainText('CN-1001');
  await shot(page, 'rma-detail');
  expect(await violations(page)).toEqual([]);
});

test('the RMA list and an RMA read in German, right to left', async ({ page }) => {
  const api = await adminApi();
  const { supplier, warehouse, kettle, newer } = await arrange(api);
  const receipts = await api.call<{ lineId: string; number: string }[]>(
    'GET',
    `/api/rmas/receipts?supplierId=${supplier.id}&warehouseId=${warehouse.id}&productId=${kettle.id}`,
  );
  const rma = await api.call<Ref & { number: string }>('POST', '/api/rmas', {
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [
      { productId: kettle.id, quantity: '1', reason: 'Defekt', receiptLineId: receipts[0]?.lineId },
      { productId: kettle.id, quantity: '1' },
    ],
  });
  await api.call('POST', `/api/rmas/${rma.id}/approve`, { supplierRmaNumber: 'ABC-7' });
  await api.call('POST', `/api/rmas/${rma.id}/ship`, {});
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/rma/rma?supplierId=${supplier.id}`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('rma-status')).toHaveText('Versandt');
  await shot(page, 'rma-list-de-rtl');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('rma-link').click();
  await expect(page.getByTestId('rma-lines')).toContainText(newer.number);
  // The line without a receipt went out at FIFO cost: the older receipt's £2.00; the named one at £3.00.
  await expect(page.getByTestId('rma-value')).toContainText('5,00');
  await expect(page.getByTestId('rma-replace')).toHaveText('Ersatz empfangen');
  await shot(page, 'rma-detail-de-rtl');
  expect(await violations(page)).toEqual([]);
});
