import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

async function signedIn(page: Page) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

/** Saves the open drawer's form and waits until the drawer has gone. */
async function save(page: Page) {
  await page.getByTestId('submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Serious or critical WCAG 2.2 AA findings on the page as it is (as e2e/tests/accessibility.spec.ts counts them). */
async function seriousFindings(page: Page, exclude?: string) {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const { violations } = await (exclude ? axe.exclude(exclude) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const rowOf = (page: Page, tableId: string, text: string) =>
  page
    .getByTestId(tableId)
    .locator('tbody tr')
    .filter({ has: page.getByText(text, { exact: true }) });

test('configure a warehouse with bins: create it, add a bin and a range, set its advanced configuration, see it in the read-only view', async ({
  page,
}) => {
  await signedIn(page);
  const code = `WH-${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/#/warehouse/warehouse');
  await expect(page.getByTestId('page-title')).toHaveText('Warehouses');
  await page.getByTestId('create-warehouse').click();
  await page.locator('#warehouse-form_code').fill(code.toLowerCase());
  await page.locator('#warehouse-form_name').fill('Leeds fulfilment centre');
  await page.locator('#warehouse-form_address_city').fill('Leeds');
  await page.locator('#warehouse-form_address_postcode').fill('LS1 1AB');
  await save(page);
  // A new warehouse opens on its own page, where its bins are added.
  await expect(page).toHaveURL(/#\/warehouse\/warehouse\/[0-9a-f-]{36}/);
  await expect(page.getByTestId('warehouse-heading')).toContainText(`${code} · Leeds fulfilment centre`);
  // The page is titled by the warehouse's code, not the list's title.
  await expect(page.getByTestId('page-title')).toHaveText(code);
  // It was made with its receiving bin, named as the default for stock received without a bin.
  await expect(rowOf(page, 'locations-table', 'RECEIVING')).toContainText('Receiving');

  await page.getByTestId('add-location').click();
  await page.locator('#location-form_code').fill('dock-1');
  await page.locator('#location-form_zone').fill('Inbound');
  await page.locator('#location-form_pickable').click();
  await save(page);
  await expect(rowOf(page, 'locations-table', 'DOCK-1')).toContainText('Inbound');

  await page.getByTestId('add-location-range').click();
  await page.locator('#location-range-form_from').fill('A-01-01');
  await page.locator('#location-range-form_to').fill('A-01-12');
  await page.locator('#location-range-form_zone').fill('A');
  await page.locator('#location-range-form_pickSequenceStart').fill('100');
  await page.locator('#location-range-form_pickSequenceStep').fill('10');
  await expect(page.getByTestId('range-preview')).toContainText('12 bins: A-01-01 … A-01-12 (pick sequence 100 … 210)');
  await save(page);
  // RECEIVING, DOCK-1 and the twelve of the range.
  await expect(page.getByTestId('locations-table').locator('tbody tr.ant-table-row')).toHaveCount(14);
  await expect(rowOf(page, 'locations-table', 'A-01-12')).toContainText('210');

  await page.getByTestId('open-config').click();
  await expect(page).toHaveURL(/warehouse-advanced-config\?warehouse=/);
  await expect(page.getByTestId('page-title')).toHaveText('Advanced Config');
  // Each crumb is its page's own title: the warehouse by its code, no label twice in a row.
  // (The trail is read as text: its separators are "/".)
  await expect(page.getByTestId('breadcrumb')).toHaveText(new RegExp(`(^|/)Warehouses/${code}/Advanced Config$`));
  // The default receiving bin it was made with; clearing it warns that stock would go into no bin.
  await expect(page.getByTestId('receiving-location')).toContainText('RECEIVING');
  await expect(page.getByTestId('no-receiving-bin')).toHaveCount(0);
  const receiving = page.locator('#warehouse-config-form_defaultReceivingLocationId');
  await chooseSearched(page, receiving, 'DOCK-1');
  await page.locator('#warehouse-config-form_overReceiptTolerance').fill('101');
  await expect(page.locator('#warehouse-config-form_overReceiptTolerance_help')).toContainText(
    'A percentage from 0 to 100',
  );
  await page.locator('#warehouse-config-form_overReceiptTolerance').fill('2.5');
  await page.getByRole('radio', { name: /Bin code/ }).check();
  await page.getByTestId('save-config').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page.goto('/#/warehouse/warehouse-advanced-config-view');
  await page.getByRole('searchbox', { name: 'Search warehouses by code or name' }).fill(code);
  await page.keyboard.press('Enter');
  const row = rowOf(page, 'warehouse-configs-table', code);
  await expect(row).toContainText('DOCK-1');
  await expect(row).toContainText('2.50 %');
  await expect(row).toContainText('Bin code');
});

test('an administrator changes the company details and previews a document number format', async ({ page }) => {
  await signedIn(page);
  await page.goto('/#/configuration/system-configuration');
  await expect(page.getByTestId('page-title')).toHaveText('System Config');
  const name = `E2E Trading ${Date.now().toString(36)} Ltd`;
  await page.locator('#settings-company_name').fill(name);
  await page.locator('#settings-company_vatNumber').fill('gb 123 456');
  await page.getByTestId('save-company').click();
  await expect(page.locator('#settings-company_vatNumber_help')).toContainText('Not a VAT number');
  await page.locator('#settings-company_vatNumber').fill('gb 123 4567 89');
  await page.getByTestId('save-company').click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.locator('#settings-company_vatNumber')).toHaveValue('GB123456789');
  await page.reload();
  await expect(page.locator('#settings-company_name')).toHaveValue(name);

  await page.getByRole('tab', { name: 'Document numbers' }).click();
  await page.locator('#settings-documentNumbers_rma').fill('RMA/{YY}/{SEQ:3}');
  await expect(page.getByTestId('preview-rma')).toHaveText(/^Next: RMA\/\d{2}\/\d{3,}$/);
  await page.locator('#settings-documentNumbers_rma').fill('RMA-{SEQ:3}');
  await expect(page.locator('#settings-documentNumbers_rma_help')).toContainText('Use {YYYY} or {YY}');
});

test('System Config → Sales channels: an administrator changes a dispatch promise, saved and read back', async ({
  page,
}) => {
  const api = await adminApi();
  type Settings = { items: { channel: string; pricesIncludeVat: boolean; dispatchDays: number }[] };
  const amazonDays = async () =>
    (await api.call<Settings>('GET', '/api/sales-invoices/channel-settings')).items.find((s) => s.channel === 'AMAZON')
      ?.dispatchDays;
  expect(await amazonDays()).toBe(1);
  try {
    await page.goto('/#/configuration/system-configuration?tab=salesChannels');
    await signInOnPage(page, 'admin', ADMIN_PASSWORD);
    await expect(page.getByRole('tab', { name: 'Sales channels', selected: true })).toBeVisible();
    const amazon = page.getByRole('spinbutton', { name: 'Dispatch promise, Amazon' });
    const save = page.getByTestId('save-salesChannels');
    await expect(amazon).toHaveValue('1');
    await expect(page.getByRole('switch', { name: 'Prices include VAT, Manual' })).not.toBeChecked();
    await expect(save).toBeDisabled();

    await amazon.fill('2');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(save).toBeDisabled();
    expect(await amazonDays()).toBe(2);
    await page.reload();
    await expect(amazon).toHaveValue('2');
    await page.screenshot({ path: test.info().outputPath('sales-channels-tab-1440.png'), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);

    // From the keyboard on a phone's width: back to 1, Enter saves.
    await page.setViewportSize({ width: 390, height: 844 });
    await amazon.fill('1');
    await amazon.press('Enter');
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect(amazon).toHaveValue('1');
    expect(await amazonDays()).toBe(1);
    await page.screenshot({ path: test.info().outputPath('sales-channels-tab-390.png'), fullPage: true });
    // Left out: the tab bar, whose overflow button ("…", antd's) sits inside the tablist on a phone's width whatever
    // the tab (axe aria-required-children); the tab's own content is checked.
    expect(await seriousFindings(page, '.ant-tabs-nav')).toEqual([]);

    // German, right to left.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => {
      sessionStorage.setItem('backoffice-language', 'de');
      sessionStorage.setItem('backoffice-direction', 'rtl');
    });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('spinbutton', { name: 'Versandversprechen, Amazon' })).toHaveValue('1');
    await page.screenshot({ path: test.info().outputPath('sales-channels-tab-de-rtl.png'), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);
    await page.evaluate(() => {
      sessionStorage.setItem('backoffice-language', 'en');
      sessionStorage.setItem('backoffice-direction', 'ltr');
    });
  } finally {
    // As the other browser tests expect: Amazon ships the next working day.
    await api.call('PUT', '/api/sales-invoices/channel-settings', { items: [{ channel: 'AMAZON', dispatchDays: 1 }] });
  }
});

test('System Config → Sales channels: non-working days by year, one added from the keyboard and made working again', async ({
  page,
}) => {
  const api = await adminApi();
  type Days = { items: { day: string; name: string }[] };
  const day = '2030-06-03'; // a Monday
  const listed = async () => (await api.call<Days>('GET', '/api/non-working-days?year=2030')).items;
  if ((await listed()).some((d) => d.day === day)) await api.call('DELETE', `/api/non-working-days/${day}`);
  try {
    await page.goto('/#/configuration/system-configuration?tab=salesChannels');
    await signInOnPage(page, 'admin', ADMIN_PASSWORD);
    const card = page.getByTestId('non-working-days');
    const year = card.getByTestId('non-working-days-year');
    await expect(year).toHaveText(/^\d{4}$/);
    // To 2026, whose bank holidays came with the product, Boxing Day on the Monday after.
    for (let shown = Number(await year.textContent()); shown !== 2026; shown += shown > 2026 ? -1 : 1) {
      await card.getByRole('button', { name: shown > 2026 ? 'Previous year' : 'Next year' }).click();
      await expect(year).toHaveText(String(shown > 2026 ? shown - 1 : shown + 1));
    }
    const table = card.getByTestId('non-working-days-table');
    await expect(table.getByRole('row', { name: /2026-12-28.*Monday.*Boxing Day \(substitute day\)/ })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(9);

    // Typed: the day, Enter, the name, Enter.
    const date = card.getByRole('textbox', { name: 'Day' });
    await date.fill(day);
    await date.press('Enter');
    const name = card.getByRole('textbox', { name: 'Name' });
    await name.fill('Annual stocktake');
    await name.press('Enter');
    await expect(page.getByText(`${day} is a non-working day.`)).toBeVisible();
    await expect(year).toHaveText('2030');
    await expect(table.getByRole('row', { name: new RegExp(`${day}.*Monday.*Annual stocktake`) })).toBeVisible();
    expect(await listed()).toContainEqual(expect.objectContaining({ day, name: 'Annual stocktake' }));
    await page.screenshot({ path: test.info().outputPath('non-working-days.png'), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);

    await card.getByRole('button', { name: `Make working ${day}` }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Make working' }).click();
    await expect(page.getByText(`${day} is a working day again.`)).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(day) })).toHaveCount(0);
    expect((await listed()).some((d) => d.day === day)).toBe(false);
  } finally {
    if ((await listed()).some((d) => d.day === day)) await api.call('DELETE', `/api/non-working-days/${day}`);
  }
});
