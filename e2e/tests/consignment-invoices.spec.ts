import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Consignment Invoice Upload: a consignor's units received on a Consignment PO, three of them sold (issued through
 * the stock reservations API, as shipping does), then the supplier's invoice for four: entered on the screen, the
 * comparison per product highlights the difference, saved, booked with a reason, and listed in Client Invoices
 * with its kind. Data is arranged through the API.
 */

interface Ref {
  id: string;
}
type Api = Awaited<ReturnType<typeof adminApi>>;
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Serious and critical WCAG 2.2 AA violations on what the page shows. */
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

async function arrange(api: Api) {
  const u = unique();
  const supplier = await api.call<Ref & { code: string }>('POST', '/api/business-partners', {
    code: `CNS${u}`.slice(0, 30),
    name: `Consignor ${u}`,
    isConsignment: true,
  });
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', { code: `CNW${u}`.slice(0, 20), name: `Shop ${u}` });
  const vase = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `VASE-${u}`, name: `Vase ${u}` });
  const order = await api.call<Ref & { lines: Ref[] }>('POST', '/api/purchase-orders', {
    type: 'CONSIGNMENT_PO',
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [{ productId: vase.id, quantity: '10', unitCost: '2.50' }],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  const note = await api.call<Ref>('POST', '/api/goods-received-notes', {
    purchaseOrderId: order.id,
    lines: [{ orderLineId: order.lines[0]?.id, receivedQuantity: '10', acceptedQuantity: '10' }],
  });
  await api.call('POST', `/api/goods-received-notes/${note.id}/post`, {});
  // Three sold: reserved, then issued (an ISSUE of the supplier's units, as shipping posts it).
  const reservation = await api.call<Ref>('POST', '/api/stock/reservations', {
    productId: vase.id,
    warehouseId: warehouse.id,
    quantity: '3',
  });
  await api.call('POST', `/api/stock/reservations/${reservation.id}/issue`, {});
  return { u, supplier, vase };
}

test.describe.configure({ timeout: 180_000 });

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

async function choosePeriod(page: Page, from: string, to: string) {
  await page.locator('#ci-period').click();
  await page.locator('#ci-period').fill(from);
  await page.keyboard.press('Enter');
  await page.locator('#ci-period-to').fill(to);
  await page.keyboard.press('Enter');
  await expect(page.locator('#ci-period')).toHaveValue(from);
  await expect(page.locator('#ci-period-to')).toHaveValue(to);
}

test('a consignor’s invoice is compared with what was sold, booked with a reason and listed as consignment', async ({
  page,
}) => {
  const api = await adminApi();
  const { u, supplier, vase } = await arrange(api);

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice/consignment-invoice-upload');
  await expect(page.getByTestId('page-title')).toContainText('Consignment Invoice Upload');
  // Before a supplier is chosen, the screen says what to do.
  await expect(page.getByTestId('ci-owed')).toContainText('Choose the supplier');
  expect(await violations(page)).toEqual([]);

  await page.locator('#ci-supplier').click();
  await page.keyboard.type(supplier.code);
  await expect(page.locator('.ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  const day = today();
  await choosePeriod(page, `${day.slice(0, 8)}01`, day);

  // What is owed: three sold at the agreed £2.50.
  const owedRow = page.getByTestId('ci-owed').locator('tbody tr').filter({ hasText: vase.sku });
  await expect(owedRow).toContainText('3');
  await expect(owedRow).toContainText('7.50');

  // The supplier invoices four: the comparison highlights the product.
  await page.getByTestId('ci-add-line').click();
  await chooseSearched(page, page.getByTestId('ci-line-product'), vase.sku);
  await page.getByTestId('ci-line-quantity').fill('4');
  await page.getByTestId('ci-line-price').fill('2.50');
  await page.getByTestId('ci-number').fill(`CONS-${u}`);
  const compared = page.getByTestId('ci-comparison').locator('tbody tr').filter({ hasText: vase.sku });
  await expect(compared).toHaveAttribute('data-differs', 'true');
  await expect(compared.getByTestId('ci-differs-tag')).toBeVisible();
  await expect(compared.getByTestId('ci-compare-qd')).toHaveText('+1');
  await expect(page.getByTestId('ci-compare-summary')).toContainText('differs');
  expect(await violations(page)).toEqual([]);
  await shot(page, 'consignment-invoice-upload');

  await page.getByTestId('ci-save').click();
  await expect(page.getByTestId('ci-status')).toHaveText('Pending');
  await expect(page.getByTestId('ci-invoice-number')).toBeVisible();
  const number = (await page.getByTestId('ci-invoice-number').textContent())?.trim() ?? '';
  await page.getByTestId('ci-book').click();
  await expect(page.getByTestId('ci-dialog-ok')).toBeDisabled();
  await page.getByTestId('ci-reason').fill('One unit sold on the last evening, counted by the supplier');
  await page.getByTestId('ci-dialog-ok').click();
  await expect(page.getByTestId('ci-status')).toHaveText('Booked');
  await expect(page.getByText('Settles 3 units sold.')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shot(page, 'consignment-invoice-booked');

  // Client Invoices lists it with its kind and open amount, and opens it on its own page.
  await page.goto(`/#/purchase-invoice/purchase-invoice?q=${encodeURIComponent(number)}`);
  const listed = page.getByTestId('pi-table').locator('tbody tr').filter({ hasText: number });
  await expect(listed.getByTestId('pi-kind')).toHaveText('Consignment');
  await expect(listed.getByTestId('pi-status')).toHaveText('Booked');
  await listed.getByTestId('pi-link').click();
  await expect(page.getByTestId('ci-detail-period')).toBeVisible();
});

test('an invoice for a period with nothing sold shows every unit as a difference and cannot be saved', async ({
  page,
}) => {
  const api = await adminApi();
  const { u, supplier, vase } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice/consignment-invoice-upload');
  await page.locator('#ci-supplier').click();
  await page.keyboard.type(supplier.code);
  await expect(page.locator('.ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  // Last month by default: before anything was sold.
  await expect(page.getByTestId('ci-owed')).toContainText('None of this supplier');
  await page.getByTestId('ci-add-line').click();
  await chooseSearched(page, page.getByTestId('ci-line-product'), vase.sku);
  await page.getByTestId('ci-line-quantity').fill('2');
  await page.getByTestId('ci-line-price').fill('2.50');
  await page.getByTestId('ci-number').fill(`NONE-${u}`);
  const compared = page.getByTestId('ci-comparison').locator('tbody tr').filter({ hasText: vase.sku });
  await expect(compared.getByTestId('ci-compare-qd')).toHaveText('+2');
  await page.getByTestId('ci-save').click();
  await expect(page.getByTestId('ci-error')).toContainText('Nothing is owed');
  expect(await violations(page)).toEqual([]);

  // In German, right to left (as the customizer keeps it), the screen reads as well.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('ci-owed')).toContainText('Lieferant');
  expect(await violations(page)).toEqual([]);
  await shot(page, 'consignment-invoice-rtl-de');
});
