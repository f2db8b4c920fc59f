import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes (or, with `check`, compares) apps/web/src/shared/api/endpoints/<area>.gen.ts from the
 * contracts: for every `…Api` object packages/contracts exports, one file with a descriptor per
 * endpoint (method, path, the definition's type, and for a change what it makes stale).
 * Usage: `npm run endpoints --workspace apps/web` (write), `npm run endpoints:check --workspace apps/web`.
 *
 * One file per area rather than one for all: a module lands whole in one chunk, so the shell (which
 * needs a handful of endpoints) would otherwise carry every area's descriptors in the first load.
 */

/** What the generator reads of a definition; the zod schemas stay on the server's side. */
export interface EndpointShape {
  method: string;
  path: string;
  mutation?: boolean;
}

/** An `…Api` export of the contracts: its name and its endpoints. */
export interface Area {
  name: string;
  endpoints: Record<string, EndpointShape>;
}

/**
 * Everything a stock posting changes: stock levels, ledgers, availability, reports. Reports are derived
 * from the same ledger, so they go stale with it.
 */
const STOCK_FIGURES = [
  '/api/inventory',
  '/api/manual-stock',
  '/api/stock',
  '/api/inventory-transfers',
  '/api/bundle-tasks',
  '/api/reports',
  '/api/warehouse-reports',
];

/**
 * Resources a change touches besides its own (the first segment of its path), where the server's change
 * reaches further. Keyed by resource (every change under it) or by `area.endpoint`.
 */
export const ALSO_INVALIDATES: Readonly<Record<string, readonly string[]>> = {
  // A processor keeps its currency active (a currency in use cannot be deactivated).
  '/api/processors': ['/api/currencies'],
  // Users show their roles' names; roles show how many users hold them.
  '/api/roles': ['/api/users'],
  '/api/users': ['/api/roles'],
  // Bins are the default locations of a warehouse's configuration, listed apart.
  // The purchasing pickers read suppliers, products, warehouses and bins through lookups of their own.
  '/api/warehouses': ['/api/warehouse-configs', '/api/purchasing-lookups'],
  '/api/business-partners': ['/api/purchasing-lookups'],
  '/api/products': ['/api/purchasing-lookups'],
  // A settlement holds and pays supplier invoices (status, open amount) and applies supplier credits (RMAs').
  '/api/purchase-invoice-settlements': ['/api/purchase-invoices', '/api/rmas/supplier-credits'],
  // A consignment invoice is a supplier invoice (listed in Client Invoices); a supplier invoice's book or cancel
  // step on one settles or releases what is owed to the supplier.
  '/api/consignment-invoices': ['/api/purchase-invoices'],
  'purchaseInvoicesApi.bookPurchaseInvoice': ['/api/consignment-invoices'],
  'purchaseInvoicesApi.cancelPurchaseInvoice': ['/api/consignment-invoices'],
  'stockApi.overrideStock': STOCK_FIGURES,
  'stockApi.adjustStock': STOCK_FIGURES,
  'stockApi.reverseOverride': STOCK_FIGURES,
  'stockApi.createReservation': STOCK_FIGURES,
  'stockApi.releaseReservation': STOCK_FIGURES,
  'stockApi.issueReservation': STOCK_FIGURES,
  'transfersApi.dispatchTransfer': STOCK_FIGURES,
  'transfersApi.receiveTransfer': STOCK_FIGURES,
  'bundlesApi.completeBundleTask': STOCK_FIGURES,
  'stockCountsApi.postStockCount': STOCK_FIGURES,
  'stockCountsApi.reverseStockCount': STOCK_FIGURES,
  // Posting a receipt moves stock and the order's received quantities and status.
  'goodsReceivedNotesApi.postGoodsReceivedNote': [...STOCK_FIGURES, '/api/purchase-orders'],
  'goodsReceivedNotesApi.postFastReceipt': [...STOCK_FIGURES, '/api/purchase-orders'],
  'goodsReceivedNotesApi.applyLandedCost': [...STOCK_FIGURES],
  // Shipping an RMA and receiving its replacement move stock.
  'rmasApi.shipRma': STOCK_FIGURES,
  'rmasApi.replaceRma': STOCK_FIGURES,
  // Booking reserves stock and cancelling releases it; creating may book at once and write a new customer.
  'salesInvoicesApi.createSalesInvoice': [...STOCK_FIGURES, '/api/customers'],
  'salesInvoicesApi.bookSalesInvoice': STOCK_FIGURES,
  'salesInvoicesApi.cancelSalesInvoice': STOCK_FIGURES,
  // A channel's dispatch promise decides which shipments are late on the dashboard and in the Daily Control report.
  'salesInvoicesApi.updateSalesChannelSettings': ['/api/reports', '/api/dashboard'],
  // So do the non-working days the promises count past.
  '/api/non-working-days': ['/api/reports', '/api/dashboard', '/api/sales-invoices'],
  // A pick list moves its invoices' statuses; a partial pick splits a back-order off and moves reservations.
  '/api/pick-lists': ['/api/sales-invoices'],
  'pickListsApi.confirmPickList': [...STOCK_FIGURES, '/api/sales-invoices'],
  // A ship list holds its invoices; confirming ships them (stock issued, invoices processed), and a shipped invoice
  // is what a return ticket, a shipping claim and a credit note are made from.
  '/api/ship-lists': ['/api/sales-invoices'],
  // Labels are made from a ship list and listed on the carriers' screens; cancelling one changes its list's labels.
  'shippingLabelsApi.createShipListLabels': ['/api/shipping-labels', '/api/channel-messages'],
  'shippingLabelsApi.cancelShippingLabel': ['/api/ship-lists'],
  // Channels: an account's change, a listing's or a retry shows on the API area's screens.
  '/api/channel-accounts': ['/api/channel-sync', '/api/channel-messages', '/api/channel-stock'],
  '/api/channel-listings': ['/api/channel-unmapped-skus', '/api/channel-stock', '/api/channel-sync'],
  '/api/channel-messages': ['/api/channel-sync'],
  'shipListsApi.confirmShipList': [
    ...STOCK_FIGURES,
    '/api/sales-invoices',
    '/api/return-tickets',
    '/api/shipping-claims',
    '/api/credit-notes',
  ],
  // Receiving a return posts its units back (the damaged held out of available) and makes the ticket a credit
  // note's source; the inspection restocks, writes off or keeps holding them.
  'returnTicketsApi.receiveReturnTicket': [...STOCK_FIGURES, '/api/credit-notes'],
  'returnTicketsApi.inspectReturnTicket': STOCK_FIGURES,
  // Runs in the background: the run, when it has finished, refreshes what its start names.
  'inventoryImportsApi.createInventoryImport': STOCK_FIGURES,
  'importsApi.createProductImport': ['/api/products'],
};

/**
 * A change whose own resource is narrower than its path's first segment: starting a FIFO process run
 * changes the runs, not the other reports.
 */
export const OWN_RESOURCE: Readonly<Record<string, string>> = {
  'stockReportsApi.startFifoProcess': '/api/reports/fifo-stock-process',
};

const firstSegment = (p: string) => /^\/api\/[^/]+/.exec(p)?.[0] ?? p;

export const isChange = (endpoint: EndpointShape) => endpoint.method !== 'GET' || endpoint.mutation === true;

/** The resources a change of `area.name` makes stale: its own, then those it or its resource names. */
export function invalidatesOf(area: string, name: string, endpoint: EndpointShape): string[] {
  if (!isChange(endpoint)) return [];
  const id = `${area}.${name}`;
  const own = OWN_RESOURCE[id] ?? firstSegment(endpoint.path);
  const also = [...(ALSO_INVALIDATES[firstSegment(endpoint.path)] ?? []), ...(ALSO_INVALIDATES[id] ?? [])];
  return [...new Set([own, ...also])];
}

const isUnder = (resource: string, p: string) => p === resource || p.startsWith(`${resource}/`);

/**
 * What the rules name that the contracts do not have (an endpoint, or a resource no path lies under):
 * a renamed endpoint or path leaves one behind.
 */
export function unknownRuleKeys(areas: readonly Area[]): string[] {
  const ids = new Set<string>();
  const paths: string[] = [];
  for (const area of areas)
    for (const [name, endpoint] of Object.entries(area.endpoints)) {
      ids.add(`${area.name}.${name}`);
      paths.push(endpoint.path);
    }
  const isKnown = (key: string) => (key.startsWith('/') ? paths.some((p) => isUnder(key, p)) : ids.has(key));
  const named = [
    ...Object.entries(ALSO_INVALIDATES).flatMap(([key, resources]) => [key, ...resources]),
    ...Object.entries(OWN_RESOURCE).flat(),
  ];
  return [...new Set(named)].filter((key) => !isKnown(key));
}

/** `stockReportsApi` → `stock-reports`. */
export function fileNameOf(area: string): string {
  return `${area
    .replace(/Api$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()}.gen.ts`;
}

/** `stockReportsApi` → `stockReportsEndpoints`. */
export const exportNameOf = (area: string) => area.replace(/Api$/, 'Endpoints');

/** One area's file, before formatting. */
export function renderArea(area: Area): string {
  const lines = [
    '// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.',
    "import type * as contracts from '@backoffice/contracts';",
    "import { endpointRef } from '../descriptor.ts';",
    '',
    `/** The endpoints of \`${area.name}\`: method, path and, for a change, the resources it makes stale. */`,
    `export const ${exportNameOf(area.name)} = {`,
  ];
  for (const [name, endpoint] of Object.entries(area.endpoints)) {
    const invalidates = invalidatesOf(area.name, name, endpoint);
    const args = [JSON.stringify(endpoint.method), JSON.stringify(endpoint.path)];
    if (invalidates.length) args.push(`[${invalidates.map((p) => JSON.stringify(p)).join(', ')}]`);
    lines.push(`  ${name}: endpointRef<typeof contracts.${area.name}.${name}>(${args.join(', ')}),`);
  }
  lines.push('};', '');
  return lines.join('\n');
}

const isEndpoint = (value: unknown): value is EndpointShape =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { method?: unknown }).method === 'string' &&
  typeof (value as { path?: unknown }).path === 'string';

