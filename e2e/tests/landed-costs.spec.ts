import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Landed costs on a posted goods received note: "Add charge" opens a drawer, the shares per line are previewed as
 * the server apportions them (to the penny), then applied; the charge is listed on the note with what went to
 * stock and to cost of sales. Data is arranged through the API (supplier, warehouse, products, an approved order,
 * a posted receipt).
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

/** A posted receipt of 10 × 1.00 and 20 × 2.00. */
async function arrange(api: Api) {
  const u = unique();
  const supplier = await api.call<Ref>('POST', '/api/business-partners', {
    code: `LAND${u}`.slice(0, 30),
    name: `Landed Supplies ${u}`,
  });
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', {
    code: `LD${u}`.slice(0, 20),
    name: `Landed dock ${u}`,
  });
  const cup = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `CUP-${u}`, name: `Cup ${u}` });
  const jug = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `JUG-${u}`, name: `Jug ${u}` });
  const order = await api.call<Ref & { number: string; lines: { id: string }[] }>('POST', '/api/purchase-orders', {
    type: 'PRIOR_ORDER_PO',
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [
      { productId: cup.id, quantity: '10', unitCost: '1.00' },
      { productId: jug.id, quantity: '20', unitCost: '2.00' },
    ],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  const note = await api.call<Ref & { number: string }>('POST', '/api/goods-received-notes', {
    purchaseOrderId: order.id,
    lines: order.lines.map((l, i) => ({
      orderLineId: l.id,
      receivedQuantity: i === 0 ? '10' : '20',
      acceptedQuantity: i === 0 ? '10' : '20',
    })),
  });
  await api.call('POST', `/api/goods-received-notes/${note.id}/post`, {});
  return { note, cup, jug };
}

test('a freight charge is previewed by value and applied to a posted receipt', async ({ page }) => {
  const api = await adminApi();
  const { note, cup, jug } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/#/good-received-note/good-received-note/${note.id}`);
  await expect(page.getByTestId('grn-status')).toHaveText('Posted');
  await expect(page.getByTestId('landed-empty')).toBeVisible();

  await page.getByTestId('landed-add').click();
  await page.getByTestId('landed-amount').fill('10.00');
  await expect(page.getByTestId('landed-apply')).toBeDisabled();
  await page.getByTestId('landed-preview').click();
  // By value: 10.00 and 40.00 of 50.00 → 2.00 and 8.00.
  const preview = page.getByTestId('landed-preview-shares').locator('tbody tr.ant-table-row');
  await expect(preview).toHaveCount(2);
  await expect(preview.filter({ hasText: cup.sku })).toContainText('2.00');
  await expect(preview.filter({ hasText: jug.sku })).toContainText('8.00');
  await shot(page, 'landed-cost-preview-en-ltr');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('landed-apply').click();
  await expect(page.locator('.ant-drawer-content-wrapper:visible')).toHaveCount(0);

  const charge = page.getByTestId('landed-charge');
  await expect(charge).toHaveCount(1);
  await expect(charge).toContainText('Freight');
  await expect(charge.getByTestId('landed-shares').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await shot(page, 'landed-cost-applied-en-ltr');
  const listed = await api.call<{ amountGbp: string; inStock: string }[]>(
    'GET',
    `/api/goods-received-notes/${note.id}/landed-costs`,
  );
  expect(listed.map((c) => [c.amountGbp, c.inStock])).toEqual([['10.00', '10.00']]);
});

test('the charge drawer in German, right to left, refuses a share by weight without weights', async ({ page }) => {
  const api = await adminApi();
  const { note } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/good-received-note/good-received-note/${note.id}`);
  await page.reload();
  await expect(page.getByTestId('grn-status')).toHaveText('Gebucht');
  await page.getByTestId('landed-add').click();
  await page.getByTestId('landed-amount').fill('12.50');
  await page.getByTestId('landed-basis').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Nach Gewicht' }).click();
  await page.getByTestId('landed-preview').click();
  await expect(page.getByTestId('landed-error')).toContainText('kein Gewicht');
  await shot(page, 'landed-cost-weight-de-rtl');
  // The drawer is checked, not the basis list while it closes.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('a dispatched Send Inventory order is received at its destination on the receipt form', async ({ page }) => {
  const api = await adminApi();
  const u = unique();
  const { note, cup } = await arrange(api);
  const stock = await api.call<{ warehouse: Ref }>('GET', `/api/goods-received-notes/${note.id}`);
  const fba = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `FB${u}`.slice(0, 20),
    name: `FBA ${u}`,
    kind: 'AMAZON_FBA',
  });
  const order = await api.call<Ref & { number: string }>('POST', '/api/purchase-orders', {
    type: 'SEND_INVENTORY',
    warehouseId: stock.warehouse.id,
    destinationWarehouseId: fba.id,
    shipmentReference: `FBA${u}`.slice(0, 30),
    lines: [{ productId: cup.id, quantity: '6', unitCost: '0' }],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  await api.call('POST', `/api/purchase-orders/${order.id}/dispatch`, {});
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/#/good-received-note/good-received-note/new?order=${order.id}`);
  const accepted = page.getByTestId('grn-create-lines').getByTestId('grn-line-accepted');
  await expect(accepted).toHaveCount(1);
  await expect(accepted.first()).toHaveValue('6');
  await accepted.first().fill('4');
  await shot(page, 'send-inventory-receive-en-ltr');
  await page.getByTestId('grn-save-post').click();
  await expect(page.getByTestId('grn-status')).toHaveText('Posted');
  await expect(page.getByText('Own stock (sent from another warehouse)')).toBeVisible();
  // 4 at 1.00 out of transit into the FBA warehouse's bins.
  await expect(page.getByTestId('grn-lines').locator('tbody tr.ant-table-row').first()).toContainText('4.00');
  await expect(page.getByTestId('landed-add')).toHaveCount(0);
  await shot(page, 'send-inventory-note-en-ltr');
  const state = await api.call<{ status: string }>('GET', `/api/purchase-orders/${order.id}`);
  expect(state.status).toBe('PARTIALLY_RECEIVED');
});
