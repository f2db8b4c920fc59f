import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

async function signedIn(page: Page) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

/** An .xlsx as a supplier would send it, made here the way Excel stores it. */
async function workbook(headers: string[], rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A valid EAN-13 from 12 digits: the GS1 check digit appended. */
function ean13(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

test('a product file with errors is refused with every problem listed; fixed, it is imported', async ({ page }) => {
  await signedIn(page);
  const suffix = Date.now().toString(36).toUpperCase();
  const sku = (n: number) => `UP-${suffix}-${n}`;
  const good = ean13(`50${String(Date.now()).slice(-10)}`);
  const wrongCheckDigit = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
  const headers = ['Item code', 'Product name', 'EAN', 'Price', 'Colour'];

  await page.goto('/#/product/product-bulk-upload-list');
  await expect(page.getByTestId('page-title')).toHaveText('Bulk Upload');

  await page.getByTestId('bulk-upload-file').setInputFiles({
    name: 'supplier-products.xlsx',
    mimeType: XLSX,
    buffer: await workbook(headers, [
      [sku(1), 'Blue mug', good, '4.99', 'blue'],
      [sku(2), '', '', '3.50', 'red'],
      [sku(3), 'Green mug', wrongCheckDigit, '4.99', 'green'],
      [sku(1), 'Blue mug again', '', '4.99', 'blue'],
    ]),
  });
  // The file's headers and first rows, and the mapping proposed from its headers, before anything is applied.
  const preview = page.getByTestId('bulk-upload-preview');
  await expect(preview.getByTestId('bulk-upload-sample')).toContainText('Product name');
  await expect(preview.getByTestId('bulk-upload-sample')).toContainText('Blue mug');
  await expect(preview.getByTestId('map-sku')).toContainText('Item code');
  await expect(preview.getByTestId('map-name')).toContainText('Product name');
  await expect(preview.getByTestId('map-barcodes')).toContainText('EAN');
  await expect(preview.getByTestId('map-salePrice')).toContainText('Price');
  await page.getByTestId('bulk-upload-start').click();

  const run = page.getByTestId('import-run');
  await expect(run).toHaveAttribute('data-status', 'FAILED', { timeout: 30_000 });
  await expect(run.getByTestId('import-run-failed')).toContainText('3 problem(s) in the file');
  await expect(run.getByTestId('import-run-failed')).toContainText('Nothing was imported');
  const problems = run.getByTestId('import-errors-table').locator('tbody tr.ant-table-row');
  await expect(problems).toHaveCount(3);
  await expect(problems.nth(0)).toContainText('3');
  await expect(problems.nth(0)).toContainText('Product name');
  await expect(problems.nth(0)).toContainText('a name is needed');
  await expect(problems.nth(1)).toContainText('EAN');
  await expect(problems.nth(1)).toContainText('check digit');
  await expect(problems.nth(2)).toContainText(`"${sku(1)}" is already in row 2 of this file.`);
  const download = page.waitForEvent('download');
  await run.getByTestId('download-problems').click();
  const report = await download;
  expect(report.suggestedFilename()).toMatch(/problems\.xlsx$/);
  expect((await readFile(await report.path())).subarray(0, 2).toString()).toBe('PK');

  // Fixed in the file and uploaded again: every row goes in.
  await run.getByTestId('upload-again').click();
  await page.getByTestId('bulk-upload-file').setInputFiles({
    name: 'supplier-products-fixed.xlsx',
    mimeType: XLSX,
    buffer: await workbook(headers, [
      [sku(1), 'Blue mug', good, '4.99', 'blue'],
      [sku(2), 'Red mug', '', '3.50', 'red'],
      [sku(3), 'Green mug', '', '4.99', 'green'],
    ]),
  });
  await expect(page.getByTestId('bulk-upload-preview')).toContainText('supplier-products-fixed.xlsx');
  await page.getByTestId('bulk-upload-start').click();
  await expect(page.getByTestId('import-run')).toHaveAttribute('data-status', 'APPLIED', { timeout: 30_000 });
  await expect(page.getByTestId('import-run-applied')).toContainText('Imported: 3 new, 0 updated.');

  // Both uploads are in the history; the products are in the product list.
  const history = page.getByTestId('import-history-table');
  await expect(history.locator('tbody tr').filter({ hasText: 'supplier-products-fixed.xlsx' })).toContainText(
    'Imported',
  );
  await expect(history.locator('tbody tr').filter({ hasText: 'supplier-products.xlsx' }).first()).toContainText(
    'Failed',
  );
  await page.goto(`/#/product/product?q=${encodeURIComponent(`UP-${suffix}`)}`);
  await expect(page.getByTestId('products-table').locator('tbody tr.ant-table-row')).toHaveCount(3);
});

test('a mapping is proposed from a file, adjusted and saved, then offered to uploads', async ({ page }) => {
  await signedIn(page);
  const name = `Supplier ${Date.now().toString(36)}`;
  await page.goto('/#/excel-mapping');
  await expect(page.getByTestId('page-title')).toHaveText('Excel mapping');
  await page.getByTestId('create-excel-mapping').click();
  await page.getByTestId('mapping-name').fill(name);
  await page.getByTestId('mapping-propose-file').setInputFiles({
    name: 'supplier.xlsx',
    mimeType: XLSX,
    buffer: await workbook(['Item code', 'Description', 'Barcode'], [['A-1', 'Mug', '']]),
  });
  // "Description" is not a known name of any field: the person maps it.
  await expect(page.getByRole('dialog')).toContainText('2 of its 3 columns recognised');
  await page.getByTestId('submit').click();
  await expect(page.getByRole('dialog')).toContainText('Map a column to every required field: Name');
  await page.getByTestId('mapping-add-column').click();
  const last = page.getByTestId('mapping-row').last();
  await last.getByRole('combobox', { name: /File header of row/ }).fill('Description');
  await last.getByRole('combobox', { name: /Field of row/ }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle('Name *', { exact: true })
    .click();
  await page.getByTestId('submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('excel-mappings-table')).toContainText(name);
  await expect(page.getByTestId('excel-mappings-table')).toContainText('Description → Name');
});
