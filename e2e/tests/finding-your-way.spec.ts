import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Finding one's way (issue 15): "Adjust stock" where stock is looked at, the override it opens prefilled and
 * proposing the warehouse's receiving bin, records' pages titled by their code, and the product list's brand
 * name and stock. Data is arranged through the API; what each test is about is done in the browser.
 */

type Api = Awaited<ReturnType<typeof adminApi>>;
interface Ref {
  id: string;
}

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

async function signedIn(page: Page) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
async function choose(page: Page, combobox: Locator, search: string, option: string) {
  await combobox.click();
  await combobox.fill(search);
  // The picker searches the server after a pause: until its answer arrives the earlier options are shown, and
  // they are replaced under the pointer. Choose once every option shown matches what was typed.
  const escaped = search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(
    openOptions(page)
      .locator('.ant-select-item-option:not(.ant-select-item-option-selected)')
      .filter({ hasNotText: new RegExp(escaped, 'i') }),
  ).toHaveCount(0);
  await openOptions(page).getByTitle(option, { exact: true }).click();
  await expect(openOptions(page)).toHaveCount(0);
}
const rows = (table: Locator) => table.locator('tbody tr.ant-table-row');

/** A stocked product: 5 units at £2.00 in bin FW-01 of a new warehouse (which has its RECEIVING bin too). */
async function arrange(api: Api) {
  const u = unique();
  const brand = await api.call<Ref>('POST', '/api/brands', { code: `FW${u}`, name: `Fairway Tools ${u}` });
  const product = await api.call<Ref & { sku: string; name: string }>('POST', '/api/products', {
    sku: `FW-${u}`,
    name: `Walnut stool ${u}`,
    brandId: brand.id,
    costPrice: '2',
  });
  const code = `FW${u}`;
  const name = `Fairway depot ${u}`;
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', { code, name });
  const bin = await api.call<Ref>('POST', `/api/warehouses/${warehouse.id}/locations`, { code: 'FW-01', zone: 'A' });
  await api.call('POST', '/api/manual-stock/overrides', {
    productId: product.id,
    warehouseId: warehouse.id,
    locationId: bin.id,
    countedQuantity: '5',
    unitCost: '2',
    reason: 'Opening stock for a browser test',
  });
  return { u, product, brandName: `Fairway Tools ${u}`, warehouse: { id: warehouse.id, code, name } };
}

test('"Adjust stock" on the inventory list opens the override prefilled with the product, warehouse and bin', async ({
  page,
}) => {
  const api = await adminApi();
  const { u, product, warehouse } = await arrange(api);
  await signedIn(page);

  await page.goto(`/#/inventory/list?productId=${product.id}`);
  const row = rows(page.getByTestId('inventory-list-table')).filter({ hasText: 'FW-01' });
  const adjust = row.getByRole('link', { name: `Adjust stock of ${product.sku} in ${warehouse.code}` });
  // An icon in the row, named in words for whoever cannot see it.
  await expect(adjust).toBeVisible();
  await adjust.click();

  await expect(page).toHaveURL(/#\/manual-stock\/manual-stock-list\?adjust=/);
  const drawer = page.getByTestId('override-drawer');
  await expect(drawer.getByTestId('override-product')).toContainText(`${product.sku} · ${product.name}`);
  await expect(drawer.getByTestId('override-warehouse')).toContainText(warehouse.code);
  await expect(drawer.getByTestId('override-bin')).toContainText('FW-01');
  await expect(drawer.getByTestId('override-book')).toContainText('5 on hand');
  await expect(drawer.getByTestId('override-no-bin')).toHaveCount(0);
  await drawer.getByTestId('override-counted').fill('3');
  await drawer.getByTestId('override-reason').fill(`Two chipped ${u}`);
  await page.getByTestId('override-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('override-result')).toContainText(
    `${product.sku} in ${warehouse.code}: book quantity 5, counted 3, difference -2.`,
  );
  // Posted, the request leaves the address: a reload does not open the form again.
  await expect(page).not.toHaveURL(/adjust=/);
});

test('a product’s page is titled by its SKU; its "Adjust stock" proposes the receiving bin and warns without a bin', async ({
  page,
}) => {
  const api = await adminApi();
  const { product, warehouse } = await arrange(api);
  await signedIn(page);

  await page.goto('/#/inventory/summary');
  await page.goto(`/#/inventory/product/${product.id}`);
  await expect(page.getByTestId('page-title')).toHaveText(product.sku);
  await expect(page).toHaveTitle(new RegExp(`^${product.sku} · `));
  await expect(page.getByTestId('breadcrumb').locator('li:not([aria-hidden])').last()).toHaveText(product.sku);
  // The stock card of the warehouse has its own action.
  await expect(page.getByRole('link', { name: `Adjust stock of ${product.sku} in ${warehouse.code}` })).toBeVisible();

  await page.getByRole('button', { name: `Adjust stock of ${product.sku}`, exact: true }).click();
  const drawer = page.getByTestId('override-drawer');
  await expect(drawer.getByTestId('override-product')).toContainText(product.sku);
  await choose(
    page,
    drawer.locator('#override-form_warehouseId'),
    warehouse.code,
    `${warehouse.code} · ${warehouse.name}`,
  );
  // The warehouse's default receiving bin is proposed, so nothing is set "nowhere" by leaving the bin empty.
  await expect(drawer.getByTestId('override-bin')).toContainText('RECEIVING');
  await expect(drawer.getByTestId('override-no-bin')).toHaveCount(0);
  await drawer.getByTestId('override-bin').hover();
  await drawer.getByTestId('override-bin').locator('.ant-select-clear').click();
  await expect(drawer.getByTestId('override-no-bin')).toContainText('No bin chosen');
});

test('the product list names the brand and shows cost, on hand and available', async ({ page }) => {
  const api = await adminApi();
  const { product, brandName, warehouse } = await arrange(api);
  // One unit held for an order: on hand stays, available goes down.
  await api.call('POST', '/api/stock/reservations', {
    productId: product.id,
    warehouseId: warehouse.id,
    quantity: '1',
  });
  await signedIn(page);
  await page.goto(`/#/product/product?q=${product.sku}`);
  const row = rows(page.getByTestId('products-table')).filter({ hasText: product.sku });
  await expect(row).toContainText(brandName);
  await expect(row).toContainText('£2.00');
  await expect(row.getByTestId('product-onHand')).toHaveText('5');
  await expect(row.getByTestId('product-available')).toHaveText('4');
});
