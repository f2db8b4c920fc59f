import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * What three people see on the dashboards: the administrator every figure of the day, each a link to its list; a
 * sales clerk only the sales figures; someone with no figure permission a useful page of links, not an empty one.
 * An analyst opens Analytics and sees a BI report a manager registered for the analyst's role, in a sandboxed frame
 * whose address the content security policy now allows. The Daily Control and Ship List shows its range totals.
 */

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/');
  await signInOnPage(page, username, password);
  await expect(page).toHaveURL(/#\/dashboard\/dashboard1$/);
}

/** No serious or critical WCAG 2.2 AA violation on what the page shows, once it has settled. */
async function noAxeViolations(page: Page) {
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
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
  expect(found).toEqual([]);
}

test('the dashboard shows each person the figures their permissions open, each a link to its list', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi();

  // The administrator: every figure, the stock value, and the 30-day charts.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin', ADMIN_PASSWORD);
  const tiles = admin.getByTestId('home-figure-tiles');
  await expect(tiles).toBeVisible();
  for (const key of ['invoicesToBook', 'invoicesToPick', 'returnsToReceive', 'stockValue', 'connectorFailures'])
    await expect(admin.getByTestId(`home-figure-${key}`)).toBeVisible();
  const toBook = admin.getByTestId('home-figure-invoicesToBook');
  await expect(toBook).toHaveAttribute('href', /sales-invoice/);
  await admin.screenshot({ path: test.info().outputPath('dashboard-admin.png'), fullPage: true });
  await noAxeViolations(admin);
  await toBook.click();
  await expect(admin).toHaveURL(/status=PENDING/);
  await admin.context().close();

  // A sales clerk: the sales figures only.
  const clerk = await api.createUser(['view_sales_invoice']);
  const clerkPage = await (await browser.newContext()).newPage();
  await signIn(clerkPage, clerk.username, clerk.password);
  await expect(clerkPage.getByTestId('home-figure-invoicesToPick')).toBeVisible();
  await expect(clerkPage.getByTestId('home-figure-stockValue')).toHaveCount(0);
  await expect(clerkPage.getByTestId('home-figure-returnsToReceive')).toHaveCount(0);
  await expect(clerkPage.getByTestId('home-figure-purchaseOrdersDue')).toHaveCount(0);
  await clerkPage.context().close();

  // Someone whose permissions open no figure: their links, no figures and no error.
  const reader = await api.createUser(['view_system_logs']);
  const readerPage = await (await browser.newContext()).newPage();
  await signIn(readerPage, reader.username, reader.password);
  await expect(readerPage.getByRole('link', { name: /System Logs/ }).first()).toBeVisible();
  await expect(readerPage.getByTestId('home-figure-tiles')).toHaveCount(0);
  await expect(readerPage.getByTestId('home-figures-error')).toHaveCount(0);
  await readerPage.context().close();
});

test('a BI report registered for a role shows on Analytics in a sandboxed frame that the policy allows', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi();
  const analyst = await api.createUser(['powerbi_dashboard_view']);
  const suffix = analyst.username.slice(-8);
  const address = `https://reports.example.com/embed/${suffix}`;

  // The manager registers it on Management Dashboards, for the analyst's role.
  await api.call(
    'POST',
    '/api/bi-reports',
    { name: `Sales board ${suffix}`, embedUrl: address, description: 'Monthly sales', roleIds: [analyst.role.id] },
    { 'idempotency-key': `bi-${suffix}` },
  );
  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, 'admin', ADMIN_PASSWORD);
  await manager.goto('/#/dashboard/manage-dashboard');
  await expect(manager.getByText(`Sales board ${suffix}`)).toBeVisible();
  await manager.screenshot({ path: test.info().outputPath('manage-dashboards.png'), fullPage: true });
  await noAxeViolations(manager);
  await manager.context().close();

  const page = await (await browser.newContext()).newPage();
  await signIn(page, analyst.username, analyst.password);
  // The page's policy frames the registered address's origin.
  const document = await page.request.get('/');
  expect(document.headers()['content-security-policy']).toMatch(/frame-src[^;]*https:\/\/reports\.example\.com/);
  await page.goto('/#/dashboard/management-dashboard');
  await expect(page.getByTestId('analytics-kpis')).toBeVisible();
  const frame = page.getByTestId('external-report-frame');
  await expect(frame).toHaveAttribute('src', address);
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  // Each table of the summary downloads on its own, named after what it holds.
  const ageingExport = page.getByTestId('analytics-ageing-export');
  await expect(ageingExport).toHaveAccessibleName(/^Export Stock ageing/);
  const download = page.waitForEvent('download');
  await ageingExport.click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-ageing.*\.xlsx$/);
  await page.screenshot({ path: test.info().outputPath('analytics.png'), fullPage: true });
  await page.context().close();
});

test('the Daily Control and Ship List shows its range with totals', async ({ page }) => {
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/reports/daily-control-and-ship-list');
  await expect(page.getByTestId('page-title')).toContainText('Daily Control');
  await expect(page.getByTestId('daily-control-table')).toBeVisible();
  await expect(page.getByTestId('daily-control-totals')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('daily-control.png'), fullPage: true });
  await noAxeViolations(page);
});

test('the dashboards in German, right to left: mirrored, in German, and without serious violations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  for (const [hash, name] of [
    ['#/dashboard/dashboard1', 'dashboard-de-rtl'],
    ['#/dashboard/management-dashboard', 'analytics-de-rtl'],
    ['#/reports/daily-control-and-ship-list', 'daily-control-de-rtl'],
  ] as const) {
    await page.goto(`/${hash}`);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('page-title')).toBeVisible();
    await noAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  }
  await expect(page.getByTestId('home-figure-tiles')).toHaveCount(0);
  await page.goto('/#/dashboard/dashboard1');
  await expect(page.getByTestId('home-figure-tiles')).toBeVisible();
});
