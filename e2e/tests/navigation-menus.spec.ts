import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * The sidebar's navigation and the navbar's pop-up menus are the product's own (not antd's Menu and
 * Dropdown, kept out of the first chunk): they work from the keyboard, show their focus, open beside or
 * below their button in both directions, and axe finds nothing serious with them open.
 */

const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

async function signedIn(page: Page, { dir = 'ltr', lang = 'en' } = {}) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  if (dir !== 'ltr' || lang !== 'en') {
    await page.evaluate(
      ([l, d]) => {
        sessionStorage.setItem('backoffice-language', l as string);
        sessionStorage.setItem('backoffice-direction', d as string);
      },
      [lang, dir],
    );
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
  }
  await expect(page.getByTestId('page-title')).toBeVisible();
}

/** Serious or critical axe violations on the page as it is, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } })
      .axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }))
      .violations as { id: string; impact: string; nodes: { target: string[] }[] }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

/** The focused element shows a ring at least 2 px wide. */
async function expectFocusRing(page: Page) {
  const width = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
  });
  expect(width).toBeGreaterThanOrEqual(2);
}

async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} not reached by Tab`);
}

test('the sidebar from the keyboard: a group opens with Enter, a page opens from its link and is marked current', async ({
  page,
}) => {
  await signedIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const dashboard = nav.getByRole('link', { name: 'Dashboard', exact: true });
  await expect(dashboard).toHaveAttribute('aria-current', 'page');
  const admin = nav.getByRole('button', { name: 'Admin', exact: true });
  await expect(admin).toHaveAttribute('aria-expanded', 'false');
  await tabTo(page, admin);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(admin).toHaveAttribute('aria-expanded', 'true');
  const systemLogs = nav.getByRole('link', { name: 'System Logs' });
  await tabTo(page, systemLogs);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/log\/system-log$/);
  await expect(systemLogs).toHaveAttribute('aria-current', 'page');
  await expect(dashboard).not.toHaveAttribute('aria-current', 'page');
  // Opening another group folds Admin (accordion); the page opened from elsewhere unfolds its groups again.
  await nav.getByRole('button', { name: 'Inventory', exact: true }).click();
  await expect(admin).toHaveAttribute('aria-expanded', 'false');
  await page.goto('/#/usermanagement/role');
  await expect(admin).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('button', { name: 'Users', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Roles' })).toHaveAttribute('aria-current', 'page');
});

for (const dir of ['ltr', 'rtl'] as const) {
  test(`the compact menu opens a group beside the sidebar (${dir}); Escape closes it and returns the focus`, async ({
    page,
  }) => {
    await signedIn(page, { dir });
    const sidebar = page.getByTestId('sidebar');
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(80);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // Icons only, each still named.
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    const admin = nav.getByRole('button', { name: 'Admin', exact: true });
    await admin.focus();
    await page.keyboard.press('Enter');
    await expect(admin).toHaveAttribute('aria-expanded', 'true');
    const flyout = page.locator(`[id="${await admin.getAttribute('aria-controls')}"]`);
    await expect(flyout).toBeVisible();
    const side = await sidebar.boundingBox();
    const box = await flyout.boundingBox();
    if (!side || !box) throw new Error('no boxes');
    // Beside the sidebar, on the page's side of it.
    if (dir === 'ltr') expect(box.x).toBeGreaterThanOrEqual(side.x + side.width - 1);
    else expect(box.x + box.width).toBeLessThanOrEqual(side.x + 1);
    await page.keyboard.press('Tab');
    await expect(flyout.getByRole('link').first()).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press('ArrowDown');
    await expect(flyout.getByRole('link').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(flyout).toHaveCount(0);
    await expect(admin).toBeFocused();
    // By pointer: the group opens under it and a page opens from the list, which then closes.
    await admin.hover();
    await expect(admin).toHaveAttribute('aria-expanded', 'true');
    await flyout.getByRole('link', { name: 'System Logs' }).click();
    await expect(page).toHaveURL(/#\/log\/system-log$/);
    await expect(flyout).toHaveCount(0);
    // Once the page is there (it puts the focus in its search box as it comes, and the focus leaving a
    // list closes it).
    await expect(page.getByTestId('system-log-table')).toBeVisible();
    await page.mouse.move(700, 500);
    await admin.click();
    await expect(admin).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.click(700, 500);
    await expect(admin).toHaveAttribute('aria-expanded', 'false');
    // Back to the wide menu for the next test's session.
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBeGreaterThan(200);
  });
}

test('the navbar menus from the keyboard: the focus goes in, arrows move, Escape returns it; a click elsewhere closes', async ({
  page,
}) => {
  await signedIn(page);
  const userMenu = page.getByTestId('user-menu');
  await expect(userMenu).toHaveAttribute('aria-haspopup', 'menu');
  await userMenu.focus();
  await page.keyboard.press('Enter');
  await expect(userMenu).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu');
  await expect(page.getByTestId('open-customizer')).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('logout')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(userMenu).toBeFocused();

  // The language: a choice of one, opening on the chosen one; Enter takes another.
  const language = page.getByTestId('language-switcher');
  await language.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('language-en')).toBeFocused();
  await expect(page.getByTestId('language-en')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('End');
  await expect(page.getByTestId('language-de')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(menu).toHaveCount(0);
  await expect(language).toBeFocused();

  await userMenu.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(700, 500);
  await expect(menu).toHaveCount(0);
});

for (const [lang, dir] of [
  ['en', 'ltr'],
  ['de', 'rtl'],
] as const) {
  test(`axe finds nothing serious with the menus open (${lang}, ${dir})`, async ({ page }) => {
    await signedIn(page, { lang, dir });
    // Wide: two groups deep open, a page current in them.
    await page.goto('/#/usermanagement/role');
    await expect(page.getByTestId('roles-table')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // A navbar menu open.
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // Compact, with a group's list open.
    await page.getByTestId('sidebar-toggle').click();
    const group = page.getByTestId('sidebar').locator('nav button[aria-expanded]').first();
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
