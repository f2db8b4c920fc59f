/**
 * `npm run fakes`: every local fake of a channel or carrier API at once, on fixed ports of 127.0.0.1 (FAKES_PORT, 4100
 * by default, and the next seven), for a person to try the whole flow on one machine. It prints, per fake, the base
 * address and the credentials to enter in Api Config (as an administrator, on a Sandbox account), and keeps running
 * until stopped (Ctrl+C). A few orders wait in the Amazon, eBay and Shopify fakes under SKUs FAKE-SKU-1 and -2.
 */
import { AMAZON_FAKE_CREDENTIALS, startAmazonFake } from './amazon/index.ts';
import { DHL_FAKE_LOGIN, startDhlFake } from './dhl/index.ts';
import { DPD_FAKE_LOGIN, startDpdFake } from './dpd/index.ts';
import { EBAY_FAKE_CREDENTIALS, startEbayFake } from './ebay/index.ts';
import type { FakeOrderSeed, RunningFake } from './kit/types.ts';
import { PARCELFORCE_FAKE_LOGIN, startParcelforceFake } from './parcelforce/index.ts';
import { ROYAL_MAIL_FAKE_API_KEY, startRoyalMailFake } from './royal-mail/index.ts';
import { startShopifyFake } from './shopify/index.ts';
import { startTiktokFake, TIKTOK_FAKE_LOGIN } from './tiktok/index.ts';

const base = Number(process.env.FAKES_PORT ?? 4100);
if (!Number.isInteger(base) || base < 1024 || base > 65000) {
  console.error('FAKES_PORT must be a port number between 1024 and 65000.');
  process.exit(1);
}

const order = (n: number): FakeOrderSeed => ({
  buyer: { name: `Sample Buyer ${n}`, email: `buyer${n}@example.com` },
  shipTo: {
    name: `Sample Buyer ${n}`,
    line1: `${n} High Street`,
    city: 'York',
    postcode: 'YO1 7HH',
    countryCode: 'GB',
  },
  lines: [{ sku: `FAKE-SKU-${(n % 2) + 1}`, title: 'Sample product', quantity: 1, unitPrice: '9.99' }],
  shippingCharge: '2.99',
});

async function main() {
  const amazon = await startAmazonFake({ port: base });
  const ebay = await startEbayFake({ port: base + 1 });
  const shopify = await startShopifyFake({ port: base + 2 });
  const tiktok = await startTiktokFake({ port: base + 3 });
  const royalMail = await startRoyalMailFake({ port: base + 4 });
  const parcelforce = await startParcelforceFake({ port: base + 5 });
  const dhl = await startDhlFake({ port: base + 6 });
  const dpd = await startDpdFake({ port: base + 7 });
  for (const fake of [amazon, ebay, shopify]) for (let n = 1; n <= 3; n++) fake.seedOrder(order(n));
  for (const sku of ['FAKE-SKU-1', 'FAKE-SKU-2']) shopify.seedInventoryItem(sku, 0);
  const rows: [string, RunningFake, Record<string, string>][] = [
    ['Amazon (type Amazon)', amazon, AMAZON_FAKE_CREDENTIALS],
    ['eBay (type eBay)', ebay, EBAY_FAKE_CREDENTIALS],
    [
      'Shopify (type Shopify)',
      shopify,
      { accessToken: shopify.accessToken, marketplace: shopify.shop, location: shopify.locationId },
    ],
    ['TikTok Shop (type TikTok Shop, modelled)', tiktok, TIKTOK_FAKE_LOGIN],
    ['Royal Mail Click & Drop', royalMail, { apiKey: ROYAL_MAIL_FAKE_API_KEY }],
    ['Parcelforce ExpressLink', parcelforce, PARCELFORCE_FAKE_LOGIN],
    ['DHL (modelled)', dhl, DHL_FAKE_LOGIN],
    ['DPD (modelled)', dpd, DPD_FAKE_LOGIN],
  ];
  console.log('Fakes of the channels and carriers are listening. In Api Config, as an administrator, add a Sandbox');
  console.log('account of each type with its base address and credentials:\n');
  for (const [name, fake, creds] of rows) {
    console.log(`${name}\n  base address  ${fake.url}`);
    for (const [k, v] of Object.entries(creds)) console.log(`  ${k.padEnd(14)} ${v}`);
    console.log('');
  }
  console.log('Stop with Ctrl+C.');
  const stop = async () => {
    await Promise.all(rows.map(([, f]) => f.close()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