/** The `…Api` exports of a contracts module, each with its endpoints, by name. */
export function areasOf(contracts: Record<string, unknown>): Area[] {
  const areas: Area[] = [];
  for (const [name, value] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b))) {
    if (!name.endsWith('Api') || typeof value !== 'object' || value === null) continue;
    const endpoints: Record<string, EndpointShape> = {};
    for (const [key, endpoint] of Object.entries(value)) if (isEndpoint(endpoint)) endpoints[key] = endpoint;
    if (Object.keys(endpoints).length) areas.push({ name, endpoints });
  }
  return areas;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const OUT_DIR = path.join(root, 'apps/web/src/shared/api/endpoints');

/** Formats as `biome check --write` would, so that the committed files pass `npm run check` as they are. */
function format(file: string, text: string): string {
  return execFileSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['check', '--write', `--stdin-file-path=${path.relative(root, file)}`],
    { cwd: root, input: text, encoding: 'utf8' },
  );
}

/** Every file the contracts call for, formatted, by absolute path. */
export async function generate(): Promise<Map<string, string>> {
  const contracts: Record<string, unknown> = await import('@backoffice/contracts');
  const areas = areasOf(contracts);
  const unknown = unknownRuleKeys(areas);
  if (unknown.length) throw new Error(`Invalidation rules name no endpoint of the contracts: ${unknown.join(', ')}`);
  const files = new Map<string, string>();
  for (const area of areas) {
    const file = path.join(OUT_DIR, fileNameOf(area.name));
    files.set(file, format(file, renderArea(area)));
  }
  return files;
}

