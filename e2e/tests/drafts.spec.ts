import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Server-side drafts from the screens: a purchase order filled half way is saved for later, left, found in
 * Ship List - Saved Drafts with what it holds and when it was saved, resumed (the form comes back filled),
 * submitted, and then the draft is gone. The list passes axe in English and, right to left, in German.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

const shotsDir = process.env.E2E_SCREENSHOTS ?? '/tmp/e2e-K-shots';
async function shot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Serious and critical WCAG 2.2 AA violations on what the page shows (as accessibility.spec.ts counts them). */
async function violations(page: Page) {
  // A toast under the pointer stays open (antd pauses it while hovered): move the pointer off the page's corner.
  await page.mouse.move(0, 0);
  await expect(
    page.locator(
      '.ant-spin-spinning, .ant-skeleton-active, .ant-notification-notice, .ant-slide-up-leave, .ant-slide-down-leave',
    ),
  ).toHaveCount(0, {
    timeout: 15_000,
  });
  // A toast shown after the wait (fading in or out, so without its final colours) is not part of the page checked.
  const result = await new AxeBuilder({ page })
    .exclude('.ant-notification')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
}

const choose = (page: Page, testId: string, text: string) => chooseSearched(page, page.getByTestId(testId), text);

test('a purchase order saved half way as a draft is resumed from Saved drafts, submitted, and its draft is gone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const u = unique();
  const supplier = await api.call<Ref & { code: string; name: string }>('POST', '/api/business-partners', {
    code: `DR${u}`.slice(0, 30),
    name: `Draftwell Pottery ${u}`,
    paymentTermsDays: 30,
    contacts: [{ name: 'Orders', email: `orders.${u.toLowerCase()}@supplier.test` }],
  });
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `DW${u}`.slice(0, 20),
    name: `Draft dock ${u}`,
  });
  const mug = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `MUG-${u}`,
    name: `Draft mug ${u}`,
    costPrice: '2.5',
  });

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/purchase-order/purchase-order/PRIOR_ORDER_PO/new');
  await choose(page, 'po-supplier', supplier.code);
  await choose(page, 'po-warehouse', warehouse.code);
  const scan = page.getByTestId('po-line-scan');
  await scan.fill(mug.sku);
  await scan.press('Enter');
  const lines = page.getByTestId('po-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.nth(0).getByTestId('po-line-cost')).toHaveValue('2.50');
  await lines.nth(0).getByTestId('po-line-quantity').fill('4');
  await page.getByTestId('po-notes').fill('Half way: check the glaze colour');

  // Saved for later with the keyboard shortcut; the form's address now names the draft.
  await page.getByTestId('po-notes').press('Control+s');
  await expect(page.getByTestId('draft-save-status')).toContainText('Draft saved');
  await expect(page).toHaveURL(/[?&]draft=[0-9a-f-]{36}/);
  const draftId = /draft=([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  // Saved again with the button: the same draft, a newer version.
  await lines.nth(0).getByTestId('po-line-quantity').fill('6');
  await page.getByTestId('draft-save').click();
  await expect.poll(async () => (await api.call<{ version: number }>('GET', `/api/drafts/${draftId}`)).version).toBe(2);

  // Leave; the draft waits in Ship List - Saved Drafts.
  await page.goto('/#/dashboard');
  await page.goto('/#/draft/draft-list');
  await expect(page.getByTestId('page-title')).toHaveText('Ship List - Saved Drafts');
  const row = page.getByTestId('drafts-table').locator('tbody tr.ant-table-row').filter({ hasText: supplier.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Purchase order');
  await expect(row.getByTestId('draft-title')).toHaveText(`Prior PO for ${supplier.name}, 1 line`);
  await expect(row.getByTestId('draft-summary')).toHaveText('1 line');
  await expect(row.getByTestId('draft-saved-at')).toContainText(/now|second|minute/);
  expect(await violations(page)).toEqual([]);
  await shot(page, 'drafts-list-en-ltr');

  // German, right to left.
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('page-title')).toHaveText('Versandliste - Gespeicherte Entwürfe');
  await expect(row).toContainText('Bestellung');
  expect(await violations(page)).toEqual([]);
  await shot(page, 'drafts-list-de-rtl');
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'en');
    sessionStorage.setItem('backoffice-direction', 'ltr');
  });
  await page.reload();

  // Resume: the form comes back as it was saved.
  await row.getByRole('button', { name: /^Resume: / }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase-order/purchase-order/PRIOR_ORDER_PO/new\\?draft=${draftId}`));
  await expect(page.getByTestId('po-supplier')).toContainText(supplier.code);
  await expect(page.getByTestId('po-warehouse')).toContainText(warehouse.code);
  await expect(lines).toHaveCount(1);
  await expect(lines.nth(0).getByTestId('po-line-quantity')).toHaveValue('6');
  await expect(lines.nth(0).getByTestId('po-line-cost')).toHaveValue('2.50');
  await expect(page.getByTestId('po-notes')).toHaveValue('Half way: check the glaze colour');
  await expect(page.getByTestId('draft-save-status')).toContainText('Draft saved');
  await shot(page, 'drafts-resumed-po');

  // Submitted: the order exists and its draft is gone.
  await page.getByTestId('po-save').click();
  await expect(page.getByTestId('po-number')).toHaveText(/^PO-\d{4}-\d{5}$/);
  await expect
    .poll(() =>
      api.call('GET', `/api/drafts/${draftId}`).then(
        () => 'there',
        (e: Error) => (e.message.includes(' 404 ') ? 'gone' : e.message),
      ),
    )
    .toBe('gone');
  await page.goto('/#/draft/draft-list');
  await expect(
    page.getByTestId('drafts-table').locator('tbody tr.ant-table-row').filter({ hasText: supplier.name }),
  ).toHaveCount(0);
});

test('Saved drafts shows its empty state and deletes a draft after asking', async ({ page }) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const u = unique();
  const created = await api.call<Ref>('POST', '/api/drafts', {
    kind: 'SHIP_LIST',
    route: '/draft/draft-list',
    title: `Ship list ${u}`,
    summary: { parcels: 3 },
    payload: { parcels: [1, 2, 3] },
  });
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`/#/draft/draft-list?q=${u}`);
  const row = page.getByTestId('drafts-table').locator('tbody tr.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('draft-summary')).toHaveText('3 parcels');
  await row.getByRole('button', { name: new RegExp(`^Delete: Ship list ${u}`) }).click();
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary, .ant-popover .ant-btn-primary').first().click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('drafts-table')).toContainText(/No (records|data|results)|nothing/i);
  await expect(api.call('GET', `/api/drafts/${created.id}`)).rejects.toThrow(/ 404 /);
  expect(await violations(page)).toEqual([]);
});
