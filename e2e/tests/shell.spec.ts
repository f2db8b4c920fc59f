import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

async function signedIn(page: Page, hash = '') {
  await page.goto(`/${hash}`);
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

test('the content security policy refuses nothing the app itself does (no eval, no inline script)', async ({
  page,
}) => {
  // The browser reports a refusal as a securitypolicyviolation event (not through the console API).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspRefused: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const refused = () => page.evaluate(() => (window as unknown as { cspRefused?: string[] }).cspRefused ?? []);
  await signedIn(page);
  await expect(page).toHaveURL(/#\/dashboard\/dashboard1$/);
  expect(await refused()).toEqual([]);
  // Areas that build zod schemas, draw charts and use the document kit (one document, so the list carries over).
  for (const hash of ['#/inventory-transfer/transfer-new', '#/reports/fifo-stock-value', '#/usermanagement/user']) {
    await page.evaluate((h) => {
      window.location.hash = h;
    }, hash);
    await expect(page.getByTestId('page-title')).toBeVisible();
  }
  expect(await refused()).toEqual([]);
});

test.describe('routing and navbar', () => {
  test('the empty path lands on the dashboard; the footer shows today; the breadcrumb follows the trail', async ({
    page,
  }) => {
    await signedIn(page);
    await expect(page).toHaveURL(/#\/dashboard\/dashboard1$/);
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByTestId('footer')).toContainText(today);

    const crumbs = page.getByTestId('breadcrumb');
    // The trail holds the pages that were shown: the dashboard first.
    await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
    await page.goto('/#/usermanagement/role');
    await expect(page.getByTestId('roles-table')).toBeVisible();
    await page.goto('/#/log/system-log');
    await expect(page.getByTestId('system-log-table')).toBeVisible();
    await expect(crumbs).toContainText('Dashboard');
    await expect(crumbs).toContainText('Roles');
    await expect(crumbs).toContainText('System Logs');
    // Visiting an earlier crumb cuts the trail back to it.
    await crumbs.getByText('Roles').click();
    await expect(page).toHaveURL(/#\/usermanagement\/role/);
    await expect(crumbs).not.toContainText('System Logs');
    // A crumb already in the trail is not added twice.
    await page.goto('/#/usermanagement/role');
    await expect(crumbs.getByText('Roles')).toHaveCount(1);
  });

  test('content pages and reports-content show without sidebar, navbar or footer', async ({ page }) => {
    // With OIDC_LOGIN_ON_LOAD=login-required (the default) the app signs in on load, whatever the page;
    // the content pages themselves carry no guard (check-sso shows them to anonymous visitors).
    await page.goto('/#/reports-content/stock-control-and-value');
    await expect(page.locator('#username')).toBeVisible();
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(ADMIN_PASSWORD);
    await page.locator('#kc-login').click();
    await expect(page).toHaveURL(/#\/reports-content\/stock-control-and-value$/);
    await expect(page.getByTestId('page-title')).toContainText('Stock And Value');
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('footer')).toHaveCount(0);

    await page.goto('/#/content/anything');
    await expect(page.getByText(/not found/i).first()).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
  });

  test('every area is its own lazily loaded chunk', async ({ page }) => {
    await signedIn(page);
    const loaded: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') loaded.push(new URL(r.url()).pathname);
    });
    await page.goto('/#/log/system-log');
    await expect(page.getByTestId('system-log-table')).toBeVisible();
    expect(loaded.length).toBeGreaterThan(0);
    const before = loaded.length;
    await page.goto('/#/inventory/summary');
    await expect(page.getByTestId('page-title')).toContainText('Summary');
    expect(loaded.length).toBeGreaterThan(before);
  });

  test('areas not built yet say so honestly under their real route and title', async ({ page }) => {
    await signedIn(page);
    await page.goto('/#/forms/ngx/wizard');
    await expect(page.getByTestId('page-title')).toContainText('Form Wizard');
    await expect(page.getByText(/not available yet/i)).toBeVisible();
  });

  test('the language follows the switcher, in all four languages', async ({ page }) => {
    await signedIn(page);
    for (const [lang, word] of [
      ['de', 'Übersicht'],
      ['es', 'Panel'],
      ['pt', 'Painel'],
      ['en', 'Dashboard'],
    ] as const) {
      await page.getByTestId('language-switcher').click();
      await page.getByTestId(`language-${lang}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('page-title')).toContainText(word);
    }
  });

  test('the language comes from the browser, falling back to English', async ({ browser }) => {
    for (const [locale, lang] of [
      ['de-DE', 'de'],
      ['fr-FR', 'en'],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/');
      await signInOnPage(page, 'admin', ADMIN_PASSWORD);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await context.close();
    }
  });

  test('the full-screen toggle switches its icon', async ({ page }) => {
    await signedIn(page);
    const toggle = page.getByTestId('fullscreen-toggle');
    await expect(toggle).toHaveAttribute('data-state', 'maximize');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-state', 'minimize');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-state', 'maximize');
  });

  test('the portal links come from the environment', async ({ page }) => {
    await signedIn(page);
    await expect(page.getByRole('link', { name: /EDI/ })).toHaveAttribute('href', 'https://edi.example.test');
  });
});

test.describe('sidebar', () => {
  test('the toggle collapses the menu and fires a resize event after 300 ms', async ({ page }) => {
    await signedIn(page);
    await page.evaluate(() => {
      const w = window as unknown as { resizes: number[]; clickedAt: number };
      w.resizes = [];
      document.addEventListener('click', () => (w.clickedAt = performance.now()), true);
      window.addEventListener('resize', () => w.resizes.push(performance.now() - w.clickedAt));
    });
    const sidebar = page.getByTestId('sidebar');
    const wide = (await sidebar.boundingBox())?.width ?? 0;
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(wide);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { resizes: number[] }).resizes.length))
      .toBeGreaterThan(0);
    const delay = await page.evaluate(() => (window as unknown as { resizes: number[] }).resizes[0] ?? 0);
    expect(delay).toBeGreaterThanOrEqual(295);
    expect(delay).toBeLessThan(1000);
    await expect(page.getByTestId('sidebar-logo')).toHaveAttribute('href', /#\/?$/);
  });

  test('on a phone the menu opens over the page and closes after choosing an entry', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signedIn(page);
    await expect(page.getByTestId('notification-toggle')).toBeHidden();
    await page.getByTestId('sidebar-toggle').click();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    await expect(page.getByTestId('sidebar-close')).toBeVisible();
    await sidebar.getByText('Admin', { exact: true }).click();
    await sidebar.getByText('System Logs').click();
    await expect(page).toHaveURL(/#\/log\/system-log$/);
    await expect(page.getByTestId('sidebar-close')).toBeHidden();
    await context.close();
  });

  test('Manual Stock Override is in the menu and disabled', async ({ page }) => {
    await signedIn(page);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('Inventory', { exact: true }).first().click();
    // A link that leads nowhere: disabled, no address, and choosing it (click or Enter) stays put.
    const item = sidebar.getByRole('link', { name: /Manual Stock Override/ });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).not.toHaveAttribute('href', /.*/);
    await item.click({ force: true });
    await item.press('Enter');
    await expect(page).toHaveURL(/#\/dashboard\/dashboard1$/);
  });
});

test.describe('customizer', () => {
  test('changes colour, background, width, compact menu and direction, and keeps them across a reload', async ({
    page,
  }) => {
    await signedIn(page);
    await page.getByTestId('user-menu').click();
    await page.getByText('Customizer').click();
    const panel = page.getByTestId('customizer');
    await expect(panel).toBeVisible();
    expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(400);

    const sidebar = page.getByTestId('sidebar');
    const colourBefore = await sidebar.evaluate(
      (el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor,
    );
    await panel.locator('[data-testid^="customizer-color-"]').nth(2).click();
    await expect
      .poll(() => sidebar.evaluate((el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor))
      .not.toBe(colourBefore);
    for (let i = 1; i <= 6; i++) await expect(panel.getByTestId(`customizer-bg-${i}`)).toBeVisible();
    await expect(panel.getByTestId('customizer-bg-7')).toHaveCount(0);
    await panel.getByTestId('customizer-bg-toggle').click();
    await panel.getByTestId('customizer-bg-3').click();
    await panel.getByTestId('customizer-width').click();
    await page.getByTitle('Large').click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBeGreaterThan(260);

    // Right to left mirrors the whole layout and says so to whoever listens.
    await page.evaluate(() => {
      window.addEventListener('directionchange', (e) => {
        (window as unknown as { dir: string }).dir = (e as CustomEvent<string>).detail;
      });
    });
    await panel.getByTestId('customizer-direction').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => (window as unknown as { dir: string }).dir)).toBe('rtl');
    const box = await sidebar.boundingBox();
    expect(box?.x ?? 0).toBeGreaterThan(700);
    // The notification sidebar's tab is mirrored to the left edge.
    expect((await page.getByTestId('notification-toggle').boundingBox())?.x ?? 999).toBeLessThan(60);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBeGreaterThan(260);
    expect(await page.evaluate(() => Object.keys(sessionStorage).length)).toBeGreaterThan(0);

    await page.getByTestId('user-menu').click();
    await page.getByText('Customizer').click();
    await page.getByTestId('customizer-direction').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.getByTestId('customizer-compact').click();
    await expect.poll(async () => Math.round((await sidebar.boundingBox())?.width ?? 0)).toBeLessThan(100);
    await page.getByTestId('customizer-close').click();
    await expect(panel).toBeHidden();
  });
});

test.describe('notification sidebar', () => {
  test('slides in from its tab with real activity in words, a chat that invents nobody and saved settings', async ({
    page,
  }) => {
    // Something recent in the users' and roles' area, whatever else the suite has done before.
    const user = await (await adminApi()).createUser(['view_user']);
    await signedIn(page);
    const panel = page.getByTestId('notification-sidebar');
    await expect(panel).toHaveAttribute('data-open', 'false');
    const tab = page.getByTestId('notification-toggle');
    const tabBox = await tab.boundingBox();
    expect([Math.round(tabBox?.width ?? 0), Math.round(tabBox?.height ?? 0)]).toEqual([54, 50]);
    await tab.click();
    await expect(panel).toHaveAttribute('data-open', 'true');
    expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(400);
    expect(await panel.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.4s');

    // Real events in words, naming the record by its code: the user the administrator has just created.
    await expect(panel.getByText('RECENT ACTIVITY')).toBeVisible();
    await expect(
      panel
        .getByTestId('activity-item')
        .filter({ hasText: `You created user ${user.username}` })
        .first(),
    ).toBeVisible();
    await expect(panel.getByTestId('activity-item').filter({ hasText: /signed in/i })).toHaveCount(0);

    // No invented colleagues: the chat says what it will hold.
    await panel.getByTestId('notification-tab-chat').click();
    await expect(panel.getByTestId('chat-placeholder')).toContainText(
      'Messages between the people who use this back office',
    );
    await expect(panel.getByTestId('chat-contact')).toHaveCount(0);

    // Settings are the user's own and saved: switched off, still off after a reload, then back on.
    await panel.getByTestId('notification-tab-settings').click();
    const usersAndRoles = panel.getByTestId('preference-usersAndRoles');
    await expect(usersAndRoles).toHaveAttribute('aria-checked', 'true');
    await usersAndRoles.click();
    await expect(panel.getByTestId('preferences-saved')).toBeVisible();
    await page.reload();
    await page.getByTestId('notification-toggle').click();
    // The activity has loaded (some other event, or none at all), without the users' and roles' events.
    await expect(
      panel.getByTestId('activity-item').or(panel.getByText('Nothing has happened in your areas yet.')).first(),
    ).toBeVisible();
    await expect(panel.getByTestId('activity-item').filter({ hasText: `created user ${user.username}` })).toHaveCount(
      0,
    );
    await panel.getByTestId('notification-tab-settings').click();
    await expect(usersAndRoles).toHaveAttribute('aria-checked', 'false');
    await usersAndRoles.click();
    await expect(usersAndRoles).toHaveAttribute('aria-checked', 'true');

    await page.getByTestId('notification-close').click();
    await expect(panel).toHaveAttribute('data-open', 'false');
  });
});

test.describe('requests', () => {
  test('a 403 from the API shows Restricted! / Access denied! for 4 seconds, then goes', async ({ page }) => {
    await signedIn(page);
    await page.route('**/api/system-logs?*', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"code":"FORBIDDEN","message":"no"}' }),
    );
    await page.goto('/#/log/system-log');
    await expect(page.getByText('Restricted!')).toBeVisible();
    await expect(page.getByText('Access denied!')).toBeVisible();
    await expect(page.getByText('Access denied!')).toBeHidden({ timeout: 6_000 });
  });
});

test.describe('uploads', () => {
  test('a file goes up with a progress bar, a wrong one is refused with a clear message, and one can be removed', async ({
    page,
  }) => {
    await signedIn(page);
    const input = page.getByTestId('file-upload').locator('input[type=file]');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await input.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('uploaded-file').filter({ hasText: 'pixel.png' })).toBeVisible();

    // A PNG named .pdf passes the browser's check by name; the server reads the content and refuses it.
    await input.setInputFiles({ name: 'disguised.pdf', mimeType: 'application/pdf', buffer: png });
    await expect(page.getByText(/does not match its name/).first()).toBeVisible();
    await expect(page.getByTestId('uploaded-file').filter({ hasText: 'disguised.pdf' })).toHaveCount(0);

    // Over 10 MB is refused before anything is sent.
    let sent = false;
    page.on('request', (r) => {
      if (r.url().includes('/upload/uploadFile')) sent = true;
    });
    await input.setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(page.getByText(/10 MB/).last()).toBeVisible();
    expect(sent).toBe(false);

    const row = page.getByTestId('uploaded-file').filter({ hasText: 'pixel.png' });
    await row.getByRole('button').last().click();
    await expect(row).toHaveCount(0);
  });
});
