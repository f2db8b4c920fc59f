import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

async function signedIn(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  await page.goto('/');
  await signInOnPage(page, username, password);
}

/** Picks an option of an antd Select by its text. */
async function choose(page: Page, selectId: string, option: string) {
  await page.locator(`#${selectId}`).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('an administrator creates a business partner with a contact, an address and late-payment terms, and finds it in the list', async ({
  page,
}) => {
  await signedIn(page);
  const suffix = Date.now().toString(36).toUpperCase();
  const code = `BP-${suffix}`;

  await page.goto('/#/person/people');
  await expect(page.getByTestId('page-title')).toHaveText('Business Partners');
  await page.getByTestId('create-business-partner').click();
  await expect(page).toHaveURL(/#\/person\/people\/new$/);

  const field = (name: string) => page.locator(`#business-partner-form_${name}`);
  await field('code').fill(code.toLowerCase());
  await field('name').fill(`Supplier ${suffix}`);
  await field('vatNumber').fill('gb 123 4567 8');
  await field('lateInterestRate').fill('8');
  await page.getByTestId('submit').click();
  // The form checks what the server checks: the VAT number's format, and interest needs rate and type.
  await expect(page.locator('#business-partner-form_vatNumber_help')).toHaveText(
    'A GB VAT number is GB followed by 9 or 12 digits',
  );
  await expect(page.locator('#business-partner-form_lateInterestType_help')).toHaveText(
    'Choose the interest type too, or clear the rate',
  );
  await field('vatNumber').fill('GB 123 4567 89');
  await choose(page, 'business-partner-form_lateInterestType', 'Simple interest');
  await field('paymentTermsDays').fill('45');

  await page.getByTestId('add-contact').click();
  await field('contacts_0_name').fill('Ann Accounts');
  await field('contacts_0_email').fill('ann@supplier.example');
  await field('contacts_0_phone').fill('+44 113 496 0000');

  await page.getByTestId('add-address').click();
  await field('addresses_0_line1').fill('1 High Street');
  await field('addresses_0_city').fill('Leeds');
  await field('addresses_0_postcode').fill('ls1');
  await page.getByTestId('submit').click();
  await expect(page.locator('#business-partner-form_addresses_0_postcode_help')).toHaveText(
    'Enter a UK postcode such as SW1A 1AA',
  );
  await field('addresses_0_postcode').fill('ls11aa');
  await page.getByTestId('submit').click();

  // Saved: the partner's page, its terms and contact in their tabs.
  await expect(page).toHaveURL(/#\/person\/people\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('business-partner-heading')).toContainText(`${code} · Supplier ${suffix}`);
  await expect(page.getByRole('cell', { name: 'GB123456789' })).toBeVisible();
  await page.getByRole('tab', { name: 'Terms' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('45 days');
  await expect(page.getByRole('tabpanel')).toContainText('8.00% a year, Simple interest');
  await page.getByRole('tab', { name: 'Contacts (1)' }).click();
  await expect(page.getByTestId('business-partner-contacts')).toContainText('ann@supplier.example');
  await page.getByRole('tab', { name: 'Addresses (1)' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('LS1 1AA');

  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page
    .getByRole('searchbox', { name: 'Search by code, name, VAT number or contact e-mail' })
    .fill('ann@supplier');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/q=ann%40supplier/);
  const row = page.getByTestId('business-partners-table').locator('tbody tr').filter({ hasText: code });
  await expect(row).toContainText(`Supplier ${suffix}`);
  await expect(row).toContainText('GB123456789');
  await expect(row).toContainText('45 days');
  await expect(row).toContainText('Ann Accounts');
});

test('an administrator creates a customer with a channel id; a taken channel id shows on its field', async ({
  page,
}) => {
  await signedIn(page);
  const suffix = Date.now().toString(36);
  const externalId = `ebay-${suffix}`;

  await page.goto('/#/customer/customers');
  await expect(page.getByTestId('page-title')).toHaveText('Customers');
  await page.getByTestId('create-customer').click();
  await page.locator('#customer-form_name').fill(`Jane ${suffix}`);
  await page.locator('#customer-form_email').fill(`Jane.${suffix}@Example.com`);
  await page.getByTestId('add-channel-id').click();
  await page.locator('#customer-form_channelIds_0_externalId').fill(externalId);
  await page.getByTestId('submit').click();

  await expect(page).toHaveURL(/#\/customer\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('customer-heading')).toHaveText(`Jane ${suffix}`);
  await expect(page.getByRole('tabpanel')).toContainText(`jane.${suffix}@example.com`);
  await page.getByRole('tab', { name: 'Channel ids (1)' }).click();
  await expect(page.getByTestId('customer-channel-ids')).toContainText(externalId);

  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByRole('searchbox', { name: 'Search by name, e-mail, phone or channel id' }).fill(externalId);
  await page.keyboard.press('Enter');
  const rows = page.getByTestId('customers-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`eBay: ${externalId}`);

  // Another customer cannot take the same id on the same channel.
  await page.getByTestId('create-customer').click();
  await page.locator('#customer-form_name').fill(`Someone ${suffix}`);
  await page.getByTestId('add-channel-id').click();
  await page.locator('#customer-form_channelIds_0_externalId').fill(externalId);
  await page.getByTestId('submit').click();
  await expect(page.locator('#customer-form_channelIds_0_externalId_help')).toHaveText(
    'This channel id already belongs to another customer.',
  );
});

test('someone without view_customer is told which permission Customers needs', async ({ page }) => {
  const user = await (await adminApi()).createUser(['view_supplier']);
  await signedIn(page, user.username, user.password);
  await page.goto('/#/customer/customers');
  await expect(page.getByTestId('customers-no-access')).toContainText('You cannot see customers');
  await expect(page.getByTestId('customers-no-access')).toContainText('view_customer');
  await expect(page.getByTestId('customers-table')).toHaveCount(0);
});
