import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { chooseSearched } from '../support/select.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * A buyer holding only purchasing permissions (view_purchase_order, add_purchase_order: no view_supplier,
 * view_product or view_warehouse) drafts a purchase order through the pickers, which read the purchasing lookups;
 * the form passes an accessibility check.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
}

const choose = (page: Page, testId: string, text: string) => chooseSearched(page, page.getByTestId(testId), text);

test('a buyer with only purchasing permissions picks a supplier, a warehouse and a product and saves an order', async ({
  page,
}) => {
  // The machine is shared: sign-in, five lookups and two axe runs take longer than the default minute under load.
  test.setTimeout(180_000);
  const api = await adminApi();
  const u = unique();
  const supplier = await api.call<Ref & { code: string }>('POST', '/api/business-partners', {
    code: `PK${u}`.slice(0, 30),
    name: `Picker Supplies ${u}`,
    paymentTermsDays: 21,
  });
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `PW${u}`.slice(0, 20),
    name: `Picker dock ${u}`,
  });
  const product = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `PICK-${u}`,
    name: `Picker mug ${u}`,
    costPrice: '2.40',
  });
  const buyer = await api.createUser(['view_purchase_order', 'add_purchase_order']);

  await page.goto('/');
  await signInOnPage(page, buyer.username, buyer.password);
  await page.goto('/#/purchase-order/purchase-order/PRIOR_ORDER_PO/new');
  await expect(page.getByTestId('po-supplier')).toBeVisible();

  await choose(page, 'po-supplier', supplier.code);
  await choose(page, 'po-warehouse', warehouse.code);
  // The supplier's terms come with the lookup.
  await expect(page.getByTestId('po-terms')).toHaveValue('21');

  const scan = page.getByTestId('po-line-scan');
  await scan.fill(product.sku);
  await scan.press('Enter');
  await expect(scan).toHaveValue('');
  const line = page.getByTestId('po-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('po-line-cost')).toHaveValue('2.40');
  await line.getByTestId('po-line-quantity').fill('5');
  await expect(line.getByTestId('po-line-net')).toHaveText('£12.00');

  // Nothing on the form was refused.
  await expect(page.getByText('Restricted!')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: '/tmp/P-po-form-buyer.png' });

  await page.getByTestId('po-save').click();
  await expect(page.getByTestId('po-number')).toHaveText(/^PO-\d{4}-\d{5}$/);
  await expect(page.getByTestId('po-status')).toHaveText('Draft');
  await expect(page.getByTestId('po-net-total')).toHaveText('£12.00');
  expect(await seriousViolations(page)).toEqual([]);
});
