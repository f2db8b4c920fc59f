import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Reversing a manual override from its page (the reason asked, the link both ways, the stock back), and the
 * inventory summary's value split and reorder rule as a reader sees them. Data is arranged through the API.
 */

type Api = Awaited<ReturnType<typeof adminApi>>;
interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

/** Where screens are captured for a look (E2E_SCREENSHOTS=/some/dir); nothing is written otherwise. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

async function arrange(api: Api) {
  const u = unique();
  const product = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `REV-${u}`,
    name: `Reversal ${u}`,
    reorderPoint: '50',
    reorderQuantity: '10',
  });
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', { code: `RV${u}`.slice(0, 20), name: `Rev ${u}` });
  const bin = await api.call<Ref>('POST', `/api/warehouses/${warehouse.id}/locations`, { code: `RB-${u}`, zone: 'A' });
  await api.call('POST', '/api/manual-stock/overrides', {
    productId: product.id,
    warehouseId: warehouse.id,
    locationId: bin.id,
    countedQuantity: '4',
    unitCost: '1.25',
    reason: `Opening ${u}`,
  });
  const found = await api.call<{ movements: { id: string }[] }>('POST', '/api/manual-stock/overrides', {
    productId: product.id,
    warehouseId: warehouse.id,
    locationId: bin.id,
    countedQuantity: '10',
    unitCost: '2.00',
    reason: `Found ${u}`,
  });
  return { u, product, warehouse, overrideId: found.movements[0]?.id as string };
}

test('an override is reversed from its page with a reason; each side links to the other and the stock is back', async ({
  page,
}) => {
  const api = await adminApi();
  const { u, product, overrideId } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);

  // From the list, the override opens its page.
  await page.goto('/#/manual-stock/manual-stock-list');
  const row = page
    .getByTestId('overrides-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: `Found ${u}` });
  await row.getByTestId('override-link').click();
  await expect(page.getByTestId('override-number')).toHaveText(overrideId);
  await expect(page.getByTestId('override-status')).toHaveText('Posted');
  await expect(page.getByTestId('override-difference')).toHaveText('+6');
  await shot(page, 'override-detail-en-ltr');

  // Reverse asks why; the button waits for a reason of 3 characters or more.
  await page.getByTestId('override-reverse').click();
  const dialog = page.getByTestId('override-reverse-dialog');
  await expect(dialog).toBeVisible();
  const confirm = page.getByTestId('override-reverse-dialog-confirm');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('override-reverse-dialog-reason').fill('Keyed in twice');
  await shot(page, 'override-reverse-dialog-en-ltr');
  await confirm.click();
  await expect(page.getByTestId('override-status')).toHaveText('Reversed');
  await expect(page.getByTestId('override-reversal')).toContainText('Keyed in twice');
  await expect(page.getByTestId('override-reverse')).toHaveCount(0);
  await shot(page, 'override-reversed-en-ltr');

  // The reversal's page names the original, and offers no Reverse of its own.
  await page.getByTestId('override-reversed-by').click();
  await expect(page.getByTestId('override-reversal-of')).toHaveText(overrideId);
  await expect(page.getByTestId('override-difference')).toHaveText(/^[−-]6$/);
  await expect(page.getByTestId('override-reverse')).toHaveCount(0);
  await page.getByTestId('override-reversal-of').click();
  await expect(page.getByTestId('override-number')).toHaveText(overrideId);

  // The summary: 4 on hand again at 1.25 = £5.00, nothing in transit; the total says what it adds up.
  await page.goto(`/#/inventory/summary?q=${product.sku}`);
  const summaryRow = page.getByTestId('inventory-summary-table').locator('tbody tr.ant-table-row');
  await expect(summaryRow).toHaveCount(1);
  await expect(summaryRow.getByTestId('summary-on-hand-value')).toHaveText('5.00');
  await expect(summaryRow.getByTestId('summary-in-transit-value')).toHaveText('0.00');
  await page.getByTestId('summary-value-header').first().hover();
  await expect(page.getByRole('tooltip').filter({ hasText: 'on-hand value + in-transit value' })).toBeVisible();

  // At or below the reorder point (4 ≤ 50): the rule is said in words beside the filter's results.
  await page.getByTestId('inventory-filter-below-reorder').click();
  await expect(page.getByTestId('inventory-filter-below-reorder')).toBeChecked();
  await expect(page.getByTestId('inventory-reorder-rule')).toContainText('in at least one warehouse');
  await expect(summaryRow).toHaveCount(1);
  await shot(page, 'summary-below-reorder-en-ltr');
});

test('the override page and the summary read in German, right to left', async ({ page }) => {
  const api = await adminApi();
  const { product, overrideId } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/manual-stock/manual-stock-list/${overrideId}`);
  await page.reload();
  await expect(page.getByTestId('override-status')).toHaveText('Gebucht');
  await expect(page.getByTestId('override-reverse')).toHaveText('Rückbuchen');
  await shot(page, 'override-detail-de-rtl');
  await page.getByTestId('override-reverse').click();
  await expect(page.getByTestId('override-reverse-dialog')).toBeVisible();
  await shot(page, 'override-reverse-dialog-de-rtl');
  await page.keyboard.press('Escape');
  await page.goto(`/#/inventory/summary?q=${product.sku}&belowReorder=true`);
  await expect(page.getByTestId('inventory-reorder-rule')).toContainText('Meldebestand');
  await shot(page, 'summary-below-reorder-de-rtl');
});

test('a posted count is reversed from its page: the session says when and why, with the reversing rows', async ({
  page,
}) => {
  const api = await adminApi();
  const { u, product, warehouse } = await arrange(api);
  const count = await api.call<Ref & { number: string }>('POST', '/api/stock-counts', { warehouseId: warehouse.id });
  const lines = await api.call<{ items: (Ref & { product: Ref })[] }>(
    'GET',
    `/api/stock-counts/${count.id}/lines?pageSize=200`,
  );
  const line = lines.items.find((l) => l.product.id === product.id) as Ref;
  await api.call('PUT', `/api/stock-counts/${count.id}/lines/${line.id}`, { countedQuantity: '7' });
  await api.call('POST', `/api/stock-counts/${count.id}/submit`);
  await api.call('POST', `/api/stock-counts/${count.id}/post`, {});

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/#/warehouse/warehouse-inventory-stock-process/${count.id}`);
  await expect(page.getByTestId('count-status')).toHaveText('Posted');
  await page.getByTestId('reverse-count').click();
  await page.getByTestId('count-reverse-dialog-reason').fill(`Wrong aisle ${u}`);
  await page.getByTestId('count-reverse-dialog-confirm').click();
  await expect(page.getByTestId('count-status')).toHaveText('Reversed');
  await expect(page.getByTestId('count-reversed')).toContainText(`Wrong aisle ${u}`);
  // 10 counted as 7: 3 taken out; the reversal brings the 3 back.
  await expect(page.getByTestId('count-reversal-rows').getByTestId('movement-quantity')).toHaveText(['+3']);
  await expect(page.getByTestId('count-posted-rows').getByTestId('movement-quantity')).toHaveText([/^[−-]3$/]);
  await expect(page.getByTestId('reverse-count')).toHaveCount(0);
  await shot(page, 'count-reversed-en-ltr');

  // The replenishment report says the same rule in words; both read in German, right to left.
  await page.goto(`/#/warehouse/warehouse-inventory/replenishment-report?q=${product.sku}`);
  await expect(page.getByText('the same rule as the inventory summary’s filter')).toBeVisible();
  await shot(page, 'replenishment-en-ltr');
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.getByText('dieselbe Regel wie der Filter der Bestandsübersicht')).toBeVisible();
  await shot(page, 'replenishment-de-rtl');
  await page.goto(`/#/warehouse/warehouse-inventory-stock-process/${count.id}`);
  await expect(page.getByTestId('count-status')).toHaveText('Rückgebucht');
  await shot(page, 'count-reversed-de-rtl');
});
