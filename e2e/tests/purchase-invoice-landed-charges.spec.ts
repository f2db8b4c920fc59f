import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A forwarder's freight invoice entered on the supplier invoice page with a landed charge for a posted receipt of
 * another supplier (no goods lines), booked, and its shares seen on the invoice and on the receipt, whose landed
 * costs name the invoice; the layers' value rises by the charge. Axe on the entry form and the invoice, in English
 * and in German right to left.
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

/** A posted receipt of 10 cups at 1.00 and 30 jugs at 2.00 (values 10 and 60), and a forwarder. */
async function arrange(api: Api) {
  const u = unique();
  const supplier = await api.call<Ref>('POST', '/api/business-partners', {
    code: `GDS${u}`.slice(0, 30),
    name: `Goods Supplier ${u}`,
  });
  const forwarder = await api.call<Ref & { code: string }>('POST', '/api/business-partners', {
    code: `FWD${u}`.slice(0, 30),
    name: `Freight Forwarder ${u}`,
  });
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', {
    code: `FW${u}`.slice(0, 20),
    name: `Freight dock ${u}`,
  });
  const cup = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `FCUP-${u}`, name: `Cup ${u}` });
  const jug = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `FJUG-${u}`, name: `Jug ${u}` });
  const order = await api.call<Ref & { number: string; lines: { id: string }[] }>('POST', '/api/purchase-orders', {
    type: 'PRIOR_ORDER_PO',
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [
      { productId: cup.id, quantity: '10', unitCost: '1.00' },
      { productId: jug.id, quantity: '30', unitCost: '2.00' },
    ],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  const note = await api.call<Ref & { number: string }>('POST', '/api/goods-received-notes', {
    purchaseOrderId: order.id,
    lines: order.lines.map((l, i) => ({
      orderLineId: l.id,
      receivedQuantity: i === 0 ? '10' : '30',
      acceptedQuantity: i === 0 ? '10' : '30',
    })),
  });
  await api.call('POST', `/api/goods-received-notes/${note.id}/post`, {});
  return { note, cup, jug, forwarder, warehouse };
}

test('a freight invoice for a receipt is entered, booked, and raises the receipt’s layers', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const { note, cup, jug, forwarder } = await arrange(api);
  const u = unique();
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice/create-purchase-invoice');
  await page.locator('#pi-supplier').click();
  await page.keyboard.type(forwarder.code);
  await expect(page.locator('.ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await page.getByTestId('pi-supplier-number').fill(`FRT-${u}`);
  await expect(page.getByTestId('pi-charges-empty')).toBeVisible();
  await expect(page.getByTestId('pi-save')).toBeDisabled();

  // One charge, entered from the keyboard: amount, then the receipt searched by its number.
  await page.getByTestId('pi-charge-add').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('pi-charge-amount').fill('35.00');
  await page.locator('#pi-charge-1-receipts').focus();
  await page.keyboard.type(note.number);
  // Enter takes the active option: wait until the server's answer is all the list shows.
  const shown = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(shown.filter({ hasNotText: note.number })).toHaveCount(0);
  await expect(shown.filter({ hasText: note.number })).toHaveCount(1);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('pi-charge-receipts')).toContainText(note.number);
  // Net 35.00 + VAT 20 % 7.00 = 42.00.
  await expect(page.getByTestId('pi-total-gross')).toHaveText(/42\.00/);
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(page, 'pi-landed-charges-create-en-ltr');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('pi-save').click();
  // Off the corner where the "saved" notice appears: a pointer over it keeps it open.
  await page.mouse.move(400, 10);

  await expect(page.getByTestId('pi-status')).toHaveText('Pending');
  // Before booking: the planned shares by value, 10/70 and 60/70 of 35.00 → 5.00 and 30.00.
  const planned = page.getByTestId('pi-charge-shares').locator('tbody tr.ant-table-row');
  await expect(planned).toHaveCount(2);
  await expect(planned.filter({ hasText: cup.sku })).toContainText('5.00');
  await expect(planned.filter({ hasText: jug.sku })).toContainText('30.00');
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('pi-book').click();
  // Within the tolerances (no goods lines): the bar's own confirmation.
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Book' }).click();
  await expect(page.locator('.ant-popconfirm:visible')).toHaveCount(0);
  await expect(page.getByTestId('pi-status')).toHaveText('Booked', { timeout: 30_000 });
  await expect(page.getByTestId('pi-charge-detail')).toContainText('Applied');
  await shot(page, 'pi-landed-charges-booked-en-ltr');

  // The receipt's landed costs name the invoice, with its link; the layers carry the charge.
  await page.getByTestId('pi-charge-receipt-link').first().click();
  await expect(page.getByTestId('grn-status')).toHaveText('Posted');
  const charge = page.getByTestId('landed-charge');
  await expect(charge).toHaveCount(1);
  await expect(charge.getByTestId('landed-source')).toContainText('From supplier invoice');
  const shares = charge.getByTestId('landed-shares').locator('tbody tr.ant-table-row');
  await expect(shares.filter({ hasText: cup.sku })).toContainText('5.00');
  await shot(page, 'pi-landed-charges-receipt-en-ltr');
  expect(await violations(page)).toEqual([]);
  const listed = await api.call<{ amountGbp: string; inStock: string; sourceInvoice: { number: string } | null }[]>(
    'GET',
    `/api/goods-received-notes/${note.id}/landed-costs`,
  );
  expect(listed.map((c) => [c.amountGbp, c.inStock])).toEqual([['35.00', '35.00']]);
  // The stock card shows the landed cost of the receipt.
  await page.goto(`/#/inventory/product/${cup.id}`);
  await expect(page.getByText(`Landed cost ${note.number}`).first()).toBeVisible();
  await shot(page, 'pi-landed-charges-stock-card-en-ltr');
  await page.goBack();
  await page.getByTestId('landed-charge').getByTestId('landed-source-link').click();
  await expect(page.getByTestId('pi-status')).toHaveText('Booked');

  // German, right to left: the booked invoice's charges read in the language and direction asked.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('pi-charge-detail')).toContainText('Angewendet');
  await shot(page, 'pi-landed-charges-booked-de-rtl');
  expect(await violations(page)).toEqual([]);
});
