import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD, BASE_URL } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * The stock flows a person runs: a manual override in and out, a transfer with a short receipt, a
 * bundle assembled from My Tasks, and a count scanned and posted. Master data (products, warehouses,
 * bins) and the opening stock of the later flows are arranged through the API; what each flow is
 * about is done in the browser.
 */

type Api = Awaited<ReturnType<typeof adminApi>>;
/** The administrator's API client, signed in once for the file (each test still arranges data of its own). */
let apiClient: Promise<Api> | undefined;
function adminApiOnce() {
  apiClient ??= adminApi();
  return apiClient;
}
interface Ref {
  id: string;
}

/** A code unique to this run (and to this call within it). */
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

/** Where screens are captured for a look (E2E_SCREENSHOTS=/some/dir); nothing is written otherwise. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

async function signedIn(page: Page, username = 'admin', password = ADMIN_PASSWORD) {
  await page.goto('/');
  await signInOnPage(page, username, password);
}

/** A page of its own (cookies and session apart) for a second person. */
async function pageOf(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1440, height: 900 } });
  return context.newPage();
}

async function createProduct(api: Api, sku: string, name: string, extra: Record<string, unknown> = {}) {
  return api.call<Ref & { sku: string; name: string }>('POST', '/api/products', { sku, name, ...extra });
}

/** A warehouse with these bins (code → id). */
async function createWarehouse(api: Api, code: string, name: string, bins: string[]) {
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', { code, name });
  const locations: Record<string, string> = {};
  for (const bin of bins) {
    const location = await api.call<Ref>('POST', `/api/warehouses/${warehouse.id}/locations`, {
      code: bin,
      zone: 'A',
    });
    locations[bin] = location.id;
  }
  return { id: warehouse.id, code, name, bins: locations };
}

/** Opening stock, posted as an override (found units at a cost) as the manual-stock screen does. */
function stockUp(api: Api, productId: string, warehouseId: string, locationId: string, quantity: string, cost: string) {
  return api.call('POST', '/api/manual-stock/overrides', {
    productId,
    warehouseId,
    locationId,
    countedQuantity: quantity,
    unitCost: cost,
    reason: 'Opening stock for a browser test',
  });
}

/** The options of the select whose list is open (closed lists stay in the page, hidden). */
const openOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Types into a searching select and picks the option labelled `option`. */
async function choose(page: Page, combobox: Locator, search: string, option: string) {
  await combobox.click();
  await combobox.fill(search);
  // The picker searches the server after a pause: until its answer arrives the earlier options are shown, and
  // they are replaced under the pointer. Choose once every option shown matches what was typed.
  const escaped = search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(
    openOptions(page)
      .locator('.ant-select-item-option:not(.ant-select-item-option-selected)')
      .filter({ hasNotText: new RegExp(escaped, 'i') }),
  ).toHaveCount(0);
  await openOptions(page).getByTitle(option, { exact: true }).click();
  await expect(openOptions(page)).toHaveCount(0);
}
/** The search input of a select named by its data-testid. */
const comboboxOf = (page: Page, testId: string) => page.getByTestId(testId).getByRole('combobox');

/** A shown text (a document number), to find the same document elsewhere. */
async function textOf(locator: Locator) {
  await expect(locator).not.toBeEmpty();
  return ((await locator.textContent()) ?? '').trim();
}

const rows = (table: Locator) => table.locator('tbody tr.ant-table-row');
const rowWith = (table: Locator, text: string) => rows(table).filter({ hasText: text });

/** The summary's cells by column (SKU, name, unit, then the figures; the brand is in the column chooser). */
const SUMMARY = { onHand: 3, reserved: 4, available: 5, inTransit: 6, value: 7 } as const;
async function expectSummaryRow(row: Locator, figures: Partial<Record<keyof typeof SUMMARY, string>>) {
  for (const [key, text] of Object.entries(figures))
    await expect(row.locator('td').nth(SUMMARY[key as keyof typeof SUMMARY])).toHaveText(text);
}

