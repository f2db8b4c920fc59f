import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Ship List on the screens: a channel invoice booked and picked (through the pick list's API) waits packed; the
 * shipper makes a ship list of it from the candidates, types the parcel's weight, scans its tracking number (keyboard
 * wedge: the code and Enter in the field that keeps the focus), confirms, and the invoice shows PROCESSED with its
 * tracking number. Data is arranged through the API.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

async function violations(page: Page) {
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

test('a packed invoice is shipped on a ship list with a scanned tracking number', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const u = unique();
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `SH${u}`.slice(0, 20),
    name: `Dispatch bay ${u}`,
  });
  const product = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `KETTLE-${u}`,
    name: `kettle ${u}`,
    costPrice: '4',
    salePrice: '24.99',
  });
  await api.call('POST', '/api/stock/adjustments', {
    reason: 'Opening stock',
    lines: [{ productId: product.id, warehouseId: warehouse.id, quantity: '5', unitCost: '4' }],
  });
  const services = await api.call<{ items: (Ref & { code: string })[] }>('GET', '/api/ship-lists/carrier-services');
  const tracked = services.items.find((s) => s.code === 'TPN24');
  const customer = await api.call<Ref>('POST', '/api/customers', {
    name: `Ada Lovelace ${u}`,
    email: `ada.${u.toLowerCase()}@example.test`,
    addresses: [{ kind: 'shipping', line1: '3 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ', country: 'GB' }],
  });
  const invoice = await api.call<Ref & { number: string }>('POST', '/api/sales-invoices', {
    customerId: customer.id,
    warehouseId: warehouse.id,
    channel: 'EBAY',
    externalOrderId: `EB-${u}`,
    carrierServiceId: tracked?.id,
    lines: [{ productId: product.id, quantity: '2', unitPrice: '24.99' }],
    book: true,
  });
  // Picked and packed through the pick list.
  const pick = await api.call<Ref>('POST', '/api/pick-lists', { warehouseId: warehouse.id, invoiceIds: [invoice.id] });
  await api.call('POST', `/api/pick-lists/${pick.id}/scan`, { code: product.sku, mode: 'SET', quantity: '2' });
  await api.call('POST', `/api/pick-lists/${pick.id}/confirm`, { warehouseId: warehouse.id });

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/sales-invoice/sales-invoice-process');
  await expect(page.getByTestId('page-title')).toContainText('Ship List');
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('sl-create').click();
  await chooseSearched(page, page.getByTestId('sl-new-warehouse'), warehouse.code);
  const candidates = page.getByTestId('sl-candidates');
  await expect(candidates).toContainText(invoice.number);
  expect(await violations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: `Choose ${invoice.number}` }).check();
  await page.getByTestId('sl-new-create').click();

  await expect(page.getByTestId('sl-number')).toHaveText(/^SL-\d{4}-\d{5}$/);
  await expect(page.getByTestId('sl-status')).toContainText('Open');
  await expect(page.getByTestId('sl-progress')).toHaveText('0 of 1 invoices ready');
  await page.getByTestId('sl-row-weight').first().fill('1.25');
  const scan = page.getByTestId('sl-scan');
  await scan.focus();
  const tracking = `TT${u}GB`;
  await scan.pressSequentially(tracking.toLowerCase());
  await scan.press('Enter');
  await expect(page.getByTestId('sl-scan-message')).toContainText(invoice.number);
  await expect(scan).toHaveValue('');
  await expect(scan).toBeFocused();
  await expect(page.getByTestId('sl-row-tracking').first()).toHaveValue(tracking);
  await expect(page.getByTestId('sl-progress')).toHaveText('1 of 1 invoices ready');
  await page.screenshot({ path: test.info().outputPath('ship-list-detail.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('sl-confirm').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(page.getByTestId('sl-status')).toContainText('Confirmed');
  await expect(page.getByTestId('sl-row-shipped-parcel')).toContainText(tracking);

  await page.getByTestId('sl-row-invoice').first().click();
  await expect(page.getByTestId('si-status')).toContainText('Processed');
  await expect(page.getByTestId('si-shipment')).toContainText(tracking);
  await expect(page.getByTestId('si-packing-slip')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ship-list-invoice.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);
});
