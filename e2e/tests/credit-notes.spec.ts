import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { shipInvoices } from '../support/fulfilment.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A refund from the screens: an invoice shipped for real through the API (pick list scanned and confirmed, ship list
 * confirmed with a tracking number) is credited one unit on "New credit note" (the amounts previewed, exact), the
 * credit note approved with its refund reference; a refund over what is left is shown and cannot be sent; the list
 * reads in German, right to left.
 */

test.describe.configure({ timeout: 180_000 });

type Api = Awaited<ReturnType<typeof adminApi>>;
interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Serious and critical WCAG 2.2 AA violations on what the page shows (as accessibility.spec.ts counts them). */
async function violations(page: Page) {
  // A dropdown still closing (its leave animation) is not what the page shows: wait for it to go too.
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

async function arrange(api: Api) {
  const u = unique();
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `CN${u}`.slice(0, 20),
    name: `Refund dock ${u}`,
  });
  const lamp = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `LAMP-${u}`, name: `Lamp ${u}` });
  await api.call('POST', '/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId: lamp.id, warehouseId: warehouse.id, quantity: '5', unitCost: '2.00' }],
  });
  const customer = await api.call<Ref & { name: string }>('POST', '/api/customers', {
    name: `Rhys Refund ${u}`,
    email: `rhys.${u.toLowerCase()}@example.test`,
    addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
  });
  // 2 × £12.00 + 20% VAT = £28.80 paid.
  const invoice = await api.call<Ref & { number: string; grossTotal: string }>('POST', '/api/sales-invoices', {
    customerId: customer.id,
    warehouseId: warehouse.id,
    book: true,
    pricesIncludeVat: false,
    lines: [{ productId: lamp.id, quantity: '2', unitPrice: '12.00', vatCode: 'STANDARD' }],
  });
  expect(invoice.grossTotal).toBe('28.80');
  await shipInvoices(api, warehouse.id, [invoice.id]);
  return { lamp, customer, invoice };
}

async function choosePaymentType(page: Page, label: string) {
  await page.getByTestId('cn-payment-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

test('a shipped invoice is credited one unit, exactly, and the refund approved', async ({ page }) => {
  const api = await adminApi();
  const { lamp, invoice } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/credit-note/credit-note-list');
  await expect(page.getByTestId('cn-create')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('cn-create').click();

  await chooseSearched(page, page.getByTestId('cn-source'), invoice.number);
  await expect(page.getByTestId('cn-lines')).toContainText(lamp.sku);
  await expect(page.getByTestId('cn-refundable')).toHaveText('£28.80');
  await expect(page.getByTestId('cn-creditable')).toHaveText('2');
  await page.getByTestId('cn-quantity').fill('1');
  await choosePaymentType(page, 'Bank transfer');
  await page.getByTestId('cn-reason').fill('Arrived broken');
  // One unit: £12.00 + £2.40 VAT.
  await expect(page.getByTestId('cn-preview-gross')).toHaveText('£14.40');
  await shot(page, 'credit-note-form');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('cn-submit').click();

  await expect(page.getByTestId('cn-status')).toHaveText('Draft');
  await expect(page.getByTestId('cn-number')).toContainText(/CN-\d{4}-\d{5}/);
  await expect(page.getByTestId('cn-gross-total')).toHaveText('£14.40');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('cn-approve').click();
  await page.getByTestId('cn-refund-reference').fill('BACS-0001');
  await page.getByTestId('cn-dialog-ok').click();
  await expect(page.getByTestId('cn-status')).toHaveText('Approved');
  await expect(page.getByTestId('cn-cancel')).toHaveCount(0);
  await shot(page, 'credit-note-detail');
  expect(await violations(page)).toEqual([]);

  // What is left: £14.40. A goodwill of £20.00 more is shown as over and cannot be sent.
  await page.goto(`/#/credit-note/credit-note-list/new?invoiceId=${invoice.id}`);
  await expect(page.getByTestId('cn-refundable')).toHaveText('£14.40');
  await page.getByTestId('cn-goodwill').fill('20.00');
  await choosePaymentType(page, 'Cash');
  await page.getByTestId('cn-reason').fill('Goodwill');
  await expect(page.getByTestId('cn-over')).toBeVisible();
  await expect(page.getByTestId('cn-submit')).toBeDisabled();
});

test('the list reads in German, right to left', async ({ page }) => {
  const api = await adminApi();
  const { invoice } = await arrange(api);
  await api.call('POST', '/api/credit-notes', {
    invoiceId: invoice.id,
    paymentType: 'CASH',
    reason: 'Late delivery',
    goodwill: { amount: '5.00', vatCode: 'STANDARD' },
  });
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/credit-note/credit-note-list?q=${encodeURIComponent(invoice.number)}`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('cn-status').first()).toHaveText('Entwurf');
  await expect(page.getByTestId('cn-gross').first()).toContainText('5,00');
  await shot(page, 'credit-note-list-de-rtl');
  expect(await violations(page)).toEqual([]);
});
