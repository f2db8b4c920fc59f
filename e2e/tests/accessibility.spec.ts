import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminApi } from '../support/api.ts';
import { ADMIN_PASSWORD, BASE_URL } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/**
 * WCAG 2.2 AA with axe-core: every route of the menu (read from the web app's one menu configuration,
 * so each new screen is checked as it is built, "not available yet" ones included), the dashboard, a
 * few record pages and the sign-in page, left to right and right to left, in English and German. Any
 * violation of serious or critical impact fails, named by route, rule, element and axe's summary.
 * `A11Y_ALL=1` prints the count of every impact as well (the before/after figures of the audit).
 */

const WEB = path.resolve(import.meta.dirname, '../../apps/web/src');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING = new Set(['serious', 'critical']);
type Lang = 'en' | 'de';
type Dir = 'ltr' | 'rtl';

/** `link('titleKey', '/path', …)` of apps/web/src/shell/menu-config.ts: every leaf of the menu. */
function menuRoutes(): { titleKey: string; path: string }[] {
  const source = readFileSync(path.join(WEB, 'shell/menu-config.ts'), 'utf8');
  const routes = [...source.matchAll(/\blink\(\s*'(\w+)',\s*'([^']+)'/g)].map(([, titleKey = '', route = '']) => ({
    titleKey,
    path: route,
  }));
  return routes.filter((route) => route.path.startsWith('/'));
}

const menuTitles = (lang: Lang) =>
  JSON.parse(readFileSync(path.join(WEB, `locales/${lang}/menu.json`), 'utf8')) as Record<string, string>;

interface Finding {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/** axe-core itself, put into the page once (a hash change keeps the document, so it stays). */
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  impact?: string | null;
  nodes: { target: unknown[]; impact?: string | null; failureSummary?: string }[];
}

const BUSY = '.ant-spin-spinning, .ant-skeleton-active';

/**
 * Runs axe on what the page shows once it has settled; returns every violation, one finding per element.
 * A page that starts loading again while axe looks (a list refetching, which fades its rows) is looked at
 * again once settled, so a passing fade is never reported as the page's colours.
 */
async function audit(page: Page, name: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  for (let attempt = 1; ; attempt++) {
    await settled(page);
    // Only violations are gathered (not every passing element), which keeps a run to about a second.
    const { violations, busy } = await page.evaluate(
      async ([tags, busySelector]) => {
        let seen = false;
        const look = () => {
          if (document.querySelector(busySelector)) seen = true;
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['class'],
        });
        look();
        const axe = (
          window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } }
        ).axe;
        const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        observer.disconnect();
        look();
        return { violations: result.violations, busy: seen };
      },
      [TAGS, BUSY] as const,
    );
    if (busy && attempt < 3) continue;
    return (violations as AxeViolation[]).flatMap((violation) =>
      violation.nodes.map((node) => ({
        page: name,
        rule: violation.id,
        impact: node.impact ?? violation.impact ?? 'unknown',
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 300),
      })),
    );
  }
}

/** Waits until nothing on the page is still loading (spinners, skeletons, lazy chunks). */
async function settled(page: Page) {
  await expect(page.locator(BUSY)).toHaveCount(0, { timeout: 15_000 });
}

function counts(findings: readonly Finding[]) {
  const byImpact: Record<string, number> = {};
  for (const f of findings) byImpact[f.impact] = (byImpact[f.impact] ?? 0) + 1;
  return byImpact;
}

function report(label: string, findings: readonly Finding[]) {
  const failing = findings.filter((f) => FAILING.has(f.impact));
  if (process.env.A11Y_ALL) {
    const pages = new Set(findings.map((f) => f.page)).size;
    console.log(`[a11y] ${label}: ${findings.length} elements on ${pages} pages`, JSON.stringify(counts(findings)));
    const rules: Record<string, number> = {};
    for (const f of findings) rules[`${f.impact} ${f.rule}`] = (rules[`${f.impact} ${f.rule}`] ?? 0) + 1;
    console.log(`[a11y] ${label} by rule`, JSON.stringify(rules));
  }
  const lines = failing.map((f) => `${f.page}  [${f.impact}] ${f.rule}  ${f.target}\n    ${f.summary}`);
  expect(failing, `serious or critical violations (${label}):\n${lines.join('\n')}`).toEqual([]);
}

