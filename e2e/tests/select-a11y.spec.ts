import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * An open Select's list is named after its field (apps/web/src/app/select-list-a11y.ts): axe runs while the list
 * is open, on a list filter (named by its aria-label), on form fields named by their Form.Item label (a Select, a
 * searchable Select of records, an AutoComplete), and once more after the language changes. A search that finds
 * nothing leaves a message, not an empty listbox, and no active option that is not there.
 */

/** Screens and lists may take a while on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

/** Serious and critical WCAG 2.2 AA violations on the page as it is, the list open (as accessibility.spec.ts counts). */
async function violations(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
}

/**
 * Opens the combobox's list and checks it while open: the listbox it controls has the combobox's own name, and axe
 * finds nothing serious on the page. Closes it again with Escape.
 */
async function openAndCheck(page: Page, combobox: Locator, name: string | RegExp, shotName: string) {
  await expect(combobox).toHaveAccessibleName(name);
  await combobox.click();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const listId = await combobox.getAttribute('aria-controls');
  expect(listId).toBeTruthy();
  const listbox = page.locator(`[id="${listId}"]`);
  await expect(listbox).toHaveAttribute('role', 'listbox');
  await expect(listbox).toHaveAccessibleName(name);
  await expect(page.locator('.ant-select-dropdown:visible, .ant-select-dropdown-empty:visible').first()).toBeVisible();
  await shot(page, shotName);
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

// axe over a whole page with a list open, on a machine that may be busy.
test.setTimeout(180_000);

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
});

test('a list filter’s open Select is named after the filter', async ({ page }) => {
  await page.goto('/#/purchase-order/purchase-order/PRIOR_ORDER_PO');
  await expect(page.getByTestId('page-title')).toHaveText('Prior PO');
  const filters = page.locator('.ant-select').getByRole('combobox');
  await expect(filters.first()).toBeVisible();
  const first = filters.first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  expect(name).not.toBe('');
  await openAndCheck(page, first, name, 'select-open-po-filter');
});

test('form fields’ open Selects and AutoCompletes are named after their labels', async ({ page }) => {
  const api = await adminApi();
  const u = Date.now().toString(36).toUpperCase();
  await api.call('POST', '/api/business-partners', { code: `SEL${u}`, name: `Listbox Supplies ${u}` });
  await api.call('POST', '/api/warehouses', { code: `SEL${u}`.slice(0, 20), name: `Listbox dock ${u}` });

  // A purchase order's supplier and warehouse: searchable Selects of records, labelled by their Form.Items.
  await page.goto('/#/purchase-order/purchase-order/PRIOR_ORDER_PO/new');
  await expect(page.getByTestId('po-line-scan')).toBeVisible();
  const field = async (testId: string) => {
    const box = page.getByTestId(testId);
    return (await box.getAttribute('role')) === 'combobox' ? box : box.getByRole('combobox');
  };
  for (const [testId, label] of [
    ['po-supplier', 'Supplier'],
    ['po-warehouse', 'Deliver to'],
  ] as const)
    await openAndCheck(page, await field(testId), new RegExp(`${label}$`), `select-open-${testId}`);

  // A search that finds nothing: the list holds a message, and nothing claims to be an empty listbox.
  const supplier = await field('po-supplier');
  await supplier.click();
  await page.keyboard.type('no supplier is called this');
  const listId = await supplier.getAttribute('aria-controls');
  const list = page.locator(`[id="${listId}"]`);
  await expect(list).toBeVisible();
  await expect(list).not.toHaveAttribute('role', 'listbox');
  await expect(supplier).not.toHaveAttribute('aria-activedescendant', /_list_-1$/);
  await shot(page, 'select-open-nothing-found');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // A product's unit (a plain Select) and VAT rate (an AutoComplete), in the product drawer.
  await page.goto('/#/product/product');
  await expect(page.getByTestId('page-title')).toHaveText('Product');
  await page.getByTestId('create-product').click();
  await expect(page.locator('#product-form_sku')).toBeVisible();
  await openAndCheck(page, page.locator('#product-form_unit'), 'Unit of measure', 'select-open-product-unit');
  await openAndCheck(page, page.locator('#product-form_vatRate'), /VAT rate$/, 'select-open-product-vat');
});

test('the open list is named in the language and direction the page is shown in', async ({ page }) => {
  await page.goto('/#/product/product');
  await expect(page.getByTestId('page-title')).toHaveText('Product');
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('create-product').click();
  const label = page.locator('label[for="product-form_unit"]');
  await expect(label).toHaveText('Maßeinheit');
  await openAndCheck(page, page.locator('#product-form_unit'), 'Maßeinheit', 'select-open-product-unit-de-rtl');
});
