import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { gs1CheckDigit } from '@backoffice/contracts';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Fast receiving with a keyboard wedge scanner: an approved order is received in part on the "new" goods received
 * note screen by typing codes and Enter only; the note posted shows its ledger rows. Data is arranged through the
 * API (supplier, warehouse, products, an approved purchase order).
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
  // Looked at once settled: nothing loading, and the toast of the step gone (its fade is no colour of the page).
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

/** A valid EAN-13 from 12 digits. */
const ean13 = (body: string) => `${body}${gs1CheckDigit(body)}`;

async function arrange(api: Api) {
  const u = unique();
  const supplier = await api.call<Ref & { code: string }>('POST', '/api/business-partners', {
    code: `SCAN${u}`.slice(0, 30),
    name: `Scanner Supplies ${u}`,
  });
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `SC${u}`.slice(0, 20),
    name: `Scan dock ${u}`,
  });
  const barcode = ean13(`50${String(Date.now()).slice(-10)}`);
  const mug = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `MUG-${u}`,
    name: `Enamel mug ${u}`,
    barcodes: [barcode],
  });
  const plate = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `PLATE-${u}`,
    name: `Enamel plate ${u}`,
  });
  const order = await api.call<Ref & { number: string }>('POST', '/api/purchase-orders', {
    type: 'PRIOR_ORDER_PO',
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [
      { productId: mug.id, quantity: '6', unitCost: '2.50' },
      { productId: plate.id, quantity: '4', unitCost: '3.00' },
    ],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  return { u, supplier, warehouse, mug, plate, barcode, order };
}

test('part of an order is received on the scanner screen with codes and Enter alone', async ({ page }) => {
  const api = await adminApi();
  const { supplier, mug, plate, barcode, order } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/good-received-note/good-received-note-v2');

  // The supplier picker has the focus: type, Enter chooses; its one warehouse is chosen and the scan field focused.
  const supplierField = page.locator('#fast-supplier');
  await expect(supplierField).toBeFocused();
  await page.keyboard.type(supplier.code);
  // The server's search has narrowed the options to the one supplier before Enter takes the first.
  const options = page.locator('.ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(supplier.code);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('fast-supplier')).toContainText(supplier.code);
  const scan = page.getByTestId('fast-scan');
  await expect(scan).toBeEnabled();
  await expect(scan).toBeFocused();

  // A wedge scanner types the code and Enter: twice the mug's barcode, its SKU once, a plate, and a stray code.
  for (const code of [barcode, barcode, mug.sku, plate.sku, 'NOT-A-PRODUCT']) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(scan).toHaveValue('');
    await expect(scan).toBeFocused();
  }
  const lines = page.getByTestId('fast-lines');
  const mugRow = lines.locator('tbody tr').filter({ hasText: mug.sku });
  await expect(mugRow).toContainText(order.number);
  await expect(mugRow.locator('td').nth(2)).toHaveText('3');
  await expect(lines.getByTestId('fast-flag')).toHaveText(['Unknown code']);
  await expect(page.getByTestId('fast-post')).toBeDisabled();
  await shot(page, 'grn-fast-flagged');

  // The stray code's line is removed from the keyboard: Tab to its button, Enter; the focus is back on the scan.
  const strayRemove = lines.locator('tbody tr').filter({ hasText: 'NOT-A-PRODUCT' }).getByRole('button');
  await strayRemove.focus();
  await page.keyboard.press('Enter');
  await expect(lines.getByTestId('fast-flag')).toHaveCount(0);
  await expect(scan).toBeFocused();
  await expect(page.getByTestId('fast-post')).toBeEnabled();
  await shot(page, 'grn-fast-ready');
  await expect(page.getByTestId('fast-post')).toBeEnabled();

  // Post from the keyboard.
  await page.getByTestId('fast-post').focus();
  await page.keyboard.press('Enter');
  const posted = page.getByTestId('fast-posted');
  await expect(posted).toContainText(order.number);
  await expect(scan).toBeFocused();

  // The note: posted, its lines, its ledger rows; the order is partly received.
  await posted.getByRole('link').first().click();
  await expect(page.getByTestId('grn-status')).toHaveText('Posted');
  const noteLines = page.getByTestId('grn-lines');
  await expect(noteLines.locator('tbody tr').filter({ hasText: mug.sku })).toContainText('7.50');
  const ledger = page.getByTestId('grn-movements');
  await expect(ledger.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await shot(page, 'grn-detail');
  const state = await api.call<{ status: string }>('GET', `/api/purchase-orders/${order.id}`);
  expect(state.status).toBe('PARTIALLY_RECEIVED');
});

test('an order is received on the form in German, right to left: lines prefilled, rejected units recorded', async ({
  page,
}) => {
  const api = await adminApi();
  const { mug, plate, order } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/good-received-note/good-received-note/new?order=${order.id}`);
  await page.reload();

  // What is still to come, prefilled: 6 mugs and 4 plates.
  const lines = page.getByTestId('grn-create-lines');
  const accepted = lines.getByTestId('grn-line-accepted');
  await expect(accepted).toHaveCount(2);
  await expect(accepted.nth(0)).toHaveValue('6');
  await expect(accepted.nth(1)).toHaveValue('4');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // 4 mugs accepted and 1 broken; no plates this time.
  await accepted.nth(0).fill('4');
  await lines.getByTestId('grn-line-rejected').nth(0).fill('1');
  await accepted.nth(1).fill('0');
  await expect(lines.locator('tbody tr.ant-table-row').nth(0)).toContainText('höchstens 6');
  await shot(page, 'grn-create-de-rtl');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('grn-save-post').click();

  await expect(page.getByTestId('grn-status')).toHaveText('Gebucht');
  const noteLines = page.getByTestId('grn-lines').locator('tbody tr.ant-table-row');
  await expect(noteLines).toHaveCount(1);
  await expect(noteLines.first()).toContainText(mug.sku);
  await expect(page.getByTestId('grn-lines')).not.toContainText(plate.sku);
  await shot(page, 'grn-detail-de-rtl');
  await expect(page.getByTestId('grn-movements').locator('tbody tr.ant-table-row')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
  const state = await api.call<{ status: string; lines: { receivedQuantity: string; rejectedQuantity: string }[] }>(
    'GET',
    `/api/purchase-orders/${order.id}`,
  );
  expect(state.status).toBe('PARTIALLY_RECEIVED');
  expect(state.lines.map((l) => [l.receivedQuantity, l.rejectedQuantity])).toEqual([
    ['4', '1'],
    ['0', '0'],
  ]);

  // The list finds the note by the order's number.
  await page.goto(`/#/good-received-note/good-received-note?q=${encodeURIComponent(order.number)}`);
  await expect(page.getByTestId('grn-table').getByTestId('grn-link')).toHaveCount(1);
  await shot(page, 'grn-list-de-rtl');

  // The scanner screen waits for a supplier and a warehouse before it takes a scan.
  await page.goto('/#/good-received-note/good-received-note-v2');
  await expect(page.getByTestId('fast-scan')).toBeDisabled();
  await expect(page.locator('#fast-supplier')).toBeFocused();
  await shot(page, 'grn-fast-de-rtl');
});