/** A product's ledger cells by column (posted, kind, warehouse, bin, quantity, unit cost, value, balance, balance value). */
const LEDGER = {
  kind: 1,
  warehouse: 2,
  bin: 3,
  quantity: 4,
  unitCost: 5,
  value: 6,
  balance: 7,
  balanceValue: 8,
} as const;
async function expectLedgerRow(row: Locator, figures: Partial<Record<keyof typeof LEDGER, string>>) {
  for (const [key, text] of Object.entries(figures))
    await expect(row.locator('td').nth(LEDGER[key as keyof typeof LEDGER])).toHaveText(text);
}

/** One warehouse's card on a product's movements page. */
const warehouseCard = (page: Page, code: string, name: string) =>
  page.getByTestId('product-stock-warehouse').and(page.getByLabel(`${code} · ${name}`, { exact: true }));
const figure = (scope: Locator, key: string) => scope.getByTestId(`figure-${key}`).locator('dd');

/** Searches the inventory summary for one SKU. */
async function summaryOf(page: Page, sku: string) {
  await page.goto('/#/inventory/summary');
  await expect(page.getByTestId('page-title')).toHaveText('Summary');
  const box = page.getByTestId('inventory-filter-q').getByRole('searchbox');
  await box.fill(sku);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${sku}`));
  const table = page.getByTestId('inventory-summary-table');
  await expect(rows(table)).toHaveCount(1);
  return rowWith(table, sku);
}

/** Posts an override from the manual-stock screen and answers the result line it shows. */
async function override(
  page: Page,
  input: {
    product: { sku: string; name: string };
    warehouse: { code: string; name: string };
    bin: string;
    counted: string;
    cost?: string;
    reason: string;
  },
) {
  await page.getByTestId('override-open').click();
  const drawer = page.getByTestId('override-drawer');
  const { product, warehouse } = input;
  await choose(page, page.getByRole('combobox', { name: 'Product' }), product.sku, `${product.sku} · ${product.name}`);
  await choose(
    page,
    drawer.locator('#override-form_warehouseId'),
    warehouse.code,
    `${warehouse.code} · ${warehouse.name}`,
  );
  await choose(page, drawer.locator('#override-form_locationId'), input.bin, `${input.bin} · A`);
  await expect(drawer.getByTestId('override-book')).toBeVisible();
  await drawer.getByTestId('override-counted').fill(input.counted);
  if (input.cost) await drawer.getByTestId('override-unit-cost').fill(input.cost);
  await drawer.getByTestId('override-reason').fill(input.reason);
  await shot(page, 'manual-stock-override-drawer');
  await page.getByTestId('override-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return page.getByTestId('override-result');
}

test('stock in and out: an override finds units at a cost, the summary and the ledger show them, a second one posts the loss', async ({
  page,
}) => {
  const api = await adminApiOnce();
  const u = unique();
  const product = await createProduct(api, `OVR-${u}`, `Oak shelf ${u}`);
  const warehouse = await createWarehouse(api, `OV${u}`, `Override depot ${u}`, ['OV-01', 'OV-02']);
  const label = `${warehouse.code} · ${warehouse.name}`;
  await signedIn(page);

  await page.goto('/#/manual-stock/manual-stock-list');
  await expect(page.getByTestId('page-title')).toHaveText('Manual Stock Override');
  const found = await override(page, {
    product,
    warehouse,
    bin: 'OV-02',
    counted: '10',
    cost: '2.5',
    reason: `Found on the cycle count ${u}`,
  });
  await expect(found).toContainText(
    `${product.sku} in ${warehouse.code}: book quantity 0, counted 10, difference +10.`,
  );
  const overrides = page.getByTestId('overrides-table');
  await expect(rowWith(overrides, `Found on the cycle count ${u}`)).toContainText('+10');
  await shot(page, 'manual-stock-list');

  // The summary: on hand, available and value; filtered by warehouse, the filter is in the URL.
  const row = await summaryOf(page, product.sku);
  await expectSummaryRow(row, { onHand: '10', reserved: '0', available: '10', inTransit: '0', value: '25.00' });
  await choose(page, comboboxOf(page, 'inventory-filter-warehouse'), warehouse.code, label);
  await expect(page).toHaveURL(new RegExp(`warehouseId=${warehouse.id}`));
  await page.reload();
  await expect(page.getByTestId('inventory-filter-warehouse')).toContainText(label);
  await expectSummaryRow(row, { onHand: '10', available: '10', value: '25.00' });
  const totals = page.getByTestId('inventory-summary-totals');
  await expect(figure(totals, 'onHand')).toHaveText('10');
  await expect(figure(totals, 'value')).toHaveText('25.00');
  await shot(page, 'inventory-summary');

  // The drill-down keeps the warehouse and shows the movement with its running balance.
  await row.getByTestId('product-movements-link').click();
  await expect(page).toHaveURL(new RegExp(`#/inventory/product/${product.id}\\?warehouseId=${warehouse.id}`));
  await expect(page.getByTestId('product-heading')).toHaveText(`${product.sku} · ${product.name}`);
  const ledger = page.getByTestId('movement-table');
  await expectLedgerRow(rowWith(ledger, `Found on the cycle count ${u}`), {
    kind: 'Adjustment',
    bin: 'OV-02',
    quantity: '+10',
    unitCost: '2.50',
    value: '25.00',
    balance: '10',
    balanceValue: '25.00',
  });
  await expect(page.getByTestId('movement-chart')).toBeVisible();
  await shot(page, 'product-movements');

  // A second override down to 7 posts the difference, at FIFO cost.
  await page.goto('/#/manual-stock/manual-stock-list');
  const lost = await override(page, {
    product,
    warehouse,
    bin: 'OV-02',
    counted: '7',
    reason: `Three broken in handling ${u}`,
  });
  await expect(lost).toContainText('book quantity 10, counted 7, difference -3.');
  await page.goto(`/#/inventory/product/${product.id}`);
  await expect(rows(ledger)).toHaveCount(2);
  await expectLedgerRow(rows(ledger).first(), {
    kind: 'Adjustment',
    quantity: '-3',
    unitCost: '2.50',
    value: '-7.50',
    balance: '7',
    balanceValue: '17.50',
  });
  const card = warehouseCard(page, warehouse.code, warehouse.name);
  await expect(figure(card, 'onHand')).toHaveText('7');
  await expect(figure(card, 'value')).toHaveText('17.50');

  // The inventory list: the bin's row, on hand in the bin and in the warehouse (columns after SKU, name, warehouse, bin;
  // the brand is in the column chooser).
  await page.goto(`/#/inventory/list?productId=${product.id}`);
  await expect(page.getByTestId('page-title')).toHaveText('List');
  const binRow = rowWith(page.getByTestId('inventory-list-table'), 'OV-02');
  await expect(binRow.locator('td').nth(4)).toHaveText('7');
  await expect(binRow.locator('td').nth(5)).toHaveText('7');
  await shot(page, 'inventory-list');
});

