import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { shipInvoices } from '../support/fulfilment.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A customer return from the screens: a shipped invoice is found on "Return from an invoice", one unit comes back
 * resaleable and one damaged; the ticket is received (at the cost the units left with), inspected and closed. A
 * manual return is raised on "Manual Return Ticket". Data is arranged through the API.
 */

// Arranging an invoice and shipping it (pick list and ship list), two axe runs and four steps: more than the default
// minute on a busy machine.
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

async function arrange(api: Api) {
  const u = unique();
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `RT${u}`.slice(0, 20),
    name: `Returns dock ${u}`,
  });
  const mug = await api.call<Ref & { sku: string }>('POST', '/api/products', { sku: `MUG-${u}`, name: `Mug ${u}` });
  // FIFO layers: 2 × £2.00 then 1 × £3.00; shipping 3 takes both (£7.00).
  for (const [quantity, unitCost] of [
    ['2', '2.00'],
    ['1', '3.00'],
  ])
    await api.call('POST', '/api/stock/adjustments', {
      reason: 'Opening balance',
      lines: [{ productId: mug.id, warehouseId: warehouse.id, quantity, unitCost }],
    });
  const customer = await api.call<Ref & { name: string }>('POST', '/api/customers', {
    name: `Rita Returner ${u}`,
    email: `rita.${u.toLowerCase()}@example.test`,
    addresses: [{ kind: 'shipping', line1: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
  });
  const invoice = await api.call<Ref & { number: string }>('POST', '/api/sales-invoices', {
    customerId: customer.id,
    warehouseId: warehouse.id,
    book: true,
    lines: [{ productId: mug.id, quantity: '3', unitPrice: '12.00' }],
  });
  // Picked on a pick list and shipped on a ship list, as the warehouse does it.
  await shipInvoices(api, warehouse.id, [invoice.id]);
  return { warehouse, mug, customer, invoice };
}

test('a return from a shipped invoice is received at the cost it left with, inspected and closed', async ({ page }) => {
  const api = await adminApi();
  const { mug, invoice } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/return-ticket/return-tickets-list');
  await expect(page.getByTestId('rt-create')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('rt-create').click();

  await chooseSearched(page, page.getByTestId('rt-invoice'), invoice.number);
  const rows = page.getByTestId('rt-returnable-lines');
  await expect(rows).toContainText(mug.sku);
  await expect(page.getByTestId('rt-returnable')).toHaveText('3');
  await page.getByTestId('rt-quantity').fill('1');
  await shot(page, 'return-ticket-form');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('rt-submit').click();

  await expect(page.getByTestId('rt-status')).toHaveText('Open');
  await expect(page.getByTestId('rt-number')).toContainText(/RT-\d{4}-\d{5}/);
  await page.getByTestId('rt-receive').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByTestId('rt-status')).toHaveText('Received');
  // £7.00 ÷ 3, the cost the unit left with.
  await expect(page.getByTestId('rt-value')).toHaveText('£2.33');

  await page.getByTestId('rt-inspect').click();
  await page.getByTestId('rt-dialog-ok').click();
  await expect(page.getByTestId('rt-status')).toHaveText('Inspected');
  await expect(page.getByTestId('rt-line-outcome')).toHaveText('Restock');
  await page.getByTestId('rt-close').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('rt-status')).toHaveText('Closed');
  await shot(page, 'return-ticket-detail');
  expect(await violations(page)).toEqual([]);

  // Two still returnable: the invoice's offer says so.
  const offer = await api.call<{ products: { returnable: string }[] }>(
    'GET',
    `/api/return-tickets/invoices/${invoice.id}`,
  );
  expect(offer.products[0]?.returnable).toBe('2');
});

test('a manual return is raised and the list reads in German, right to left', async ({ page }) => {
  const api = await adminApi();
  const { warehouse, mug, customer } = await arrange(api);
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/return-ticket/manual-return-ticket-create');
  await chooseSearched(page, page.getByTestId('rt-customer'), customer.name);
  await chooseSearched(page, page.getByTestId('rt-warehouse'), warehouse.code);
  await chooseSearched(page, page.getByTestId('rt-product'), mug.sku);
  await page.getByTestId('rt-quantity').fill('1');
  await page.keyboard.press('Escape');
  expect(await violations(page)).toEqual([]);
  await shot(page, 'return-ticket-manual');
  await page.getByTestId('rt-submit').click();
  await expect(page.getByTestId('rt-status')).toHaveText('Open');
  await expect(page.getByTestId('rt-invoice-link')).toHaveCount(0);

  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto(`/#/return-ticket/return-tickets-list?warehouseId=${warehouse.id}`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('rt-status').first()).toHaveText('Offen');
  await shot(page, 'return-ticket-list-de-rtl');
  expect(await violations(page)).toEqual([]);
});
