import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AMAZON_FAKE_CREDENTIALS, type AmazonFake, startAmazonFake } from '../../apps/api/fakes/amazon/index.ts';
import { EBAY_FAKE_CREDENTIALS, type EbayFake, startEbayFake } from '../../apps/api/fakes/ebay/index.ts';
import { ROYAL_MAIL_FAKE_API_KEY, startRoyalMailFake } from '../../apps/api/fakes/royal-mail/index.ts';
import { type ShopifyFake, startShopifyFake } from '../../apps/api/fakes/shopify/index.ts';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { pickInvoices } from '../support/fulfilment.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * The channels on the screens, against the local fakes of Amazon, eBay, Shopify and Royal Mail Click & Drop (each
 * checking every call against its published contract): an Amazon order arrives by Run now on Amazon Fulfilment and
 * is an invoice; picked, it goes on a ship list whose Royal Mail label gives its tracking number; confirmed, Amazon
 * is told the tracking number (Shipment confirmed) and the stock left reaches eBay and Shopify (Stock Update).
 * Accounts, listings and the pick are arranged through the API; the rest is done on the screens.
 */

interface Ref {
  id: string;
}
let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`.toUpperCase();

let amazon: AmazonFake;
let ebay: EbayFake;
let shopify: ShopifyFake;
let royalMail: Awaited<ReturnType<typeof startRoyalMailFake>>;
test.beforeAll(async () => {
  [amazon, ebay, shopify, royalMail] = await Promise.all([
    startAmazonFake(),
    startEbayFake(),
    startShopifyFake(),
    startRoyalMailFake(),
  ]);
});
test.afterAll(async () => {
  await Promise.all([amazon, ebay, shopify, royalMail].map((f) => f?.close()));
});

test('an Amazon order is pulled, picked, labelled by Royal Mail, shipped, confirmed on Amazon and its stock sent on', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const api = await adminApi();
  const u = unique();
  const warehouse = await api.call<Ref & { code: string }>('POST', '/api/warehouses', {
    code: `CH${u}`.slice(0, 20),
    name: `Channel bay ${u}`,
  });
  const product = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `LAMP-${u}`,
    name: `lamp ${u}`,
    costPrice: '6',
    salePrice: '19.99',
    weightKg: '0.800',
  });
  await api.call('POST', '/api/stock/adjustments', {
    reason: 'Opening stock',
    lines: [{ productId: product.id, warehouseId: warehouse.id, quantity: '10', unitCost: '6' }],
  });
  const carrier = await api.call<Ref & { code: string; services: (Ref & { code: string })[] }>(
    'POST',
    '/api/shipping-carriers',
    {
      code: `RMCD${u}`.slice(0, 20),
      name: `Royal Mail ${u}`,
      integration: 'ROYAL_MAIL',
      // Named apart from the seeded Tracked 24, which other flows choose by its name.
      services: [{ code: 'TPN24', name: `Tracked next day ${u}`, tracked: true }],
    },
    { 'idempotency-key': `ch-carrier-${u}` },
  );
  const settings = { warehouseIds: [warehouse.id] };
  const account = (body: Record<string, unknown>) =>
    api.call<Ref>(
      'POST',
      '/api/channel-accounts',
      { environment: 'SANDBOX', settings, ...body },
      { 'idempotency-key': `ch-acc-${u}-${body.type}` },
    );
  const amazonAccount = await account({
    type: 'AMAZON',
    name: `Amazon UK ${u}`,
    baseUrl: amazon.url,
    credentials: AMAZON_FAKE_CREDENTIALS,
    settings: { ...settings, carrierCodes: [{ carrierCode: carrier.code, channelCode: 'Royal Mail' }] },
  });
  const ebayAccount = await account({
    type: 'EBAY',
    name: `eBay UK ${u}`,
    baseUrl: ebay.url,
    credentials: EBAY_FAKE_CREDENTIALS,
  });
  const shopifyAccount = await account({
    type: 'SHOPIFY',
    name: `Shopify ${u}`,
    baseUrl: shopify.url,
    marketplace: shopify.shop,
    credentials: { accessToken: shopify.accessToken },
    settings: { ...settings, locations: [shopify.locationId] },
  });
  await account({
    type: 'ROYAL_MAIL',
    name: `Click & Drop ${u}`,
    baseUrl: royalMail.url,
    credentials: { apiKey: ROYAL_MAIL_FAKE_API_KEY },
  });
  const sku = { amazon: `AMZ-${u}`, ebay: `EB-${u}`, shopify: `SH-${u}` };
  const listing = (accountId: string, channelSku: string, extra: Record<string, unknown> = {}) =>
    api.call(
      'POST',
      '/api/channel-listings',
      { accountId, productId: product.id, sku: channelSku, ...extra },
      {
        'idempotency-key': `ch-list-${channelSku}`,
      },
    );
  await listing(amazonAccount.id, sku.amazon, { externalId: 'B0LAMP0001' });
  await listing(ebayAccount.id, sku.ebay, { externalRef: `OFFER-${u}` });
  await listing(shopifyAccount.id, sku.shopify, {
    externalId: shopify.seedInventoryItem(sku.shopify, 0),
    externalRef: shopify.locationId,
  });
  const orderId = amazon.seedOrder({
    buyer: { name: 'Grace Hopper', email: `grace.${u.toLowerCase()}@example.test` },
    shipTo: {
      name: 'Grace Hopper',
      line1: '7 Castle Street',
      city: 'Edinburgh',
      postcode: 'EH2 3AH',
      countryCode: 'GB',
    },
    lines: [{ sku: sku.amazon, quantity: 1, unitPrice: '19.99', title: 'Lamp' }],
    shippingCharge: '3.49',
  });

  // Amazon Fulfilment: Run now brings the order in as an invoice.
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/api/amazon-fulfillment');
  await expect(page.getByTestId('page-title')).toContainText('Amazon Fulfilment');
  const card = page.getByTestId(`channel-account-${amazonAccount.id}`);
  await card.getByTestId('run-now-ORDERS').click();
  const created = page.getByRole('row').filter({ hasText: orderId });
  await expect(created).toContainText('Order created', { timeout: 60_000 });
  const invoiceLink = created.getByRole('link', { name: /^SI-/ });
  const invoiceNumber = (await invoiceLink.textContent())?.trim() ?? '';
  expect(invoiceNumber).toMatch(/^SI-\d{4}-\d{5}$/);
  await invoiceLink.click();
  await expect(page.getByTestId('si-status')).toContainText('Booked');

  // Picked (arranged), then shipped on a ship list with a Royal Mail label.
  const invoices = await api.call<{ items: (Ref & { number: string })[] }>(
    'GET',
    `/api/sales-invoices?q=${encodeURIComponent(invoiceNumber)}`,
  );
  const invoice = invoices.items.find((i) => i.number === invoiceNumber) as Ref;
  await pickInvoices(api, warehouse.id, [invoice.id]);
  const list = await api.call<Ref>(
    'POST',
    '/api/ship-lists',
    { warehouseId: warehouse.id, invoiceIds: [invoice.id] },
    {
      'idempotency-key': `ch-sl-${u}`,
    },
  );
  await page.goto(`/#/sales-invoice/sales-invoice-process/${list.id}`);
  await expect(page.getByTestId('sl-status')).toContainText('Open');
  await page.getByTestId('sl-row-service').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `Tracked next day ${u}` })
    .click();
  await page.getByTestId('sl-labels-create').click();
  const labels = page.getByTestId('sl-labels');
  await expect(labels).toContainText(invoiceNumber);
  await expect(labels).toContainText(/RM\w+GB/);
  const tracking = royalMail.shipments()[0]?.trackingNumbers[0] as string;
  await expect(page.getByTestId('sl-row-tracking').first()).toHaveValue(tracking);
  await expect(page.getByTestId('sl-row-weight').first()).toHaveValue('0.800');
  await expect(page.getByTestId('sl-labels-print')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ship-list-labels.png'), fullPage: true });
  await page.getByTestId('sl-confirm').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(page.getByTestId('sl-status')).toContainText('Confirmed');

  // Amazon hears the tracking number; the screen says so.
  await expect
    .poll(() => amazon.shipmentsOf(orderId).map((s) => s.trackingNumber), { timeout: 60_000 })
    .toEqual([tracking]);
  expect(amazon.shipmentsOf(orderId)[0]?.carrierCode).toBe('Royal Mail');
  await page.goto('/#/api/amazon-fulfillment');
  await expect(
    page.getByRole('row').filter({ hasText: 'Shipment confirmed' }).filter({ hasText: tracking }),
  ).toBeVisible({
    timeout: 30_000,
  });
  // The VAT invoice goes to Amazon beside the confirmation (UPLOAD_INVOICE).
  await expect(
    page.getByRole('row').filter({ hasText: 'Invoice uploaded' }).filter({ hasText: invoiceNumber }),
  ).toBeVisible({ timeout: 30_000 });
  expect(amazon.invoicesOf(orderId).map((i) => i.invoiceNumber)).toEqual([invoiceNumber]);
  await page.screenshot({ path: test.info().outputPath('amazon-fulfilment.png'), fullPage: true });

  // Royal Mail Fulfillment lists the label with its tracking number.
  await page.goto('/#/api/royal-mail-fulfillment');
  await expect(page.getByTestId('carrier-labels')).toContainText(tracking);
  await expect(page.getByTestId('carrier-labels')).toContainText(invoiceNumber);

  // 10 in, 1 sold: 9 reach eBay and Shopify, shown on their Stock Update screens.
  await expect.poll(() => ebay.offerQuantityOf(`OFFER-${u}`), { timeout: 60_000 }).toBe(9);
  await expect.poll(() => shopify.quantityOf(sku.shopify), { timeout: 60_000 }).toBe(9);
  await page.goto('/#/api/ebay-stock-update');
  await expect(page.getByRole('row').filter({ hasText: sku.ebay })).toContainText('9');
  await page.goto('/#/api/shopify-stock-update');
  await expect(page.getByRole('row').filter({ hasText: sku.shopify })).toContainText('9');
  await page.screenshot({ path: test.info().outputPath('shopify-stock.png'), fullPage: true });
  for (const fake of [amazon, ebay, shopify, royalMail]) expect(fake.violations).toEqual([]);
});

