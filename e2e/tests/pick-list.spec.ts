import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Pick List on the screens: two booked invoices of a warehouse are batched on a new list from the candidates, the
 * picker scans each item (keyboard wedge: the code and Enter, the field keeping the focus), confirms, and the invoices
 * show READY_FOR_DELIVERY with the list linked. Data (warehouse, products with stock, booked invoices) is arranged
 * through the API.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

async function violations(page: Page) {
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

test('a pick list is made from booked invoices, picked by scanning and confirmed', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const u = unique();
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `PK${u}`.slice(0, 20),
    name: `Pick hall ${u}`,
  });
  const [mug, lamp] = await Promise.all(
    ['MUG', 'LAMP'].map((k) =>
      api.call<Ref & { sku: string }>('POST', '/api/products', {
        sku: `${k}-${u}`,
        name: `${k.toLowerCase()} ${u}`,
        costPrice: '3',
        salePrice: '9.99',
      }),
    ),
  );
  for (const p of [mug, lamp] as (Ref & { sku: string })[])
    await api.call('POST', '/api/stock/adjustments', {
      reason: 'Opening stock',
      lines: [{ productId: p.id, warehouseId: warehouse.id, quantity: '10', unitCost: '3' }],
    });
  const customer = await api.call<Ref>('POST', '/api/customers', {
    name: `Grace Hopper ${u}`,
    email: `grace.${u.toLowerCase()}@example.test`,
    addresses: [{ kind: 'shipping', line1: '1 Pier Road', city: 'Hull', postcode: 'HU1 1AA', country: 'GB' }],
  });
  const invoice = (lines: { productId: string; quantity: string }[]) =>
    api.call<Ref & { number: string }>('POST', '/api/sales-invoices', {
      customerId: customer.id,
      warehouseId: warehouse.id,
      lines: lines.map((l) => ({ ...l, unitPrice: '9.99' })),
      book: true,
    });
  const first = await invoice([
    { productId: mug?.id ?? '', quantity: '2' },
    { productId: lamp?.id ?? '', quantity: '1' },
  ]);
  const second = await invoice([{ productId: mug?.id ?? '', quantity: '1' }]);

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/sales-invoice/pick-list');
  await expect(page.getByTestId('page-title')).toContainText('Pick List');
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('pl-create').click();
  await expect(page.getByTestId('pl-new-warehouse-first')).toBeVisible();
  await chooseSearched(page, page.getByTestId('pl-new-warehouse'), warehouse.code);
  const candidates = page.getByTestId('pl-candidates');
  await expect(candidates).toContainText(first.number);
  await expect(candidates).toContainText(second.number);
  // The page is checked, not the warehouse list while it closes.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: `Pick ${first.number}` }).check();
  await page.getByRole('checkbox', { name: `Pick ${second.number}` }).check();
  await page.getByTestId('pl-new-submit').click();

  await expect(page.getByTestId('pl-number')).toHaveText(/^PL-\d{4}-\d{5}$/);
  await expect(page.getByTestId('pl-status')).toContainText('Open');
  await expect(page.getByTestId('pl-total-picked')).toHaveText('0 of 4');
  const scan = page.getByTestId('pl-scan');
  await expect(scan).toBeFocused();
  // A code of no product on the list is refused in words, and the field is ready for the next scan.
  await scan.fill('NOT-HERE');
  await scan.press('Enter');
  await expect(page.getByTestId('pl-scan-error')).toContainText('no product on this pick list');
  await expect(scan).toBeFocused();
  for (const code of [mug?.sku, mug?.sku, mug?.sku, lamp?.sku]) {
    await scan.pressSequentially(code ?? '');
    await scan.press('Enter');
    await expect(page.getByTestId('pl-scan-success')).toBeVisible();
    await expect(scan).toHaveValue('');
  }
  await expect(page.getByTestId('pl-total-picked')).toHaveText('4 of 4');
  await expect(scan).toBeFocused();
  // One more mug than needed: 422 in words.
  await scan.fill(mug?.sku ?? '');
  await scan.press('Enter');
  await expect(page.getByTestId('pl-scan-error')).toContainText(`more ${mug?.sku ?? ''} than the list needs`);
  await page.screenshot({ path: test.info().outputPath('pick-list-detail.png'), fullPage: true });
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('pl-confirm').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm picking' }).click();
  await expect(page.getByTestId('pl-status')).toContainText('Confirmed');
  await expect(page.getByTestId('pl-invoices')).toContainText('Ready for delivery');

  // The invoice shows its new status and the pick list it was on.
  await page.getByTestId('pl-invoice-link').first().click();
  await expect(page.getByTestId('si-status')).toContainText('Ready for delivery');
  await expect(page.getByTestId('si-pick-lists')).toContainText('PL-');
  expect(await violations(page)).toEqual([]);
});