test('transfer: dispatched from one warehouse, part received at the other and the rest closed with a reason', async ({
  page,
}) => {
  const api = await adminApiOnce();
  const u = unique();
  const product = await createProduct(api, `TRF-${u}`, `Garden hose ${u}`);
  const source = await createWarehouse(api, `TS${u}`, `Transfer source ${u}`, ['S-01']);
  const destination = await createWarehouse(api, `TD${u}`, `Transfer destination ${u}`, ['D-01']);
  await stockUp(api, product.id, source.id, source.bins['S-01'] ?? '', '10', '4');
  await signedIn(page);

  await page.goto('/#/inventory-transfer/transfer-new');
  await expect(page.getByTestId('page-title')).toHaveText('New Transfer');
  await choose(page, page.locator('#transfer-form_fromWarehouseId'), source.code, `${source.code} · ${source.name}`);
  await choose(
    page,
    page.locator('#transfer-form_toWarehouseId'),
    destination.code,
    `${destination.code} · ${destination.name}`,
  );
  await choose(
    page,
    page.getByRole('combobox', { name: 'Product of line 1' }),
    product.sku,
    `${product.sku} · ${product.name}`,
  );
  await page.getByTestId('transfer-line-quantity').fill('6');
  await choose(page, page.getByRole('combobox', { name: 'Destination bin of line 1' }), 'D-01', 'D-01 · A');
  await shot(page, 'transfer-new');
  await page.getByTestId('transfer-save').click();

  await expect(page).toHaveURL(/#\/inventory-transfer\/transfer\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('transfer-status')).toHaveText('Draft');
  const number = await textOf(page.getByTestId('transfer-number'));
  const detailUrl = page.url();
  await page.getByTestId('transfer-dispatch').click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Dispatch' }).click();
  await expect(page.getByTestId('transfer-status')).toHaveText('Dispatched');
  await expect(rows(page.getByTestId('transfer-movements'))).toHaveCount(2);

  // Source stock went down; the destination has it in transit.
  await page.goto(`/#/inventory/product/${product.id}`);
  const atSource = warehouseCard(page, source.code, source.name);
  const atDestination = warehouseCard(page, destination.code, destination.name);
  await expect(figure(atSource, 'onHand')).toHaveText('4');
  await expect(figure(atSource, 'value')).toHaveText('16.00');
  await expect(figure(atDestination, 'onHand')).toHaveText('0');
  await expect(figure(atDestination, 'inTransit')).toHaveText('6');

  // 4 arrive; the line is closed, the 2 missing written off with the reason.
  await page.goto(detailUrl);
  await page.getByTestId('transfer-receive').click();
  const drawer = page.getByTestId('receive-drawer');
  await expect(drawer.getByTestId('receive-quantity')).toHaveValue('6');
  await drawer.getByTestId('receive-quantity').fill('4');
  await drawer.getByTestId('receive-close').check();
  await expect(drawer.getByTestId('receive-write-off')).toContainText('2 will be written off');
  await drawer.getByTestId('receive-reason').fill('Two crushed by the carrier');
  await shot(page, 'transfer-receive-drawer');
  await drawer.getByTestId('receive-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('transfer-status')).toHaveText('Received');
  const line = rows(page.getByTestId('transfer-lines')).first();
  await expect(line).toContainText('Two crushed by the carrier');
  await expect(line).toContainText('Closed');
  await expect(page.getByTestId('figure-received').locator('dd')).toHaveText('4');
  await expect(page.getByTestId('figure-discrepancy').locator('dd')).toHaveText('2');
  await expect(page.getByTestId('figure-inTransit').locator('dd')).toHaveText('0');
  await shot(page, 'transfer-detail');

  // The list shows it received; the summary agrees: 4 + 4 on hand at £4, nothing in transit.
  await page.goto(`/#/inventory-transfer/transfer-list?q=${encodeURIComponent(number)}`);
  await expect(rowWith(page.getByTestId('transfers-table'), number)).toContainText('Received');
  await shot(page, 'transfer-list');
  const row = await summaryOf(page, product.sku);
  await expectSummaryRow(row, { onHand: '8', available: '8', inTransit: '0', value: '32.00' });
  await choose(
    page,
    comboboxOf(page, 'inventory-filter-warehouse'),
    destination.code,
    `${destination.code} · ${destination.name}`,
  );
  await expect(page).toHaveURL(new RegExp(`warehouseId=${destination.id}`));
  await expectSummaryRow(row, { onHand: '4', inTransit: '0', value: '16.00' });
});

test('bundling: a task for 2 bundles is completed by its assignee from My Tasks, the bundles valued at their components', async ({
  page,
  browser,
}) => {
  const api = await adminApiOnce();
  const u = unique();
  const cable = await createProduct(api, `BC-${u}`, `Charging cable ${u}`);
  const plug = await createProduct(api, `BP-${u}`, `Wall plug ${u}`);
  const kit = await createProduct(api, `BK-${u}`, `Travel kit ${u}`, {
    kind: 'BUNDLE',
    components: [
      { productId: cable.id, quantity: '2' },
      { productId: plug.id, quantity: '1' },
    ],
  });
  const warehouse = await createWarehouse(api, `BW${u}`, `Kitting room ${u}`, ['K-01']);
  const bin = warehouse.bins['K-01'] ?? '';
  await stockUp(api, cable.id, warehouse.id, bin, '10', '3');
  await stockUp(api, plug.id, warehouse.id, bin, '5', '1.5');
  const worker = await api.createUser(['process_bundle_task']);
  await signedIn(page);

  // The supervisor plans the task and gives it to the worker.
  await page.goto('/#/warehouse/fmcg/task-list');
  await expect(page.getByTestId('page-title')).toHaveText('Task List');
  await page.getByTestId('create-task').click();
  const drawer = page.getByTestId('task-drawer');
  await choose(page, comboboxOf(page, 'task-bundle'), kit.sku, `${kit.sku} · ${kit.name}`);
  await expect(drawer.getByTestId('bundle-recipe')).toContainText(cable.sku);
  await choose(
    page,
    drawer.locator('#bundle-task-form_warehouseId'),
    warehouse.code,
    `${warehouse.code} · ${warehouse.name}`,
  );
  await drawer.getByTestId('task-quantity').fill('2');
  await expect(drawer.getByTestId('task-preview')).toHaveAttribute('data-enough', 'true');
  await choose(page, comboboxOf(page, 'task-assignee'), worker.username, `${worker.name} (${worker.username})`);
  await shot(page, 'bundle-task-drawer');
  await page.getByTestId('task-submit').click();
  await expect(page).toHaveURL(/#\/warehouse\/fmcg\/task-list\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('task-status')).toHaveText('Open');
  await expect(page.getByTestId('task-assignee-name')).toContainText(worker.username);
  const number = await textOf(page.getByTestId('task-heading').locator('bdi'));
  await page.goto('/#/warehouse/fmcg/task-list');
  await expect(rowWith(page.getByTestId('tasks-table'), number)).toBeVisible();
  await shot(page, 'bundle-task-list');

  // The worker completes it from My Tasks.
  const floor = await pageOf(browser);
  await signedIn(floor, worker.username, worker.password);
  await floor.goto('/#/warehouse/fmcg/my-task-list');
  await expect(floor.getByTestId('page-title')).toHaveText('My Tasks');
  const card = floor.locator(`[data-testid="my-task"][data-task-number="${number}"]`);
  await expect(card.getByTestId('my-task-remaining')).toContainText('2 of 2 left');
  await shot(floor, 'bundle-my-tasks');
  await card.getByTestId('my-task-complete').click();
  const modal = floor.getByTestId('complete-modal');
  await expect(modal.getByTestId('complete-quantity')).toHaveValue('2');
  await expect(modal.getByTestId('complete-availability')).toHaveAttribute('data-enough', 'true');
  await shot(floor, 'bundle-complete-modal');
  await modal.getByTestId('complete-submit').click();
  await expect(floor.getByRole('dialog')).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await floor.context().close();

  // 2 kits on hand at 2 × £3 + £1.50 = £7.50 each; the components went down.
  await page.goto(`/#/inventory/product/${kit.id}`);
  const stock = warehouseCard(page, warehouse.code, warehouse.name);
  await expect(figure(stock, 'onHand')).toHaveText('2');
  await expect(figure(stock, 'value')).toHaveText('15.00');
  await expectLedgerRow(rows(page.getByTestId('movement-table')).first(), {
    kind: 'Bundle assembled',
    quantity: '+2',
    unitCost: '7.50',
    value: '15.00',
    balance: '2',
  });
  const row = await summaryOf(page, cable.sku);
  await expectSummaryRow(row, { onHand: '6', value: '18.00' });
});

test('counting: a session is scanned, submitted and posted, and the difference reaches the ledger', async ({
  page,
}) => {
  const api = await adminApiOnce();
  const u = unique();
  const product = await createProduct(api, `CNT-${u}`, `Storage box ${u}`);
  const warehouse = await createWarehouse(api, `CW${u}`, `Count store ${u}`, ['C-01']);
  await stockUp(api, product.id, warehouse.id, warehouse.bins['C-01'] ?? '', '5', '2');
  await signedIn(page);

  await page.goto('/#/warehouse/warehouse-inventory-stock-process');
  await expect(page.getByTestId('page-title')).toHaveText('Inventory Stock Process');
  await page.getByTestId('start-count').click();
  await choose(
    page,
    page.locator('#start-count-form_warehouseId'),
    warehouse.code,
    `${warehouse.code} · ${warehouse.name}`,
  );
  await page.getByTestId('start-count-submit').click();
  await expect(page).toHaveURL(/#\/warehouse\/warehouse-inventory-stock-process\/[0-9a-f-]{36}$/);
  // The session's own page (the list stays on screen while it loads).
  await expect(page.getByTestId('count-number')).toBeVisible();
  await expect(page.getByTestId('count-status')).toHaveText('Open');
  const number = await textOf(page.getByTestId('count-number'));

  // Three scans of the SKU, each with Enter: the product's one line counts 3.
  const code = page.getByTestId('scan-code');
  const feedback = page.getByTestId('scan-feedback');
  for (const counted of ['1', '2', '3']) {
    await code.fill(product.sku.toLowerCase());
    await code.press('Enter');
    await expect(feedback).toHaveText(`${product.sku} in C-01: ${counted} counted.`);
    await expect(code).toHaveValue('');
  }
  await expect(page.getByTestId('last-scan')).toHaveCount(3);
  const lines = page.getByTestId('count-lines-table');
  await expect(rows(lines)).toHaveCount(1);
  await expect(rows(lines).first().getByTestId('counted-input')).toHaveValue('3');
  await expect(page.getByTestId('count-totals').getByTestId('figure-difference').locator('dd')).toHaveText('-2');
  await shot(page, 'stock-count');

  await page.getByTestId('submit-count').click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('count-status')).toHaveText('Submitted');
  await page.getByTestId('post-count').click();
  await expect(page.getByTestId('post-count-modal').getByTestId('figure-net').locator('dd')).toHaveText('-4.00');
  await shot(page, 'stock-count-post-modal');
  await page.getByTestId('post-confirm').click();
  const result = page.getByTestId('post-result');
  await expect(result.getByTestId('figure-posted').locator('dd')).toHaveText('1');
  await expect(result.getByTestId('figure-net').locator('dd')).toHaveText('-4.00');
  await expect(rows(result.locator('table'))).toHaveCount(1);
  await expect(rows(result.locator('table')).first()).toContainText('-2');
  await shot(page, 'stock-count-post-result');
  await result.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('count-status')).toHaveText('Posted');

  await page.goto('/#/warehouse/warehouse-inventory-stock-process');
  await expect(rowWith(page.getByTestId('stock-count-table'), number)).toContainText('Posted');
  await shot(page, 'stock-count-list');

  await page.goto(`/#/inventory/product/${product.id}`);
  await expectLedgerRow(rows(page.getByTestId('movement-table')).first(), {
    kind: 'Count',
    bin: 'C-01',
    quantity: '-2',
    unitCost: '2.00',
    value: '-4.00',
    balance: '3',
    balanceValue: '6.00',
  });
});
