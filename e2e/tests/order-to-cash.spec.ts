import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { gs1CheckDigit } from '@backoffice/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Order to cash end to end on the screens (issue 17), as an administrator: an invoice written on Create Invoices and
 * booked, picked on a Pick List by scanning (keyboard wedge), shipped on a Ship List with a typed tracking number, one
 * unit returned resaleable on a Return Ticket and received, and credited on a Credit Note that is approved. The stock
 * and its value on the Summary are checked against a computation by hand.
 *
 * Only what a user would find is arranged through the API: a warehouse with two bins and a pick sequence, a product
 * with a barcode, stock received at two costs so FIFO matters, and a customer.
 *
 *   Receipts (oldest first):    3 @ £4.00 = £12.00 into bin B-02 (pick sequence 20)
 *                               5 @ £6.00 = £30.00 into bin B-01 (pick sequence 10: the pick bin)
 *   Sold and shipped 4:         FIFO takes the oldest layers of the warehouse, whatever the bin the picker walks to:
 *                               3 @ £4.00 + 1 @ £6.00 = £18.00 out
 *   Summary after shipping:     8 − 4 = 4 on hand, £42.00 − £18.00 = £24.00 (4 @ £6.00)
 *   One unit back, resaleable:  DOMAIN.md "Returns rules": a customer return comes back at the cost it left with, the
 *                               issue's value per unit (the average of the layers it consumed): £18.00 ÷ 4 = £4.50
 *   Summary after the return:   5 on hand, £24.00 + £4.50 = £28.50
 *   Invoice:                    4 × £12.49 = £49.96 net, VAT 20% £9.992 → £9.99, £59.95 gross
 *   Credit note, one unit:      £12.49 net, VAT £2.498 → £2.50, £14.99 gross
 */

test.describe.configure({ timeout: 300_000 });

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();
const ean13 = (body: string) => `${body}${gs1CheckDigit(body)}`;

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

/** Chooses the option showing `option` in a plain (not searching) select. */
async function chooseOption(page: Page, select: Locator, option: string) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * The Stock Summary's figures for one product in one warehouse, read by column header: the summary filtered to the
 * warehouse (its picker) and searched for the SKU, as a person looks a product up.
 */
async function summaryFigures(page: Page, warehouse: { id: string; code: string; name: string }, sku: string) {
  await page.goto('/#/inventory/summary');
  await expect(page.getByTestId('page-title')).toHaveText('Summary');
  await chooseSearched(page, page.getByTestId('inventory-filter-warehouse'), warehouse.code);
  await expect(page).toHaveURL(new RegExp(`warehouseId=${warehouse.id}`));
  const box = page.getByTestId('inventory-filter-q').getByRole('searchbox');
  await box.fill(sku);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${sku}`));
  const table = page.getByTestId('inventory-summary-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(sku);
  const headers = (await table.locator('thead tr').last().locator('th').allInnerTexts()).map((h) => h.trim());
  const cell = (header: string) => {
    const index = headers.indexOf(header);
    expect(index, `the summary's column "${header}" (columns: ${headers.join(' | ')})`).toBeGreaterThanOrEqual(0);
    return rows.first().locator('td').nth(index);
  };
  return {
    onHand: cell('On hand'),
    reserved: cell('Reserved'),
    available: cell('Available'),
    value: cell('Total value (£)'),
  };
}

