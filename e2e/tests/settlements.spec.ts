import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A supplier invoice paid in part by cheque on the New Settlement screen: the invoice chosen, the amount to pay
 * typed (refused above the open amount, in words), the contractual late-payment interest included, the totals
 * worked exactly; saved and the cheque issued, then moved through collected → sent to bank → realized from the
 * settlement's page; the invoice keeps the rest open. Data is arranged through the API (order → approve → receipt →
 * invoice → booked). Screenshots at desktop and phone width when E2E_SCREENSHOTS names a folder.
 */

type Api = Awaited<ReturnType<typeof adminApi>>;
interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

const shotsDir = process.env.E2E_SCREENSHOTS;
/** The page at desktop width, then at a phone's (390 px), then back. */
async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shotsDir, `${name}-phone.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Serious and critical WCAG 2.2 AA violations on what the page shows (as accessibility.spec.ts counts them). */
async function violations(page: Page) {
  // A toast under the pointer stays open: the pointer leaves it, so it closes.
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

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A booked supplier invoice of 10 × £12.00 + 20 % VAT = £144.00, due 10 days ago, from a supplier charging 8 % simple. */
async function arrange(api: Api) {
  const u = unique();
  const supplier = await api.call<Ref & { code: string; name: string }>('POST', '/api/business-partners', {
    code: `SET${u}`.slice(0, 30),
    name: `Settled Supplies ${u}`,
    paymentTermsDays: 30,
    lateInterestRate: '8.00',
    lateInterestType: 'simple_interest',
  });
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', { code: `ST${u}`.slice(0, 20), name: `Dock ${u}` });
  const kettle = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `KETTLE-${u}`,
    name: `Kettle ${u}`,
  });
  const order = await api.call<Ref & { number: string; lines: Ref[] }>('POST', '/api/purchase-orders', {
    type: 'PRIOR_ORDER_PO',
    supplierId: supplier.id,
    warehouseId: warehouse.id,
    lines: [{ productId: kettle.id, quantity: '10', unitCost: '12.00' }],
  });
  await api.call('POST', `/api/purchase-orders/${order.id}/approve`, {});
  const note = await api.call<Ref>('POST', '/api/goods-received-notes', {
    purchaseOrderId: order.id,
    lines: [{ orderLineId: order.lines[0]?.id, receivedQuantity: '10', acceptedQuantity: '10' }],
  });
  await api.call('POST', `/api/goods-received-notes/${note.id}/post`, {});
  const invoice = await api.call<Ref & { number: string; grossTotal: string }>('POST', '/api/purchase-invoices', {
    supplierId: supplier.id,
    supplierInvoiceNumber: `SI-${u}`,
    invoiceDate: isoDay(40),
    dueDate: isoDay(10),
    lines: [{ orderLineId: order.lines[0]?.id, quantity: '10', unitPrice: '12.00' }],
  });
  await api.call('POST', `/api/purchase-invoices/${invoice.id}/book`, { reason: '' });
  const processor = await api.call<Ref & { code: string }>('POST', '/api/processors', {
    code: `BANK${u}`.slice(0, 30),
    name: `Current account ${u}`,
    type: 'BANK_ACCOUNT',
    currency: 'GBP',
    bankName: 'Lloyds',
    accountName: 'Back Office Ltd',
    sortCode: '309634',
    accountNumber: '12345678',
  });
  return { u, supplier, invoice, processor };
}

async function choose(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.type(text);
  // Enter takes the active option: wait until the server's search has left only the one asked for.
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(text);
  await page.keyboard.press('Enter');
}

test('an invoice is paid in part by cheque, the cheque goes through its statuses, the rest stays open', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const { u, supplier, invoice, processor } = await arrange(api);
  expect(invoice.grossTotal).toBe('144.00');

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice-settlement/create');
  await expect(page.getByTestId('settlement-invoices')).toContainText('Choose a supplier');

  await choose(page, '#settlement-supplier', supplier.code);
  await expect(page.getByTestId('settlement-terms')).toContainText('8%');
  const row = page.getByTestId('settlement-invoices').locator('tbody tr').filter({ hasText: invoice.number });
  await expect(row).toContainText('10 days late');
  await expect(row.getByTestId('settlement-open')).toHaveText('£144.00');
  await expect(row.getByTestId('settlement-interest-basis')).toContainText('Contractual');
  await choose(page, '#settlement-processor', processor.code);
  await page.locator('#settlement-payment-type').click();
  await page.keyboard.type('Bank transfer');
  await page.keyboard.press('Enter');
  await page.getByTestId('settlement-reference').fill(`REM-${u}`);

  // Chosen: the whole open amount by default; more than that is refused in words, here before the server.
  await row.getByTestId('settlement-pick').check();
  const amount = row.getByTestId('settlement-amount');
  await expect(amount).toHaveValue('144.00');
  await amount.fill('150');
  await expect(row).toContainText('At most the open amount, £144.00.');
  await amount.press('Enter');
  // Enter in a field sends nothing: still on the form.
  await expect(page).toHaveURL(/purchase-invoice-settlement\/create/);
  await page.getByTestId('settlement-save').click();
  await expect(page.getByTestId('settlement-problems')).toContainText(
    `Correct the amount to pay of invoice ${invoice.number}.`,
  );

  // Part of it, with the interest on that part: 100 × 8 % × 10 / 365 = 0.219… → £0.22.
  await amount.fill('100');
  await expect(row).toContainText('Part payment: £44.00 stays open.');
  await row.getByTestId('settlement-include-interest').check();
  await expect(row.getByTestId('settlement-interest-proposal')).toHaveText('£0.22');
  await expect(page.getByTestId('settlement-total-invoices')).toHaveText('£100.00');
  await expect(page.getByTestId('settlement-total-interest')).toHaveText('£0.22');
  await expect(page.getByTestId('settlement-total-to-pay')).toHaveText('£100.22');

  await page.getByTestId('settlement-by-cheque').check();
  await page.getByTestId('settlement-cheque-number').fill(`CHQ${u}`.slice(0, 20));
  await page.getByTestId('settlement-cheque-bank').fill('Lloyds Bank');
  await expect(page.getByTestId('settlement-problems')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await shots(page, 'settlement-create');
  await page.getByTestId('settlement-save-complete').click();

  // The settlement: the cheque issued, the invoice held while it clears.
  await expect(page.getByTestId('settlement-status')).toHaveText('Cheque issued');
  const number = (await page.getByTestId('settlement-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^PIS-\d{4}-\d{5}$/);
  await expect(page.getByTestId('settlement-cheque-status')).toHaveText('Issued');
  await expect(page.getByTestId('settlement-total-paid')).toHaveText('£100.22');
  await expect(page.getByTestId('settlement-line-invoice-status')).toHaveText('Processing');

  // Its steps, one by one, each dated and noted in a dialog.
  const steps: [string, string, string][] = [
    ['settlement-cheque-collected', 'Cheque collected', 'Collected'],
    ['settlement-cheque-send_to_bank', 'Cheque sent to bank', 'Sent to bank'],
    ['settlement-cheque-realized', 'Completed', 'Realized'],
  ];
  for (const [button, status, cheque] of steps) {
    // One dialog serves every step: the next starts once the last one's has closed and its own is open.
    const openDialogs = page.locator('.ant-modal-wrap:visible');
    await expect(openDialogs).toHaveCount(0);
    await page.getByTestId(button).click();
    await expect(openDialogs).toHaveCount(1);
    await page.getByTestId('settlement-dialog-text').fill(`${cheque} as agreed`);
    await page.getByTestId('settlement-dialog-ok').click();
    await expect(page.getByTestId('settlement-status')).toHaveText(status);
    await expect(page.getByTestId('settlement-cheque-status')).toHaveText(cheque);
  }
  await expect(page.getByTestId('settlement-cheque-realized')).toHaveCount(0);
  await expect(page.getByTestId('settlement-history')).toContainText('Cheque: Realized');

  // Paid in part: the invoice is booked again with £44.00 open.
  await expect(page.getByTestId('settlement-line-open-after')).toHaveText('£44.00');
  await expect(page.getByTestId('settlement-line-invoice-status')).toHaveText('Booked');
  await expect(page.getByTestId('settlement-lines')).toContainText('£44.00 open');
  expect(await violations(page)).toEqual([]);
  await shots(page, 'settlement-detail');
  const state = await api.call<{ status: string; openAmount: string }>('GET', `/api/purchase-invoices/${invoice.id}`);
  expect(state).toMatchObject({ status: 'BOOKED', openAmount: '44.00' });

  // The invoice's own page says the same.
  await page.getByTestId('settlement-line-invoice').click();
  await expect(page.getByTestId('pi-status')).toHaveText('Booked');
  await expect(page.locator('.ant-descriptions')).toContainText('44.00');

  // In the list: found by its cheque number, completed, the cheque realized.
  await page.goto(`/#/purchase-invoice-settlement/list?q=CHQ${u}`);
  const listed = page.getByTestId('settlements-table').locator('tbody tr.ant-table-row');
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId('settlement-link')).toHaveText(number);
  await expect(listed.getByTestId('settlement-status')).toHaveText('Completed');
  await expect(listed.getByTestId('settlement-cheque-status')).toHaveText('Realized');
  await expect(listed.getByTestId('settlement-amount')).toContainText('100.22');
  expect(await violations(page)).toEqual([]);
  await shots(page, 'settlement-list');

  // German, right to left: the same settlement in German words, mirrored.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(listed.getByTestId('settlement-cheque-status')).toHaveText('Eingelöst');
  await listed.getByTestId('settlement-link').click();
  await expect(page.getByTestId('settlement-payment-type')).toHaveText('Banküberweisung');
  expect(await violations(page)).toEqual([]);
  await shots(page, 'settlement-detail-de-rtl');
});

