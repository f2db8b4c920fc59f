import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * Everything from the keyboard: records are created with Tab, typing, Enter and Escape only (no click
 * after signing in), focus is always visible, a drawer keeps focus inside and gives it back to what
 * opened it, and a table's row actions are reached by Tab.
 */

const unique = () => Date.now().toString(36).toUpperCase();

async function signedIn(page: Page) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

/** Whether the element focused now is inside (or is) the located element. */
function focusIsIn(locator: Locator) {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

/** Presses Tab (Shift+Tab with `back`) until the located element has the focus: it is in the tab order. */
async function tabTo(page: Page, locator: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await focusIsIn(locator)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${locator} was not reached with ${max} presses of Tab`);
}

/** The focused element shows a ring: an outline at least 2 px wide (or antd's own border and glow on a text field). */
async function expectVisibleFocus(page: Page) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName,
      outline: style.outlineStyle !== 'none' ? Number.parseFloat(style.outlineWidth) : 0,
      shadow: style.boxShadow,
      wrapperShadow: element.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker')
        ? getComputedStyle(element.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker') as Element).boxShadow
        : 'none',
    };
  });
  expect(ring, 'something has the focus').not.toBeNull();
  const field = ring?.tag === 'INPUT' || ring?.tag === 'TEXTAREA';
  if (field) expect(`${ring?.shadow} ${ring?.wrapperShadow}`, 'a text field shows its focus').not.toBe('none none');
  else expect(ring?.outline ?? 0, `${ring?.tag} shows a focus outline`).toBeGreaterThanOrEqual(2);
}

/** Types into a focused searching select, moves to the option with the arrow keys and takes it with Enter. */
async function chooseByKeyboard(page: Page, search: string, option: string) {
  await page.keyboard.type(search);
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(open.getByTitle(option, { exact: true })).toBeVisible();
  const active = open.locator('.ant-select-item-option-active');
  for (let i = 0; i < 20 && (await active.getAttribute('title')) !== option; i++)
    await page.keyboard.press('ArrowDown');
  await expect(active).toHaveAttribute('title', option);
  await page.keyboard.press('Enter');
  await expect(open).toHaveCount(0);
}

test('a transfer is created from the keyboard alone, its line added by typing the SKU and Enter', async ({ page }) => {
  const api = await adminApi();
  const u = unique();
  const product = await api.call<{ id: string; sku: string; name: string }>('POST', '/api/products', {
    sku: `KEY-${u}`,
    name: `Keyboard lamp ${u}`,
  });
  const warehouse = async (code: string) => {
    const w = await api.call<{ id: string }>('POST', '/api/warehouses', { code, name: `Keyboard ${code}` });
    const bin = await api.call<{ id: string }>('POST', `/api/warehouses/${w.id}/locations`, {
      code: 'K-01',
      zone: 'A',
    });
    return { ...w, code, name: `Keyboard ${code}`, binId: bin.id };
  };
  const from = await warehouse(`KF${u}`);
  const to = await warehouse(`KT${u}`);
  await api.call('POST', '/api/manual-stock/overrides', {
    productId: product.id,
    warehouseId: from.id,
    locationId: from.binId,
    countedQuantity: '5',
    unitCost: '2.00',
    reason: 'Opening stock for the keyboard test',
  });

  await signedIn(page);
  await page.goto('/#/inventory-transfer/transfer-new');
  await expect(page.getByTestId('page-title')).toHaveText('New Transfer');

  // From the top of the page, Tab reaches the source warehouse; each step shows where the focus is.
  await tabTo(page, page.locator('#transfer-form_fromWarehouseId'));
  await expectVisibleFocus(page);
  await chooseByKeyboard(page, from.code, `${from.code} · ${from.name}`);
  await tabTo(page, page.locator('#transfer-form_toWarehouseId'));
  await chooseByKeyboard(page, to.code, `${to.code} · ${to.name}`);

  // The SKU and Enter in the scan field fill the line; Tab goes on to its quantity.
  await tabTo(page, page.getByTestId('transfer-line-scan'));
  await page.keyboard.type(product.sku);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('transfer-line-scan-feedback')).toContainText(product.sku);
  await expect(page.getByTestId('transfer-line')).toHaveCount(1);
  await tabTo(page, page.getByTestId('transfer-line-quantity'));
  await expectVisibleFocus(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('3');
  // "Add line" is in the tab order: Enter on it adds a second line and puts the focus on its product.
  await tabTo(page, page.getByTestId('transfer-add-line'));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('transfer-line')).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Product of line 2' })).toBeFocused();
  // Its remove button follows in the tab order, and Enter on it takes the line away again.
  await tabTo(page, page.getByTestId('transfer-line-remove').nth(1));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('transfer-line')).toHaveCount(1);

  // Save is reached by Tab and pressed with Enter.
  await tabTo(page, page.getByTestId('transfer-save'));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/inventory-transfer\/transfer\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('transfer-status')).toHaveText('Draft');
  const lines = page.getByTestId('transfer-lines').locator('tbody tr.ant-table-row');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(product.sku);
  await expect(lines.first()).toContainText('3');
});

test('a drawer keeps the focus inside, gives it back to its opener, and a row action is reached by Tab', async ({
  page,
}) => {
  const code = `KB${unique()}`;
  await signedIn(page);
  await page.goto('/#/product/brand');
  const create = page.getByTestId('create-brand');
  await expect(create).toBeVisible();

  // Open with Enter: the focus moves into the drawer.
  await tabTo(page, create);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect.poll(() => focusIsIn(drawer)).toBe(true);

  // Tab and Shift+Tab go round inside it, never out to the page behind.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsIn(drawer), `after ${i + 1} Tab`).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsIn(drawer), `after ${i + 1} Shift+Tab`).toBe(true);
  }

  // Escape closes it; the focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(create).toBeFocused();

  // Create a brand from the keyboard: Enter opens, the fields are typed, Enter in a field saves.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await expect.poll(() => focusIsIn(drawer)).toBe(true);
  await tabTo(page, page.locator('#brand-form_code'));
  await page.keyboard.type(code);
  await tabTo(page, page.locator('#brand-form_name'));
  await page.keyboard.type(`Keyboard brand ${code}`);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  const row = page.getByTestId('brands-table').locator('tbody tr.ant-table-row').filter({ hasText: code });
  await expect(row).toBeVisible();

  // The row's edit action is in the tab order; it opens the drawer and, on close, the focus returns to it.
  const edit = row.getByRole('button', { name: new RegExp(`^Edit: .*${code}`) });
  await tabTo(page, edit);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await expect(page.locator('#brand-form_name')).toHaveValue(`Keyboard brand ${code}`);
  await expect.poll(() => focusIsIn(drawer)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(edit).toBeFocused();
});