test('a store without an API gets its stock as a file: Run now on Samsung makes one, with the quantities to list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = await adminApi();
  const u = unique();
  const warehouse = await api.call<Ref>('POST', '/api/warehouses', {
    code: `SM${u}`.slice(0, 20),
    name: `Samsung bay ${u}`,
  });
  const product = await api.call<Ref & { sku: string }>('POST', '/api/products', {
    sku: `TV-${u}`,
    name: `television ${u}`,
    costPrice: '150',
    salePrice: '399',
  });
  await api.call('POST', '/api/stock/adjustments', {
    reason: 'Opening stock',
    lines: [{ productId: product.id, warehouseId: warehouse.id, quantity: '12', unitCost: '150' }],
  });
  const store = await api.call<Ref>(
    'POST',
    '/api/channel-accounts',
    {
      type: 'SHOPIFY',
      name: `Samsung store ${u}`,
      environment: 'SANDBOX',
      // No channel is called: the stock goes to a file, so no address or credentials are needed.
      settings: { warehouseIds: [warehouse.id], stockDelivery: 'FILE', stockBuffer: { mode: 'UNITS', value: 2 } },
    },
    { 'idempotency-key': `sm-acc-${u}` },
  );
  await api.call(
    'POST',
    '/api/channel-listings',
    { accountId: store.id, productId: product.id, sku: `SAM-${u}` },
    { 'idempotency-key': `sm-list-${u}` },
  );

  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.goto('/#/api/samsung-stock-update');
  const panel = page.getByTestId(`stock-files-${store.id}`);
  await expect(panel).toBeVisible();
  await panel.getByTestId('stock-files-run-now').click();
  // The file appears in the panel and downloads as .xlsx.
  const fileButton = panel.getByTestId('stock-file-download');
  await expect(fileButton).toHaveCount(1, { timeout: 60_000 });
  const download = page.waitForEvent('download');
  await fileButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.screenshot({ path: test.info().outputPath('samsung-stock-file.png'), fullPage: true });
  // One listing, 12 in stock, 2 held back by the buffer: its row lists 10.
  const files = await api.call<{ items: { rows: number }[] }>('GET', `/api/channel-accounts/${store.id}/stock-files`);
  expect(files.items.map((f) => f.rows)).toEqual([1]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error('the stock file has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const row = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(row[header.indexOf('Channel SKU')]).toBe(`SAM-${u}`);
  expect(Number(row[header.indexOf('Quantity to list')])).toBe(10);
});