interface Arranged {
  transfer: { id: string; number: string };
  product: { id: string; sku: string };
  warehouse: { id: string; code: string };
}

let arranged: Promise<Arranged> | undefined;
/** Records for the detail pages and for lists that are not empty: a product with stock, a draft transfer. */
function arrange(): Promise<Arranged> {
  arranged ??= (async () => {
    const api = await adminApi();
    const u = `${Date.now().toString(36)}`.toUpperCase();
    const product = await api.call<{ id: string; sku: string }>('POST', '/api/products', {
      sku: `A11Y-${u}`,
      name: `Accessible kettle ${u}`,
    });
    const warehouse = async (code: string, name: string) => {
      const w = await api.call<{ id: string; code: string }>('POST', '/api/warehouses', { code, name });
      const bin = await api.call<{ id: string }>('POST', `/api/warehouses/${w.id}/locations`, {
        code: `${code}-01`,
        zone: 'A',
      });
      return { ...w, binId: bin.id };
    };
    const from = await warehouse(`AF${u}`, `Accessible source ${u}`);
    const to = await warehouse(`AT${u}`, `Accessible destination ${u}`);
    await api.call('POST', '/api/manual-stock/overrides', {
      productId: product.id,
      warehouseId: from.id,
      locationId: from.binId,
      countedQuantity: '12',
      unitCost: '3.50',
      reason: 'Opening stock for the accessibility check',
    });
    const transfer = await api.call<{ id: string; number: string }>('POST', '/api/inventory-transfers', {
      fromWarehouseId: from.id,
      toWarehouseId: to.id,
      lines: [{ productId: product.id, quantity: '2' }],
    });
    return { transfer, product, warehouse: { id: from.id, code: from.code } };
  })();
  return arranged;
}

async function signedIn(page: Page) {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
}

/** Language and direction as the switcher and the customizer keep them (session storage), then a reload. */
async function useSettings(page: Page, lang: Lang, dir: Dir) {
  await page.evaluate(
    ([l, d]) => {
      sessionStorage.setItem('backoffice-language', l);
      sessionStorage.setItem('backoffice-direction', d);
    },
    [lang, dir] as const,
  );
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

async function visit(page: Page, hash: string) {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, hash);
}

for (const lang of ['en', 'de'] as const) {
  for (const dir of ['ltr', 'rtl'] as const) {
    test(`every screen of the menu and some record pages: no serious or critical violation (${lang}, ${dir})`, async ({
      page,
    }) => {
      test.setTimeout(600_000);
      const records = await arrange();
      const titles = menuTitles(lang);
      const routes = menuRoutes();
      expect(routes.length).toBeGreaterThan(50);
      await signedIn(page);
      await useSettings(page, lang, dir);

      const findings: Finding[] = [];
      for (const route of routes) {
        await visit(page, route.path);
        const title = titles[route.titleKey];
        expect(title, `menu title ${route.titleKey} in ${lang}`).toBeTruthy();
        await expect(page.getByTestId('page-title').first(), route.path).toHaveText(title ?? '');
        findings.push(...(await audit(page, route.path)));
      }
      // Record pages, each recognised by what only it shows.
      for (const [hash, shows] of [
        [`/inventory-transfer/transfer/${records.transfer.id}`, records.transfer.number],
        [`/inventory/product/${records.product.id}`, records.product.sku],
        [`/warehouse/warehouse/${records.warehouse.id}`, records.warehouse.code],
      ] as const) {
        await visit(page, hash);
        await expect(page.getByText(shows).first(), hash).toBeVisible();
        findings.push(...(await audit(page, hash)));
      }
      report(`${lang} ${dir}`, findings);
    });
  }
}

test('the sign-in page: no serious or critical violation (en, de)', async ({ browser }: { browser: Browser }) => {
  const findings: Finding[] = [];
  for (const locale of ['en-GB', 'de-DE']) {
    const context = await browser.newContext({ baseURL: BASE_URL, locale });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('#username')).toBeVisible();
    findings.push(...(await audit(page, `sign-in (${locale})`)));
    // With a refused password the page shows its message too.
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill('not the password');
    await page.locator('#kc-login').click();
    await expect(page.locator('[role="alert"]').first()).toBeVisible();
    findings.push(...(await audit(page, `sign-in refused (${locale})`)));
    await context.close();
  }
  report('sign-in', findings);
});
