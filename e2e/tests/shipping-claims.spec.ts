import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { shipInvoices } from '../support/fulfilment.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A shipping claim from the screens: a shipped invoice is picked on the new-claim form (its carrier shown), the claim
 * is opened for a damaged parcel, a photo is attached by the file input, then it is submitted with the carrier's
 * reference, approved and paid. The list and the claim are read in German, right to left. Data is arranged through
 * the API; axe checks every screen.
 */

// Arranging a shipped invoice (pick list and ship list through the API) and every step with an axe run: minutes on a
// busy machine.
test.describe.configure({ timeout: 240_000 });

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

/** A shipped invoice: 2 vases at £10.00 net plus £5.00 shipping, 20% VAT (£30.00), by a carrier's next-day service. */
async function arrange(api: Api) {
  const u = unique();
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', {
    code: `SC${u}`.slice(0, 20),
    name: `Despatch ${u}`,
  });
  const vase = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `VASE-${u}`, name: `Vase ${u}` });
  await api.call('POST', '/api/stock/adjustments', {
    reason: 'Opening balance',
    lines: [{ productId: vase.id, warehouseId: warehouse.id, quantity: '5', unitCost: '4.00' }],
  });
  const carrier = await api.call<Ref & { name: string; services: Ref[] }>('POST', '/api/shipping-carriers', {
    code: `PX${u}`.slice(0, 20),
    name: `Parcel Express ${u}`,
    services: [{ code: 'NEXT', name: 'Next day' }],
  });
  const customer = await api.call<Ref & { name: string }>('POST', '/api/customers', {
    name: `Colin Claimant ${u}`,
    email: `colin.${u.toLowerCase()}@example.test`,
    addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
  });
  const invoice = await api.call<Ref & { number: string; lines: Ref[] }>('POST', '/api/sales-invoices', {
    customerId: customer.id,
    warehouseId: warehouse.id,
    carrierServiceId: carrier.services[0]?.id,
    shippingCharge: '5.00',
    lines: [{ productId: vase.id, quantity: '2', unitPrice: '10.00' }],
    book: true,
  });
  // Picked on a pick list and shipped on a ship list with the invoice's service, as the warehouse does it.
  await shipInvoices(api, warehouse.id, [invoice.id]);
  return { invoice, carrier, vase, customer };
}

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a claim is opened for a shipped invoice, given a photo, submitted, approved and paid', async ({ page }) => {
  const api = await adminApi();
  const { invoice, carrier, vase } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/return-ticket/shipping-claims-list');
  await expect(page.getByTestId('shipping-claims-table')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('sc-create').click();

  await chooseSearched(page, page.getByTestId('sc-invoice'), invoice.number);
  await expect(page.getByTestId('sc-carrier')).toContainText(carrier.name);
  await expect(page.getByTestId('sc-claimable')).toHaveText('£30.00');
  await page.getByTestId('sc-tracking').locator('input').fill('JD0002211');
  await page.getByTestId('sc-description').fill('Both vases arrived broken; the outer box was crushed.');
  await page.getByTestId('sc-amount-input').fill('24.00');
  await page.getByTestId('sc-line-qty-1').fill('2');
  await shot(page, 'shipping-claim-form');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('sc-save').click();

  await expect(page.getByTestId('sc-status')).toHaveText('Open');
  await expect(page.getByTestId('sc-number')).toHaveText(/^SC-\d{4}-\d{5}$/);
  await expect(page.getByTestId('sc-carrier-name')).toContainText(carrier.name);
  await expect(page.getByTestId('sc-line-quantity')).toHaveText('2');
  await expect(page.getByTestId('sc-evidence-empty')).toBeVisible();

  // A photo by the file input (the drop zone's), listed once stored.
  await page
    .getByTestId('sc-evidence-drop')
    .locator('input[type=file]')
    .setInputFiles({ name: 'crushed-box.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('sc-evidence')).toContainText('crushed-box.png');
  // A file that is not what its name says is refused, in words.
  await page
    .getByTestId('sc-evidence-drop')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not really a pdf'),
    });
  await expect(page.getByTestId('sc-evidence-error')).toContainText('statement.pdf');
  await shot(page, 'shipping-claim-open');
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('sc-submit').click();
  await page.getByTestId('sc-dialog-text').fill('PX-CLM-4471');
  await page.getByTestId('sc-dialog-ok').click();
  await expect(page.getByTestId('sc-status')).toHaveText('Submitted');
  await expect(page.getByTestId('sc-reference')).toHaveText('PX-CLM-4471');
  await expect(page.getByTestId('sc-evidence-remove')).toHaveCount(0);

  await page.getByTestId('sc-approve').click();
  await page.getByTestId('sc-dialog-amount').fill('20.00');
  await page.getByTestId('sc-dialog-ok').click();
  await expect(page.getByTestId('sc-status')).toHaveText('Approved');
  await expect(page.getByTestId('sc-approved')).toHaveText('£20.00');

  await page.getByTestId('sc-pay').click();
  await page.getByTestId('sc-dialog-amount').fill('20.01');
  await page.getByTestId('sc-dialog-ok').click();
  await expect(page.locator('.ant-modal [role=alert]')).toContainText('£20.00');
  await page.getByTestId('sc-dialog-amount').fill('20.00');
  await page.getByTestId('sc-dialog-ok').click();
  await expect(page.getByTestId('sc-status')).toHaveText('Paid');
  await expect(page.getByTestId('sc-recovered')).toHaveText('£20.00');
  await shot(page, 'shipping-claim-paid');
  expect(await violations(page)).toEqual([]);

  // The list finds it by the product's invoice and shows it under its status tab.
  await page.goto(`/#/return-ticket/shipping-claims-list?q=${encodeURIComponent(invoice.number)}`);
  await expect(page.getByTestId('sc-status')).toHaveText('Paid');
  await expect(page.getByTestId('sc-tab-PAID')).toContainText('(1)');
  expect(vase.sku).toContain('VASE');
});

test('the claims list and a claim read in German, right to left', async ({ page }) => {
  const api = await adminApi();
  const { invoice } = await arrange(api);
  const claim = await api.call<Ref & { number: string }>('POST', '/api/shipping-claims', {
    invoiceId: invoice.id,
    kind: 'LOST',
    trackingNumber: 'JD0009',
    amountClaimed: '30.00',
  });
  await api.call('POST', `/api/shipping-claims/${claim.id}/submit`, { carrierReference: 'R-9' });
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/return-ticket/shipping-claims-list?q=${claim.number}`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('sc-status')).toHaveText('Eingereicht');
  await shot(page, 'shipping-claims-de-rtl');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('sc-link').click();
  await expect(page.getByTestId('sc-kind-text')).toHaveText('Paket verloren');
  await expect(page.getByTestId('sc-approve')).toHaveText('Anerkennung erfassen');
  await shot(page, 'shipping-claim-de-rtl');
  expect(await violations(page)).toEqual([]);
});
