import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Client Invoices Upload from the supplier's .xlsx: the sheet is read through the saved mapping, its rows matched to
 * the supplier's open order lines (oldest first) and shown beside them; a row that matches nothing is told in words;
 * saved, the invoice prints. The tolerances are set on Configuration → Purchasing with validation. Someone who may
 * approve invoices but not differences is told why they cannot book one beyond the tolerances.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(headers: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Invoice');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Serious or critical WCAG 2.2 AA findings on the page as it is. */
async function seriousFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A supplier with two approved orders of the same mug (the older received), and a saved default mapping. */
async function arrange() {
  const api = await adminApi();
  const u = unique();
  const supplier = await api.call<Ref & { code: string }>('POST', '/api/business-partners', {
    code: `XL${u}`.slice(0, 30),
    name: `Sheet Supplies ${u}`,
  });
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', { code: `XW${u}`.slice(0, 20), name: `Bay ${u}` });
  const mug = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `XMUG-${u}`, name: `Mug ${u}` });
  const orderOf = async (quantity: string) => {
    const order = await api.call<Ref & { number: string; lines: Ref[] }>('POST', '/api/purchase-orders', {
      type: 'PRIOR_ORDER_PO',
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      lines: [{ productId: mug.id, quantity, unitCost: '2.50' }],
    });
    await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
    return order;
  };
  const older = await orderOf('4');
  const newer = await orderOf('10');
  const note = await api.call<Ref>('POST', '/api/goods-received-notes', {
    purchaseOrderId: older.id,
    lines: [{ orderLineId: older.lines[0]?.id, receivedQuantity: '4', acceptedQuantity: '4' }],
  });
  await api.call('POST', `/api/goods-received-notes/${note.id}/post`, {});
  const mapping = await api.call<Ref & { name: string }>('POST', '/api/excel-mappings', {
    name: `Supplier invoice ${u}`,
    kind: 'purchase_invoices',
    isDefault: true,
    columns: [
      { header: 'Item code', field: 'sku' },
      { header: 'Qty', field: 'quantity' },
      { header: 'Unit price', field: 'unitCost' },
      { header: 'Disc %', field: 'discountPercent' },
      { header: 'Invoice no', field: 'supplierInvoiceNumber' },
    ],
  });
  return { api, u, supplier, mug, older, newer, mapping };
}