test('an invoice is booked, picked by scanning, shipped, one unit returned and credited; stock and value add up', async ({
  page,
}) => {
  // ---- What a user would find: arranged through the API. ----
  const api = await adminApi();
  const u = unique();
  const warehouse = await api.call<Ref & { code: string; name: string }>('POST', '/api/warehouses', {
    code: `OC${u}`.slice(0, 20),
    name: `Order to cash ${u}`,
  });
  const bin = async (code: string, pickSequence: number) =>
    api.call<Ref & { code: string }>('POST', `/api/warehouses/${warehouse.id}/locations`, {
      code,
      zone: 'A',
      pickSequence,
    });
  const front = await bin('B-01', 10);
  const back = await bin('B-02', 20);
  const barcode = ean13(`50${Date.now().toString().slice(-10)}`);
  const product = await api.call<Ref & { sku: string; name: string }>('POST', '/api/products', {
    sku: `KETTLE-${u}`,
    name: `Kettle ${u}`,
    barcodes: [barcode],
    costPrice: '5.00',
    salePrice: '12.49',
  });
  // Received at two costs, the cheaper first (FIFO's oldest layer), into the bin the picker walks to last.
  for (const [quantity, unitCost, locationId] of [
    ['3', '4.00', back.id],
    ['5', '6.00', front.id],
  ] as const)
    await api.call('POST', '/api/stock/adjustments', {
      reason: 'Goods received for the order-to-cash flow',
      lines: [{ productId: product.id, warehouseId: warehouse.id, locationId, quantity, unitCost }],
    });
  const customer = await api.call<Ref & { name: string }>('POST', '/api/customers', {
    name: `Olive Order ${u}`,
    email: `olive.${u.toLowerCase()}@example.test`,
    addresses: [{ kind: 'shipping', line1: '7 Harbour Street', city: 'Whitby', postcode: 'YO21 3PU', country: 'GB' }],
  });

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);

  // Before anything is sold: 8 units, 3 × £4.00 + 5 × £6.00 = £42.00.
  let summary = await summaryFigures(page, warehouse, product.sku);
  await expect(summary.onHand).toHaveText('8');
  await expect(summary.value).toHaveText('42.00');

  // ---- Create Invoices: customer, a line of 4 found by its SKU, the carrier service and payment; booked. ----
  await page.goto('/#/sales-invoice/create-sales-invoice');
  await chooseSearched(page, page.getByTestId('si-customer'), customer.name);
  // The customer's one address fills the form, delivered to the same.
  await expect(page.getByTestId('si-billing-line1')).toHaveValue('7 Harbour Street');
  await expect(page.getByTestId('si-same-as-billing')).toBeChecked();
  await chooseSearched(page, page.getByTestId('si-warehouse'), warehouse.code);
  const lineScan = page.getByTestId('si-line-scan');
  await lineScan.fill(product.sku);
  await lineScan.press('Enter');
  const line = page.getByTestId('si-line').filter({ hasText: product.sku });
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('si-line-price')).toHaveValue('12.49');
  await expect(line.getByTestId('si-line-availability')).toContainText('Available 8');
  await line.getByTestId('si-line-quantity').fill('4');
  await chooseSearched(page, page.getByTestId('si-carrier-service'), 'Tracked 24');
  await chooseOption(page, page.getByTestId('si-payment-type'), 'Bank transfer');
  await page.getByTestId('si-payment-reference').fill(`BACS-${u}`);
  // The Manual channel's prices exclude VAT: 4 × £12.49 = £49.96, + £9.99 VAT = £59.95.
  await expect(page.getByTestId('si-form-gross')).toHaveText('£59.95');
  await shot(page, 'order-to-cash-1-invoice-form');
  await page.getByTestId('si-book').click();

  await expect(page.getByTestId('si-status')).toHaveText('Booked');
  const invoiceNumber = (await page.getByTestId('si-number').textContent())?.trim() ?? '';
  expect(invoiceNumber).toMatch(/^SI-\d{4}-\d{5}$/);
  await expect(page).toHaveURL(/\/sales-invoice\/sales-invoice\/[^/?]+$/);
  const invoicePage = page.url();
  await expect(page.getByTestId('si-gross-total')).toHaveText('£59.95');
  await expect(page.getByTestId('si-line-reserved')).toHaveText('4');
  await expect(page.getByTestId('si-line-available')).toHaveText('4');
  await shot(page, 'order-to-cash-2-invoice-booked');

  // ---- Pick List: a list for the warehouse, picked by scanning the barcode (and once the SKU), confirmed. ----
  await page.goto('/#/sales-invoice/pick-list');
  await expect(page.getByTestId('page-title')).toContainText('Pick List');
  await page.getByTestId('pl-create').click();
  await chooseSearched(page, page.getByTestId('pl-new-warehouse'), warehouse.code);
  await expect(page.getByTestId('pl-candidates')).toContainText(invoiceNumber);
  await page.getByRole('checkbox', { name: `Pick ${invoiceNumber}` }).check();
  await page.getByTestId('pl-new-submit').click();

  await expect(page.getByTestId('pl-number')).toHaveText(/^PL-\d{4}-\d{5}$/);
  await expect(page.getByTestId('pl-status')).toContainText('Open');
  await expect(page.getByTestId('pl-invoices')).toContainText('Processing');
  // The pick bin: the one holding the product with the lowest pick sequence.
  await expect(page.getByTestId('pl-lines')).toContainText('B-01');
  await expect(page.getByTestId('pl-total-picked')).toHaveText('0 of 4');
  const pickScan = page.getByTestId('pl-scan');
  await expect(pickScan).toBeFocused();
  for (const code of [barcode, barcode, barcode, product.sku]) {
    await pickScan.pressSequentially(code);
    await pickScan.press('Enter');
    await expect(page.getByTestId('pl-scan-success')).toBeVisible();
    await expect(pickScan).toHaveValue('');
  }
  await expect(page.getByTestId('pl-total-picked')).toHaveText('4 of 4');
  await expect(page.getByTestId('pl-line-picked')).toContainText('4');
  await shot(page, 'order-to-cash-3-pick-list');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('pl-confirm').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm picking' }).click();
  await expect(page.getByTestId('pl-status')).toContainText('Confirmed');
  await expect(page.getByTestId('pl-invoices')).toContainText('Ready for delivery');

  // ---- Ship List: the packed invoice, its service from the invoice, a weight and a typed tracking number. ----
  await page.goto('/#/sales-invoice/sales-invoice-process');
  await expect(page.getByTestId('page-title')).toContainText('Ship List');
  await page.getByTestId('sl-create').click();
  await chooseSearched(page, page.getByTestId('sl-new-warehouse'), warehouse.code);
  await expect(page.getByTestId('sl-candidates')).toContainText(invoiceNumber);
  await page.getByRole('checkbox', { name: `Choose ${invoiceNumber}` }).check();
  await page.getByTestId('sl-new-create').click();

  await expect(page.getByTestId('sl-number')).toHaveText(/^SL-\d{4}-\d{5}$/);
  await expect(page.getByTestId('sl-status')).toContainText('Open');
  await expect(page.getByTestId('sl-row-service')).toContainText('Tracked 24');
  await expect(page.getByTestId('sl-progress')).toHaveText('0 of 1 invoices ready');
  await page.getByTestId('sl-row-weight').fill('1.4');
  const tracking = `RM${u}GB`;
  await page.getByTestId('sl-row-tracking').fill(tracking);
  await expect(page.getByTestId('sl-progress')).toHaveText('1 of 1 invoices ready');
  await shot(page, 'order-to-cash-4-ship-list');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('sl-confirm').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(page.getByTestId('sl-status')).toContainText('Confirmed');
  await expect(page.getByTestId('sl-row-shipped-parcel')).toContainText(tracking);

  // The invoice is shipped, with its tracking number.
  await page.getByTestId('sl-row-invoice').click();
  await expect(page.getByTestId('si-status')).toHaveText('Processed');
  await expect(page.getByTestId('si-shipment')).toContainText(tracking);
  await shot(page, 'order-to-cash-5-invoice-shipped');

  // FIFO took 3 @ £4.00 + 1 @ £6.00 = £18.00: 4 left, worth 4 @ £6.00 = £24.00.
  summary = await summaryFigures(page, warehouse, product.sku);
  await expect(summary.onHand).toHaveText('4');
  await expect(summary.reserved).toHaveText('0');
  await expect(summary.available).toHaveText('4');
  await expect(summary.value).toHaveText('24.00');

  // ---- Return Tickets: from the invoice, one unit back, resaleable; received at the cost it left with. ----
  await page.goto(invoicePage);
  await expect(page.getByTestId('si-status')).toHaveText('Processed');
  await page.getByTestId('si-return').click();
  await expect(page.getByTestId('rt-returnable-lines')).toContainText(product.sku);
  await expect(page.getByTestId('rt-returnable')).toHaveText('4');
  await page.getByTestId('rt-quantity').fill('1');
  await expect(page.getByTestId('rt-condition')).toContainText('Resaleable');
  await shot(page, 'order-to-cash-6-return-form');
  await page.getByTestId('rt-submit').click();

  await expect(page.getByTestId('rt-number')).toContainText(/RT-\d{4}-\d{5}/);
  await expect(page.getByTestId('rt-status')).toHaveText('Open');
  await expect(page.getByTestId('rt-line-condition')).toHaveText('Resaleable');
  await page.getByTestId('rt-receive').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByTestId('rt-status')).toHaveText('Received');
  // £18.00 issued for 4 units: £4.50 each, the average of the layers the shipment consumed.
  await expect(page.getByTestId('rt-value')).toHaveText('£4.50');
  await expect(page.getByTestId('rt-line-held')).toHaveCount(0);
  await shot(page, 'order-to-cash-7-return-received');

  // ---- Credit Notes: against the return ticket, its one unit proposed; approved with the refund reference. ----
  await page.getByTestId('rt-credit-note').click();
  await expect(page.getByTestId('cn-lines')).toContainText(product.sku);
  await expect(page.getByTestId('cn-quantity')).toHaveValue('1');
  await expect(page.getByTestId('cn-payment-type')).toContainText('Bank transfer');
  await expect(page.getByTestId('cn-refundable')).toHaveText('£59.95');
  await page.getByTestId('cn-reason').fill('Returned unused');
  // One unit: £12.49 + £2.50 VAT.
  await expect(page.getByTestId('cn-preview-gross')).toHaveText('£14.99');
  await page.getByTestId('cn-submit').click();

  await expect(page.getByTestId('cn-number')).toContainText(/CN-\d{4}-\d{5}/);
  await expect(page.getByTestId('cn-status')).toHaveText('Draft');
  await expect(page.getByTestId('cn-gross-total')).toHaveText('£14.99');
  await expect(page.getByTestId('cn-line-gross')).toHaveText('£14.99');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('cn-approve').click();
  await page.getByTestId('cn-refund-reference').fill(`BACS-R-${u}`);
  await page.getByTestId('cn-dialog-ok').click();
  await expect(page.getByTestId('cn-status')).toHaveText('Approved');
  await expect(page.getByTestId('cn-gross-total')).toHaveText('£14.99');
  await expect(page.getByText(`BACS-R-${u}`, { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shot(page, 'order-to-cash-8-credit-note');

  // ---- Stock Summary: 4 + 1 = 5 on hand, all available, worth £24.00 + £4.50 = £28.50. ----
  summary = await summaryFigures(page, warehouse, product.sku);
  await expect(summary.onHand).toHaveText('5');
  await expect(summary.reserved).toHaveText('0');
  await expect(summary.available).toHaveText('5');
  await expect(summary.value).toHaveText('28.50');
  await shot(page, 'order-to-cash-9-summary');
});
