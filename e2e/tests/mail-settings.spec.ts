import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { closedPort, startSmtpServer, type TestSmtpServer } from '../../apps/api/test/smtp.ts';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

const SMTP_PASSWORD = 'e2e-smtp-passphrase';
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: 'office', pass: SMTP_PASSWORD } });
});
test.afterAll(async () => {
  // The other browser tests expect a server without mail ("Forgot password?" says to ask an administrator).
  const api = await adminApi();
  await api.call('PATCH', '/api/system-configuration/mail', { host: '', password: null });
  await smtp.close();
});

/** Serious or critical WCAG 2.2 AA findings on the page as it is (as e2e/tests/accessibility.spec.ts counts them). */
async function seriousFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function openMailTab(page: Page) {
  await page.goto('/#/configuration/system-configuration?tab=mail');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await expect(page.getByTestId('mail-host')).toBeVisible();
}

test('SMTP settings in Configuration: saved with a write-only password, a test e-mail arrives, a failure is told in words', async ({
  page,
}) => {
  await openMailTab(page);
  await expect(page.getByTestId('mail-source')).toContainText('No outgoing mail is set up');
  await expect(page.getByText('No password is stored.')).toBeVisible();

  await page.getByTestId('mail-host').fill('127.0.0.1');
  await page.getByTestId('mail-security').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'None (trusted network only)' }).click();
  await expect(page.getByTestId('mail-port')).toHaveValue('25');
  await page.getByTestId('mail-port').fill(String(smtp.port));
  await page.getByTestId('mail-username').fill('office');
  await page.getByTestId('mail-password').fill(SMTP_PASSWORD);
  await page.getByTestId('mail-from-address').fill('purchasing@example.test');
  await page.getByTestId('mail-from-name').fill('Purchasing');
  await page.getByTestId('save-mail').click();

  await expect(page.getByTestId('mail-source')).toContainText(`Mail goes through 127.0.0.1:${smtp.port}, as set here.`);
  // Write-only: the field is empty again and the screen says a password is stored.
  await expect(page.getByTestId('mail-password')).toHaveValue('');
  await expect(page.getByText('A password is stored (encrypted).')).toBeVisible();

  await page.getByTestId('mail-test-to').fill('buyer@example.test');
  await page.getByTestId('mail-test-send').click();
  await expect(page.getByTestId('mail-test-result')).toContainText(
    `Sent to buyer@example.test through 127.0.0.1:${smtp.port}.`,
  );
  const [message] = await smtp.waitFor(1);
  expect(message).toMatchObject({ to: ['buyer@example.test'], from: 'purchasing@example.test', auth: 'office' });
  expect(message?.subject).toBe('Back Office: test e-mail');

  await page.screenshot({ path: test.info().outputPath('mail-settings-en-ltr.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  // Nothing listens on this port: the answer says so, in words.
  const closed = await closedPort();
  await page.getByTestId('mail-port').fill(String(closed));
  await page.getByTestId('save-mail').click();
  await expect(page.getByTestId('mail-source')).toContainText(`127.0.0.1:${closed}`);
  await page.getByTestId('mail-test-send').click();
  await expect(page.getByTestId('mail-test-result')).toContainText('refused the connection');
});

test('the mail section in German, right to left', async ({ page }) => {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(() => {
    sessionStorage.setItem('backoffice-language', 'de');
    sessionStorage.setItem('backoffice-direction', 'rtl');
  });
  await page.goto('/#/configuration/system-configuration?tab=mail');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('mail-host')).toBeVisible();
  await expect(page.getByText('Test-E-Mail senden').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mail-settings-de-rtl.png'), fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);
});
