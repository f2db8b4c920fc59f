import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Order to cash on the screens: a sales invoice is written on Create Invoices for a customer whose addresses fill
 * the form, a product found by its SKU with its live availability, then booked: the warehouse's available stock
 * is lower by the reservation; cancelled with a reason, it is released. The list's tabs, filters and search find
 * it. Data (warehouse, product with stock, customer) is arranged through the API.
 */

type Api = Awaited<ReturnType<typeof adminApi>>;
interface Ref {
  id: string;
}
interface ProductStock {
  warehouses: { warehouse: Ref; available: string; reserved: string }[];
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
  // A notification under the pointer (bottom right, where the buttons are) waits for it to leave.
  await page.mouse.move(0, 0);
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
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `SI${u}`.slice(0, 20),
    name: `Dispatch hall ${u}`,
  });
  const lamp = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `LAMP-${u}`,
    name: `Desk lamp ${u}`,
    costPrice: '8',
    salePrice: '24.99',
  });
  await api.call('POST', '/api/stock/adjustments', {
    reason: 'Opening stock',
    lines: [{ productId: lamp.id, warehouseId: warehouse.id, quantity: '10', unitCost: '8' }],
  });
  const customer = await api.call<Ref & { name: string }>('POST', '/api/customers', {
    name: `Ada Lovelace ${u}`,
    email: `ada.${u.toLowerCase()}@example.test`,
    addresses: [
      { kind: 'billing', line1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA', country: 'GB' },
      { kind: 'shipping', line1: '4 Engine Yard', city: 'Manchester', postcode: 'M1 1AE', country: 'GB' },
    ],
  });
  return { u, warehouse, lamp, customer };
}

async function available(api: Api, productId: string, warehouseId: string) {
  const stock = await api.call<ProductStock>('GET', `/api/inventory/products/${productId}`);
  return stock.warehouses.find((w) => w.warehouse.id === warehouseId)?.available;
}

const choose = (page: Page, testId: string, text: string) => chooseSearched(page, page.getByTestId(testId), text);

