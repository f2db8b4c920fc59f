import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid EAN-13 from 12 digits: the GS1 check digit appended. */
function ean13(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const rowOf = (page: Page, sku: string) =>
  page
    .getByTestId('products-table')
    .locator('tbody tr')
    .filter({ has: page.getByText(sku, { exact: true }) });

/** The options of the select whose list is open (closed lists stay in the page, hidden). */
const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search by SKU, name or barcode' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

async function save(page: Page) {
  await page.getByTestId('submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function createStockItem(page: Page, sku: string, name: string, barcode: string) {
  await page.getByTestId('create-product').click();
  await page.locator('#product-form_sku').fill(sku.toLowerCase());
  await page.locator('#product-form_name').fill(name);
  await page.locator('#product-form_salePrice').fill('4.99');
  await page.getByTestId('add-barcode').click();
  await page.getByTestId('barcode-0').fill(barcode);
  await expect(page.getByTestId('barcode-kind')).toHaveText(/EAN-13/);
  await save(page);
  // Other flows add products too: find this one rather than expect it on the first page.
  await search(page, sku);
  await expect(rowOf(page, sku)).toContainText(name);
}

test('create a product with barcodes and a bundle: two stock items, then a bundle of them with a barcode and an image', async ({
  page,
}) => {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  const suffix = Date.now().toString(36).toUpperCase();
  const digits = String(Date.now()).slice(-9);
  const [cable, plug, kit] = [`CABLE-${suffix}`, `PLUG-${suffix}`, `KIT-${suffix}`];

  await page.goto('/#/product/product');
  await expect(page.getByTestId('page-title')).toHaveText('Product');
  await createStockItem(page, cable, `USB-C cable ${suffix}`, ean13(`501${digits}`));
  await createStockItem(page, plug, `UK plug ${suffix}`, ean13(`502${digits}`));

  await page.getByTestId('create-product').click();
  await page.locator('#product-form_sku').fill(kit);
  await page.locator('#product-form_name').fill(`Charging kit ${suffix}`);
  await page.getByRole('dialog').getByText('Bundle', { exact: true }).click();

  // Live check-digit feedback: a mistyped last digit is caught before saving.
  const barcode = ean13(`503${digits}`);
  const wrong = `${barcode.slice(0, -1)}${(Number(barcode.at(-1)) + 1) % 10}`;
  await page.getByTestId('add-barcode').click();
  await page.getByTestId('barcode-0').fill(wrong);
  await expect(page.locator('#product-form_barcodes_0_help')).toContainText(`it should be ${barcode.at(-1)}`);
  await page.getByTestId('barcode-0').fill(barcode);
  await expect(page.getByTestId('barcode-kind')).toHaveText(/EAN-13/);

  // Components are stock items found by SKU, with quantities.
  await page.getByTestId('add-component').click();
  await page.getByRole('combobox', { name: 'Component 1' }).fill(cable.slice(0, 8));
  await openOptions(page).getByTitle(`${cable} · USB-C cable ${suffix}`).click();
  await page.getByTestId('component-quantity-0').fill('2');
  // The first picker's list closes (it animates out) before the second one opens, so only one list is shown.
  await expect(openOptions(page)).toHaveCount(0);
  await page.getByTestId('add-component').click();
  await page.getByRole('combobox', { name: 'Component 2' }).fill(plug);
  await openOptions(page).getByTitle(`${plug} · UK plug ${suffix}`).click();
  await page.getByTestId('component-quantity-1').fill('1.5');
  await expect(page.locator('#product-form_components_1_quantity_help')).toContainText('whole number');
  await page.getByTestId('component-quantity-1').fill('1');

  await page.getByTestId('image-input').setInputFiles({ name: 'kit.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('product-image')).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'kit.png' })).toBeVisible();
  await save(page);

  // In the list, found by its barcode; a bundle with its components when opened again.
  await search(page, barcode);
  await expect(page.getByTestId('products-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, kit)).toContainText('Bundle');
  await rowOf(page, kit)
    .getByRole('button', { name: `Edit: ${kit}` })
    .click();
  await expect(page).toHaveURL(/edit=/);
  await expect(page.getByTestId('component-0')).toContainText(cable);
  await expect(page.getByTestId('component-quantity-0')).toHaveValue('2');
  await expect(page.getByTestId('component-1')).toContainText(plug);
  await expect(page.getByTestId('barcode-0')).toHaveValue(barcode);
  await expect(page.getByRole('img', { name: 'kit.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A component of a bundle cannot be deleted.
  await search(page, cable);
  await expect(page.getByTestId('products-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await rowOf(page, cable)
    .getByRole('button', { name: `Delete: ${cable}` })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(`${cable} cannot be deleted`);
});