/** The differences between the files on disk and those the contracts call for; none when current. */
export function staleFiles(expected: Map<string, string>): string[] {
  let present: string[] = [];
  try {
    present = readdirSync(OUT_DIR).filter((name) => name.endsWith('.gen.ts'));
  } catch {
    // no folder yet: every file is missing
  }
  const stale = present.map((name) => path.join(OUT_DIR, name)).filter((file) => !expected.has(file));
  for (const [file, text] of expected) {
    let current: string | null = null;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) stale.push(file);
  }
  return stale.map((file) => path.relative(root, file)).sort();
}

async function main(mode: string) {
  const expected = await generate();
  if (mode === 'check') {
    const stale = staleFiles(expected);
    if (stale.length) {
      console.error(
        `Endpoint descriptors are stale (${stale.join(', ')}): run \`npm run endpoints --workspace apps/web\` and commit them.`,
      );
      process.exit(1);
    }
    console.log('endpoint descriptors are current');
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  for (const name of readdirSync(OUT_DIR))
    if (name.endsWith('.gen.ts') && !expected.has(path.join(OUT_DIR, name))) rmSync(path.join(OUT_DIR, name));
  for (const [file, text] of expected) writeFileSync(file, text);
  console.log(`wrote ${expected.size} files in ${path.relative(process.cwd(), OUT_DIR)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main(process.argv[2] ?? 'write');
