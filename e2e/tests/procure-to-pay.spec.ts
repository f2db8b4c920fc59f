import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { gs1CheckDigit } from '@backoffice/contracts';
import { expect, type Page, test } from '@playwright/test';
import { startSmtpServer, type TestSmtpServer } from '../../apps/api/test/smtp.ts';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Procure to pay, end to end in the browser: a Prior PO made on its form and approved; part of it received on the
 * scanner screen (good-received-note-v2) with a wedge scanner's codes and Enter; the supplier's invoice entered at a
 * higher price and booked with a reason; the invoice paid by cheque on New Settlement, the cheque moved to realized;
 * and the remittance advice e-mail arriving at the recipients set in Configuration, read from a real SMTP server in
 * this process. The master data (supplier, warehouse, product, processor) and the mail settings are arranged
 * through the API; the mail settings and recipients are put back afterwards, as the other tests expect no mail.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();
const RECIPIENT = 'accounts.payable@example.test';

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

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

/** Opens a search picker, types, and takes the one option the server's search leaves with Enter. */
async function choose(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.type(text);
  // Enter takes the active option: wait until the server's search has left only the one asked for.
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(text);
  await page.keyboard.press('Enter');
}

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer();
});
test.afterAll(async () => {
  // The other browser tests expect a server without mail and without settlement recipients.
  const api = await adminApi();
  await api.call('PATCH', '/api/system-configuration/mail', { host: '', password: null });
  await api.call('PATCH', '/api/system-configuration/notifications', { settlementRecipients: null });
  await smtp.close();
});