test('a supplier .xlsx is read through the saved mapping, matched oldest first, reviewed and saved', async ({
  page,
}) => {
  const { u, supplier, mug, older, newer, mapping } = await arrange();
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice/create-purchase-invoice');
  await page.locator('#pi-supplier').click();
  await page.keyboard.type(supplier.code);
  await expect(page.locator('.ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Enter');

  await page
    .getByTestId('file-upload')
    .locator('input[type="file"]')
    .setInputFiles({
      name: `invoice-${u}.xlsx`,
      mimeType: XLSX,
      buffer: await workbook(
        ['Item code', 'Qty', 'Unit price', 'Disc %', 'Invoice no'],
        [
          [mug.sku, 6, '2.75', '5', `SHEET-${u}`],
          ['NOT-A-PRODUCT', 1, '1', '', ''],
        ],
      ),
    });
  await expect(page.getByTestId('uploaded-file')).toBeVisible();
  await expect(page.getByTestId('pi-sheet-mapping')).toContainText(mapping.name);
  await page.getByTestId('pi-sheet-read').click();

  await expect(page.getByTestId('pi-sheet-summary')).toHaveText(
    'Rows read: 2. Invoice lines matched: 2. Rows without a line: 1.',
  );
  await expect(page.getByTestId('pi-sheet-problems').locator('tbody tr')).toHaveText([
    '3No product has the SKU or barcode NOT-A-PRODUCT.',
  ]);
  // 6 mugs: the 4 open on the older order, then 2 on the newer one, each beside its order's figures.
  const lines = page.getByTestId('pi-order-lines').locator('tbody tr');
  const olderRow = lines.filter({ hasText: older.number });
  const newerRow = lines.filter({ hasText: newer.number });
  await expect(olderRow.getByTestId('pi-line-quantity')).toHaveValue('4');
  await expect(newerRow.getByTestId('pi-line-quantity')).toHaveValue('2');
  await expect(olderRow.getByTestId('pi-line-price')).toHaveValue('2.75');
  await expect(olderRow.getByTestId('pi-line-discount')).toHaveValue('5');
  await expect(olderRow.getByTestId('pi-line-rows')).toHaveText('2');
  await expect(page.getByTestId('pi-supplier-number')).toHaveValue(`SHEET-${u}`);
  // The pointer leaves "Read lines": its hover colour is the theme's passing state, not the page's.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: test.info().outputPath('purchase-invoice-xlsx-review.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  await page.getByTestId('pi-save').click();
  await expect(page.getByTestId('pi-status')).toHaveText('Pending');
  await expect(page.getByTestId('pi-lines').locator('tbody tr[data-row-key]')).toHaveCount(2);
  await expect(page.getByTestId('document-print')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('document-print').click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await page.screenshot({ path: test.info().outputPath('purchase-invoice-xlsx-saved.png'), fullPage: true });
});

test('the tolerances are set on Configuration → Purchasing, refused out of range', async ({ page }) => {
  const api = await adminApi();
  await page.goto('/#/configuration/system-configuration?tab=purchasing');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await expect(page.getByTestId('tolerance-quantity')).toBeVisible();
  await page.getByTestId('tolerance-quantity').fill('150');
  await page.getByTestId('tolerance-price').fill('1.5');
  await page.getByTestId('save-purchasing').click();
  await expect(page.getByText('A percentage from 0 to 100 with at most 2 decimal places, such as 20')).toBeVisible();
  const unchanged = await api.call<{ quantityPercent: string }>('GET', '/api/purchase-invoices/tolerances');
  expect(unchanged.quantityPercent).not.toBe('150');

  await page.getByTestId('tolerance-quantity').fill('2.5');
  await page.getByTestId('save-purchasing').click();
  await expect(page.getByText('Saved')).toBeVisible();
  expect(await api.call('GET', '/api/purchase-invoices/tolerances')).toEqual({
    quantityPercent: '2.5',
    pricePercent: '1.5',
  });
  await page.reload();
  await expect(page.getByTestId('tolerance-quantity')).toHaveValue('2.5');
  await page.screenshot({ path: test.info().outputPath('configuration-purchasing.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  // German, right to left.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.getByText('Mengentoleranz')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: test.info().outputPath('configuration-purchasing-de-rtl.png'), fullPage: true });
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'en');
    sessionStorage.setItem('backoffice-direction', 'ltr');
  });
  // Back to none, as the other browser tests expect.
  await api.call('PUT', '/api/purchase-invoices/tolerances', { quantityPercent: '0', pricePercent: '0' });
});

test('one who may approve invoices but not differences is told why a mismatched invoice cannot be booked', async ({
  page,
}) => {
  const { api, u, supplier, older } = await arrange();
  const invoice = await api.call<Ref & { number: string }>('POST', '/api/purchase-invoices', {
    supplierId: supplier.id,
    supplierInvoiceNumber: `DIFF-${u}`,
    invoiceDate: new Date().toISOString().slice(0, 10),
    lines: [{ orderLineId: older.lines[0]?.id, quantity: '4', unitPrice: '3.10' }],
  });
  const approver = await api.createUser(['view_purchase_invoice', 'approve_purchase_invoice']);
  await page.goto(`/#/purchase-invoice/purchase-invoice/${invoice.id}`);
  await signInOnPage(page, approver.username, approver.password);
  await expect(page.getByTestId('pi-status')).toHaveText('Pending');
  await expect(page.getByTestId('pi-needs-difference-permission')).toHaveText(
    'Booking it needs the permission to approve differences, which you do not have: ask someone who holds it to book this invoice.',
  );
  await expect(page.getByTestId('pi-book')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('purchase-invoice-needs-permission.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);
});