test('a draft holds its invoice until it is cancelled, which releases it', async ({ page }) => {
  test.setTimeout(120_000);
  const api = await adminApi();
  const { supplier, invoice, processor } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice-settlement/create');
  // Saving with nothing chosen says what is missing, and saves nothing.
  await page.getByTestId('settlement-save').click();
  await expect(page.getByTestId('settlement-problems')).toContainText('Choose the supplier.');
  await choose(page, '#settlement-supplier', supplier.code);
  await choose(page, '#settlement-processor', processor.code);
  await page.locator('#settlement-payment-type').click();
  await page.keyboard.type('Cash');
  await page.keyboard.press('Enter');
  const row = page.getByTestId('settlement-invoices').locator('tbody tr').filter({ hasText: invoice.number });
  await row.getByTestId('settlement-pick').check();
  await expect(page.getByTestId('settlement-total-to-pay')).toHaveText('£144.00');
  await page.getByTestId('settlement-save').click();

  await expect(page.getByTestId('settlement-status')).toHaveText('Draft');
  await expect(page.getByTestId('settlement-line-invoice-status')).toHaveText('Processing');
  await expect(page.getByTestId('settlement-complete')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const held = await api.call<{ status: string; openAmount: string }>('GET', `/api/purchase-invoices/${invoice.id}`);
  expect(held).toMatchObject({ status: 'PROCESSING', openAmount: '0.00' });

  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  await page.getByTestId('settlement-cancel').click();
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(1);
  await page.getByTestId('settlement-dialog-text').fill('Paid by the other office');
  await page.getByTestId('settlement-dialog-ok').click();
  await expect(page.getByTestId('settlement-status')).toHaveText('Cancelled');
  await expect(page.getByText('Cancelled: Paid by the other office')).toBeVisible();
  await expect(page.getByTestId('settlement-line-invoice-status')).toHaveText('Booked');
  await expect(page.getByTestId('settlement-complete')).toHaveCount(0);
  const released = await api.call<{ status: string; openAmount: string }>(
    'GET',
    `/api/purchase-invoices/${invoice.id}`,
  );
  expect(released).toMatchObject({ status: 'BOOKED', openAmount: '144.00' });
});

test('a draft is edited on the New Settlement form, filled with what it holds, and saved back', async ({ page }) => {
  test.setTimeout(150_000);
  const api = await adminApi();
  const { u, supplier, invoice, processor } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-invoice-settlement/create');
  await choose(page, '#settlement-supplier', supplier.code);
  await choose(page, '#settlement-processor', processor.code);
  await page.locator('#settlement-payment-type').click();
  await page.keyboard.type('Cash');
  await page.keyboard.press('Enter');
  await page.getByTestId('settlement-reference').fill(`DRAFT-${u}`);
  const row = page.getByTestId('settlement-invoices').locator('tbody tr').filter({ hasText: invoice.number });
  await row.getByTestId('settlement-pick').check();
  await page.getByTestId('settlement-save').click();

  // Arrived from the form: the page and its crumb are the settlement's number, not "New Settlement".
  await expect(page.getByTestId('settlement-status')).toHaveText('Draft');
  const number = (await page.getByTestId('settlement-number').textContent())?.trim() ?? '';
  expect(number).toMatch(/^PIS-\d{4}-\d{5}$/);
  const lastCrumb = page.getByTestId('breadcrumb').locator('li:not([aria-hidden])').last();
  await expect(lastCrumb).toHaveText(number);

  // Edit: the form filled with the draft (its invoice ticked at the amount it holds, open as before it took it).
  await page.getByTestId('settlement-edit').click();
  await expect(page).toHaveURL(/purchase-invoice-settlement\/list\/[^/]+\/edit$/);
  await expect(page.getByTestId('settlement-number')).toHaveText(number);
  await expect(page.locator('input#settlement-supplier')).toHaveValue(`${supplier.code} · ${supplier.name}`);
  await expect(page.getByTestId('settlement-reference')).toHaveValue(`DRAFT-${u}`);
  const held = page.getByTestId('settlement-invoices').locator('tbody tr').filter({ hasText: invoice.number });
  await expect(held.getByTestId('settlement-pick')).toBeChecked();
  await expect(held.getByTestId('settlement-open')).toHaveText('£144.00');
  await expect(held.getByTestId('settlement-amount')).toHaveValue('144.00');
  await expect(page.getByTestId('settlement-total-to-pay')).toHaveText('£144.00');

  // Part of it now, with the interest on that part: 100 × 8 % × 10 / 365 → £0.22.
  await held.getByTestId('settlement-amount').fill('100');
  await held.getByTestId('settlement-include-interest').check();
  await expect(page.getByTestId('settlement-total-to-pay')).toHaveText('£100.22');
  expect(await violations(page)).toEqual([]);
  await shots(page, 'settlement-edit');
  await page.getByTestId('settlement-save').click();

  // Back on the settlement, changed: the invoice held for £100.00, £44.00 left to pay.
  await expect(page).toHaveURL(/purchase-invoice-settlement\/list\/[^/]+$/);
  await expect(page.getByTestId('settlement-status')).toHaveText('Draft');
  await expect(page.getByTestId('settlement-line-amount')).toHaveText('£100.00');
  await expect(page.getByTestId('settlement-line-open-after')).toHaveText('£44.00');
  await expect(page.getByTestId('settlement-total-paid')).toHaveText('£100.22');
  await expect(lastCrumb).toHaveText(number);
  const state = await api.call<{ status: string; openAmount: string }>('GET', `/api/purchase-invoices/${invoice.id}`);
  expect(state).toMatchObject({ status: 'PROCESSING', openAmount: '44.00' });

  // Once completed it is no longer a draft: no Edit, and its editor says so.
  await page.getByTestId('settlement-complete').click();
  await page
    .locator('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary')
    .first()
    .click();
  await expect(page.getByTestId('settlement-status')).toHaveText('Completed');
  await expect(page.getByTestId('settlement-edit')).toHaveCount(0);
  await page.goto(`${page.url()}/edit`);
  await expect(page.getByTestId('settlement-not-draft')).toContainText('only a draft can be changed');
});