test('an invoice written on the screen is booked (stock reserved) and cancelled (released)', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const { u, warehouse, lamp, customer } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/sales-invoice/create-sales-invoice');

  await choose(page, 'si-customer', customer.name);
  // The customer's addresses fill the form: billing, and the shipping address apart from it.
  await expect(page.getByTestId('si-billing-line1')).toHaveValue('12 Analytical Row');
  await expect(page.getByTestId('si-same-as-billing')).not.toBeChecked();
  await expect(page.getByTestId('si-delivery-line1')).toHaveValue('4 Engine Yard');
  await choose(page, 'si-warehouse', warehouse.code);
  await page.getByTestId('si-external-order').fill(`WEB-${u}`);

  const scan = page.getByTestId('si-line-scan');
  await scan.fill(lamp.sku);
  await scan.press('Enter');
  const line = page.getByTestId('si-line').filter({ hasText: lamp.sku });
  await expect(line).toHaveCount(1);
  // The sale price comes with the product, and the warehouse's stock is shown live.
  await expect(line.getByTestId('si-line-price')).toHaveValue('24.99');
  await expect(line.getByTestId('si-line-availability')).toContainText('Available 10');
  await line.getByTestId('si-line-quantity').fill('12');
  await expect(line.getByTestId('si-line-short')).toContainText('2 short');
  await line.getByTestId('si-line-quantity').fill('3');
  await expect(line.getByTestId('si-line-short')).toHaveCount(0);
  await line.getByTestId('si-line-price').fill('12.50');
  // Enter in the line's last field starts the next line, its product focused.
  await line.getByTestId('si-line-discount').press('Enter');
  await expect(page.getByTestId('si-line')).toHaveCount(2);
  await page.getByTestId('si-line').nth(1).getByTestId('si-line-remove').click();
  await expect(page.getByTestId('si-line')).toHaveCount(1);
  // The Manual channel's prices exclude VAT: 3 × £12.50 + 20% = £45.00.
  await expect(page.getByTestId('si-prices-include-vat')).not.toBeChecked();
  await expect(page.getByTestId('si-form-gross')).toHaveText('£45.00');
  await shot(page, 'sales-invoice-create');
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'sales-invoice-create-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByTestId('si-book').click();
  await expect(page.getByTestId('si-status')).toHaveText('Booked');
  await expect(page.getByTestId('si-gross-total')).toHaveText('£45.00');
  await expect(page.getByTestId('si-line-reserved')).toHaveText('3');
  await expect(page.getByTestId('si-line-available')).toHaveText('7');
  await expect(page.getByTestId('si-delivery-address')).toContainText('4 Engine Yard');
  expect(await available(api, lamp.id, warehouse.id)).toBe('7');
  await shot(page, 'sales-invoice-detail');
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'sales-invoice-detail-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByTestId('si-cancel').click();
  await page.getByTestId('si-cancel-modal-reason').fill('Customer changed their mind');
  await page.getByTestId('si-cancel-modal-confirm').click();
  await expect(page.getByTestId('si-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('si-history')).toContainText('Customer changed their mind');
  await expect(page.getByTestId('si-line-reserved')).toHaveText('0');
  expect(await available(api, lamp.id, warehouse.id)).toBe('10');
});

test('the list finds invoices by tab, filter and search, and a short booking can be kept pending', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const { u, warehouse, lamp, customer } = await arrange(api);
  const invoice = (externalOrderId: string, quantity: string, channel = 'SHOPIFY') => ({
    channel,
    externalOrderId,
    customerId: customer.id,
    warehouseId: warehouse.id,
    lines: [{ productId: lamp.id, quantity, unitPrice: '20' }],
  });
  const booked = await api.call<Ref & { number: string }>('POST', '/api/sales-invoices', {
    ...invoice(`SH-${u}-1`, '4'),
    book: true,
  });
  const pending = await api.call<Ref & { number: string }>(
    'POST',
    '/api/sales-invoices',
    invoice(`EB-${u}-2`, '9', 'EBAY'),
  );
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);

  await page.goto(`/#/sales-invoice/sales-invoice?warehouseId=${warehouse.id}`);
  const rows = page.getByTestId('sales-invoices-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('si-tab-BOOKED')).toHaveText('Booked (1)');
  await expect(page.getByTestId('si-tab-PENDING')).toHaveText('Pending (1)');
  await shot(page, 'sales-invoice-list');
  expect(await violations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'sales-invoice-list-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByTestId('si-tab-BOOKED').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(booked.number);
  await expect(page).toHaveURL(/status=BOOKED/);
  await page.getByTestId('si-tab-ALL').click();
  await expect(rows).toHaveCount(2);

  await page.goto(`/#/sales-invoice/sales-invoice?warehouseId=${warehouse.id}&channel=EBAY`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(pending.number);

  await page.goto('/#/sales-invoice/sales-invoice');
  const search = page.getByTestId('si-search').locator('input');
  await search.fill(`SH-${u}-1`);
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(booked.number);
  await search.fill(lamp.sku);
  await search.press('Enter');
  await expect(rows).toHaveCount(2);

  // 9 wanted, 6 left after the booked 4: booking is refused, or kept pending with the shortage recorded.
  await rows.filter({ hasText: pending.number }).getByTestId('si-link').click();
  // The list's rows carry status tags too: read the invoice's own once the list has gone.
  await expect(page).toHaveURL(/\/sales-invoice\/sales-invoice\/[^/?]+$/);
  await expect(page.getByTestId('sales-invoices-table')).toHaveCount(0);
  await expect(page.getByTestId('si-status')).toHaveText('Pending');
  await expect(page.getByTestId('si-line-short')).toContainText('3');
  await page.getByTestId('si-book').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Book' }).click();
  await expect(page.getByTestId('si-shortage-lines')).toContainText(lamp.sku);
  await page.getByTestId('si-shortage-keep').click();
  await expect(page.getByTestId('si-short-recorded')).toBeVisible();
  await expect(page.getByTestId('si-status')).toHaveText('Pending');
  expect(await available(api, lamp.id, warehouse.id)).toBe('6');

  // German, right to left.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/sales-invoice/sales-invoice?warehouseId=${warehouse.id}`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('si-tab-BOOKED')).toHaveText('Gebucht (1)');
  await shot(page, 'sales-invoice-list-de-rtl');
  expect(await violations(page)).toEqual([]);
});

test('a new customer written inline, saved as a draft, then edited while pending', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const { u, warehouse, lamp } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/sales-invoice/create-sales-invoice');

  await page.getByTestId('si-customer-mode').getByText('New customer').click();
  await page.getByTestId('si-new-customer-name').fill(`Grace Hopper ${u}`);
  await page.getByTestId('si-new-customer-email').fill(`grace.${u.toLowerCase()}@example.test`);
  await page.getByTestId('si-billing-line1').fill('1 Compiler Court');
  await page.getByTestId('si-billing-city').fill('Leeds');
  await page.getByTestId('si-billing-postcode').fill('ls1 4ap');
  await expect(page.getByTestId('si-same-as-billing')).toBeChecked();
  await choose(page, 'si-warehouse', warehouse.code);
  const scan = page.getByTestId('si-line-scan');
  await scan.fill(lamp.sku);
  await scan.press('Enter');
  // The scan's line first (it is written when the lookup answers), then its quantity.
  await expect(page.getByTestId('si-line').filter({ hasText: lamp.sku })).toHaveCount(1);
  await expect(page.getByTestId('si-line-price')).toHaveValue('24.99');
  await page.getByTestId('si-line-quantity').fill('2');
  await page.getByTestId('si-save').click();

  await expect(page.getByTestId('si-status')).toHaveText('Pending');
  await expect(page.getByTestId('si-detail-customer')).toHaveText(`Grace Hopper ${u}`);
  await expect(page.getByTestId('si-delivery-address')).toContainText('LS1 4AP');
  // 2 × £24.99 (the sale price) + 20% VAT.
  await expect(page.getByTestId('si-gross-total')).toHaveText('£59.98');
  // Pending reserves nothing.
  expect(await available(api, lamp.id, warehouse.id)).toBe('10');

  await page.getByTestId('si-edit').click();
  await expect(page.getByTestId('si-line-quantity')).toHaveValue('2');
  await page.getByTestId('si-line-quantity').fill('4');
  await page.getByTestId('si-save').click();
  await expect(page).not.toHaveURL(/\/edit$/);
  await expect(page.getByTestId('si-status')).toHaveText('Pending');
  await expect(page.getByTestId('si-gross-total')).toHaveText('£119.95');
});
