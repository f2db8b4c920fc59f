import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Upload Excel (sales invoices): a marketplace's orders in an .xlsx are read through a saved mapping; the check lists
 * a row's unknown SKU by row and column and offers no import; the corrected file imports with a progress bar and
 * links to the invoices it made; the same file again skips every order.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = ['Order', 'Buyer', 'Email', 'Street', 'Town', 'Postcode', 'Item', 'Qty', 'Price'];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Orders');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function seriousFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('su-file').setInputFiles({ name, mimeType: XLSX, buffer });
  await expect(page.getByTestId('su-mapping')).toContainText('Shop orders');
}

test('orders from an .xlsx are checked, imported with progress, and skipped the second time', async ({ page }) => {
  // Two uploads, two imports and two accessibility checks: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const api = await adminApi();
  const u = unique();
  const mug = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `SUMUG-${u}`, name: `Mug ${u}` });
  await api.call<Ref>('POST', '/api/excel-mappings', {
    name: `Shop orders ${u}`,
    kind: 'sales_invoices',
    isDefault: true,
    columns: [
      { header: 'Order', field: 'externalOrderId' },
      { header: 'Buyer', field: 'customerName' },
      { header: 'Email', field: 'customerEmail' },
      { header: 'Street', field: 'addressLine1' },
      { header: 'Town', field: 'city' },
      { header: 'Postcode', field: 'postcode' },
      { header: 'Item', field: 'sku' },
      { header: 'Qty', field: 'quantity' },
      { header: 'Price', field: 'unitPrice' },
    ],
  });
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `SU${u}`.slice(0, 20),
    name: `Shop bay ${u}`,
  });
  const good = [
    [
      `A-${u}`,
      'Ann Buyer',
      `ann${u.toLowerCase()}@example.com`,
      '1 High Street',
      'Leeds',
      'LS1 1AA',
      mug.sku,
      2,
      '12.00',
    ],
    [`B-${u}`, 'Bob Buyer', '', '2 Low Road', 'York', 'YO1 7HH', mug.sku, 1, '12.00'],
  ];
  const bad = [...good, [`C-${u}`, 'Cy Buyer', '', '3 Mid Lane', 'Hull', 'HU1 1AA', 'NOT-A-SKU', 1, '5']];

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/sales-invoice/upload-sale-invoice-excel');
  await page.locator('#su-channel').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Amazon' }).click();
  await page.locator('#su-warehouse').click();
  await page.keyboard.type(warehouse.code);
  await expect(page.locator('.ant-select-item-option').filter({ hasText: warehouse.code })).toHaveCount(1);
  await page.keyboard.press('Enter');

  await chooseFile(page, `orders-bad-${u}.xlsx`, await workbook(bad));
  await page.getByTestId('su-preview').click();
  await expect(page.getByTestId('su-count-problems')).toContainText('1');
  await expect(page.getByTestId('su-problems').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('su-problems').locator('tbody tr').first()).toContainText('4');
  await expect(page.getByTestId('su-problems').locator('tbody tr').first()).toContainText('Item');
  await expect(page.getByTestId('su-problems').locator('tbody tr').first()).toContainText('NOT-A-SKU');
  await expect(page.getByTestId('su-commit')).toBeDisabled();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: test.info().outputPath('sales-upload-problems.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  await chooseFile(page, `orders-${u}.xlsx`, await workbook(good));
  await page.getByTestId('su-preview').click();
  await expect(page.getByTestId('su-count-new')).toContainText('2');
  await page.getByTestId('su-commit').click();
  await expect(page.getByTestId('su-run-status')).toHaveText('Done.');
  await expect(page.getByTestId('su-created-count')).toContainText('2');
  const created = page.getByTestId('su-created').locator('tbody tr');
  await expect(created).toHaveCount(2);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: test.info().outputPath('sales-upload-done.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  // The invoice opens from its link, an Amazon order of the warehouse chosen, pending.
  await created
    .filter({ hasText: `A-${u}` })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/#\/sales-invoice\/sales-invoice\/[0-9a-f-]{36}/);
  await expect(page.getByText(`A-${u}`).first()).toBeVisible();

  // The same file again: both orders are skipped, none doubled.
  await page.goto('/#/sales-invoice/upload-sale-invoice-excel');
  await page.locator('#su-channel').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Amazon' }).click();
  await chooseFile(page, `orders-again-${u}.xlsx`, await workbook(good));
  await page.getByTestId('su-preview').click();
  await expect(page.getByTestId('su-count-skipped')).toContainText('2');
  await page.getByTestId('su-commit').click();
  await expect(page.getByTestId('su-run-status')).toHaveText('Done.');
  await expect(page.getByTestId('su-skipped-count')).toContainText('2');
  await expect(page.getByTestId('su-created-count')).toContainText('0');
});