test('order → approval → part receipt by scanner → invoice with a price difference → cheque → e-mail', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const u = unique();
  const supplier = await api.call<Ref & { code: string; name: string }>('POST', '/api/business-partners', {
    code: `P2P${u}`.slice(0, 30),
    name: `Harbour Lamps ${u}`,
    paymentTermsDays: 30,
  });
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `PP${u}`.slice(0, 20),
    name: `Goods in ${u}`,
  });
  const barcode = `50${String(Date.now()).slice(-10)}`;
  const lamp = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `LAMP-${u}`,
    name: `Desk lamp ${u}`,
    costPrice: '2.50',
    barcodes: [`${barcode}${gs1CheckDigit(barcode)}`],
  });
  const processor = await api.call<Ref & { code: string }>('POST', '/api/processors', {
    code: `CHQ${u}`.slice(0, 30),
    name: `Cheque account ${u}`,
    type: 'BANK_ACCOUNT',
    currency: 'GBP',
    bankName: 'Barclays',
    accountName: 'Back Office Ltd',
    sortCode: '200000',
    accountNumber: '55779911',
  });
  await api.call('PATCH', '/api/system-configuration/mail', {
    host: '127.0.0.1',
    port: smtp.port,
    security: 'NONE',
    username: '',
    fromAddress: 'purchasing@example.test',
    fromName: 'Purchasing',
  });
  await api.call('PATCH', '/api/system-configuration/notifications', { settlementRecipients: [RECIPIENT] });

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);

  // 1. The purchase order: 10 lamps at £2.50, made on its form and approved.
  await page.goto('/#/purchase-order/purchase-order/PRIOR_ORDER_PO');
  await page.getByTestId('po-create').click();
  await choose(page, '[data-testid="po-supplier"]', supplier.code);
  await choose(page, '[data-testid="po-warehouse"]', warehouse.code);
  const scanLine = page.getByTestId('po-line-scan');
  await scanLine.fill(lamp.sku);
  await scanLine.press('Enter');
  // The scan has landed once its field is cleared: only then is the line the lamp's.
  await expect(scanLine).toHaveValue('');
  const line = page.getByTestId('po-line').filter({ hasText: lamp.sku });
  await expect(line).toHaveCount(1);
  await line.getByTestId('po-line-quantity').fill('10');
  await line.getByTestId('po-line-cost').fill('2.50');
  await page.getByTestId('po-save').click();
  await expect(page.getByTestId('po-status')).toHaveText('Draft');
  const orderNumber = (await page.getByTestId('po-number').textContent())?.trim() ?? '';
  await page.getByTestId('po-approve').click();
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary, .ant-popover .ant-btn-primary').first().click();
  await expect(page.getByTestId('po-status')).toHaveText('Approved');

  // 2. Part of it arrives: 6 lamps scanned on the scanner screen, codes and Enter only, then posted.
  await page.goto('/#/good-received-note/good-received-note-v2');
  await expect(page.locator('#fast-supplier')).toBeFocused();
  await page.keyboard.type(supplier.code);
  await expect(page.locator('.ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  const scan = page.getByTestId('fast-scan');
  await expect(scan).toBeFocused();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.type(`${barcode}${gs1CheckDigit(barcode)}`);
    await page.keyboard.press('Enter');
    await expect(scan).toHaveValue('');
  }
  await expect(page.getByTestId('fast-lines').locator('tbody tr').filter({ hasText: lamp.sku })).toContainText(
    orderNumber,
  );
  // The button is enabled once the match of the last scan is in; focus it only then (a disabled button takes no focus
  // and the Enter would go to the scan field), and give a loaded machine time to post.
  const postButton = page.getByTestId('fast-post');
  await expect(postButton).toBeEnabled();
  await postButton.focus();
  await expect(postButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('fast-posted')).toContainText(orderNumber, { timeout: 30_000 });
  await shot(page, 'p2p-receipt');

  // 3. The supplier's invoice for the 6 received, at £2.75 instead of £2.50: flagged, booked with a reason.
  await page.goto('/#/purchase-invoice/create-purchase-invoice');
  await choose(page, '#pi-supplier', supplier.code);
  await page.getByTestId('pi-supplier-number').fill(`HL-${u}`);
  const invoiceLine = page.getByTestId('pi-order-lines').locator('tbody tr').filter({ hasText: lamp.sku });
  await invoiceLine.locator('input[type="checkbox"]').check();
  await expect(page.getByTestId('pi-line-quantity')).toHaveValue('6');
  await page.getByTestId('pi-line-price').fill('2.75');
  await page.getByTestId('pi-save').click();
  await expect(page.getByTestId('pi-status')).toHaveText('Pending');
  await expect(page.getByTestId('pi-match-flag')).toHaveText(['Price']);
  const invoiceNumber = (await page.getByTestId('pi-number').textContent())?.trim() ?? '';
  await page.getByTestId('pi-book').click();
  await page.getByTestId('pi-reason').fill('Price rise agreed by phone');
  await page.getByTestId('pi-dialog-ok').click();
  await expect(page.getByTestId('pi-status')).toHaveText('Booked');
  const booked = await api.call<{ items: { id: string; grossTotal: string }[] }>(
    'GET',
    `/api/purchase-invoices?q=${encodeURIComponent(invoiceNumber)}`,
  );
  const invoice = booked.items[0];
  // 6 × £2.75 = £16.50 net, + 20 % VAT = £19.80.
  expect(invoice?.grossTotal).toBe('19.80');

  // 4. Paid in full by cheque; the cheque collected, sent to the bank and realized.
  await page.goto('/#/purchase-invoice-settlement/create');
  await choose(page, '#settlement-supplier', supplier.code);
  await choose(page, '#settlement-processor', processor.code);
  await page.locator('#settlement-payment-type').click();
  await page.keyboard.type('Bank transfer');
  await page.keyboard.press('Enter');
  const row = page.getByTestId('settlement-invoices').locator('tbody tr').filter({ hasText: invoiceNumber });
  await expect(row).toContainText('Not late');
  await row.getByTestId('settlement-pick').check();
  await expect(page.getByTestId('settlement-total-to-pay')).toHaveText('£19.80');
  await page.getByTestId('settlement-by-cheque').check();
  await page.getByTestId('settlement-cheque-number').fill(`000${u}`.slice(0, 12));
  await page.getByTestId('settlement-cheque-bank').fill('Barclays');
  await page.getByTestId('settlement-save-complete').click();
  await expect(page.getByTestId('settlement-status')).toHaveText('Cheque issued');
  const number = (await page.getByTestId('settlement-number').textContent())?.trim() ?? '';
  // No e-mail while the cheque clears.
  expect(smtp.messages.filter((m) => m.subject.includes(number))).toEqual([]);
  for (const [button, status] of [
    ['settlement-cheque-collected', 'Cheque collected'],
    ['settlement-cheque-send_to_bank', 'Cheque sent to bank'],
    ['settlement-cheque-realized', 'Completed'],
  ] as const) {
    // One dialog serves every step: the next step starts once the last one's has closed, and its button is pressed
    // once its own dialog is open (a press on the closing one does nothing).
    const openDialogs = page.locator('.ant-modal-wrap:visible');
    await expect(openDialogs).toHaveCount(0);
    await page.getByTestId(button).click();
    await expect(openDialogs).toHaveCount(1);
    await page.getByTestId('settlement-dialog-ok').click();
    await expect(page.getByTestId('settlement-status')).toHaveText(status, { timeout: 20_000 });
  }
  await expect(page.getByTestId('settlement-line-invoice-status')).toHaveText('Processed');
  await expect(page.getByTestId('settlement-notification')).toContainText(RECIPIENT);
  expect(await violations(page)).toEqual([]);
  await shot(page, 'p2p-settlement');

  // 5. The remittance advice e-mail arrives, with the settlement's PDF.
  await expect.poll(() => smtp.messages.filter((m) => m.subject.includes(number)).length, { timeout: 60_000 }).toBe(1);
  const message = smtp.messages.find((m) => m.subject.includes(number));
  expect(message).toMatchObject({ to: [RECIPIENT], from: 'purchasing@example.test' });
  expect(message?.subject).toBe(`Settlement ${number}: 19.80 GBP paid to ${supplier.name}`);
  expect(message?.text).toContain(`${invoiceNumber} (HL-${u}): 19.80 GBP`);
  expect(message?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${number}.pdf`, 'application/pdf']]);
  expect(message?.attachments[0]?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The order shows its part receipt; the invoice is paid.
  const orders = await api.call<{ items: Ref[] }>(
    'GET',
    `/api/purchase-orders?type=PRIOR_ORDER_PO&q=${encodeURIComponent(orderNumber)}`,
  );
  const order = await api.call<{ status: string }>('GET', `/api/purchase-orders/${orders.items[0]?.id}`);
  expect(order.status).toBe('PARTIALLY_RECEIVED');
  const paid = await api.call<{ status: string; openAmount: string }>('GET', `/api/purchase-invoices/${invoice?.id}`);
  expect(paid).toMatchObject({ status: 'PROCESSED', openAmount: '0.00' });
});
