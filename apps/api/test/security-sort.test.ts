import { ALL_PERMISSIONS, type ErrorBody, type Page } from '@backoffice/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/app.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/** Names every plain object inherits: a whitelist read as `columns[field]` finds them all. */
const PROTOTYPE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];

let ta: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  ta = await startTestApp();
  admin = (await clientWith(ta, ALL_PERMISSIONS)).api;
  // One record behind each list that lives under another record (a warehouse's bins, a count's lines).
  const warehouse = await ta.t.db
    .insertInto('warehouses')
    .values({ code: 'SORTWH', name: 'Sort probe', kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: warehouse.id }).execute();
  const count = await admin.post(
    '/api/stock-counts',
    { warehouseId: warehouse.id },
    { 'idempotency-key': 'sort-probe-1' },
  );
  expect(count.status).toBe(201);
});
afterAll(() => ta.close());

/** Values for the query fields some lists require (a date range), by name. */
const today = new Date().toISOString().slice(0, 10);
const REQUIRED_QUERY: Record<string, string> = {
  from: new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10),
  to: today,
  // The purchase orders are listed one type at a time.
  type: 'PRIOR_ORDER_PO',
};

/** Every list the API serves, found from the contracts: a GET whose query takes `sort`. */
const lists = () =>
  apiRoutes(ta.config)
    .map((r) => r.def)
    .filter((d) => d.method === 'GET' && d.query !== undefined && 'sort' in d.query.shape);

/**
 * A path with its parameters filled from the list it sits under (`/api/warehouses/:id/locations` takes the
 * first warehouse's id), so a list that a new area nests under a record is probed without editing this test.
 */
async function concretePath(path: string): Promise<string> {
  let out = path;
  for (const match of path.matchAll(/\/:([a-zA-Z]+)/g)) {
    const [whole, param = ''] = match;
    const parent = out.slice(0, out.indexOf(whole));
    const page = await admin.get<Page<Record<string, unknown>>>(`${parent}?pageSize=1`);
    const value = page.body.items?.[0]?.[param];
    if (typeof value !== 'string') throw new Error(`no record under ${parent} to fill :${param} of ${path}`);
    out = out.replace(whole, `/${encodeURIComponent(value)}`);
  }
  return out;
}

describe('sorting a list', () => {
  it('finds the lists in the contracts', () => {
    expect(lists().length).toBeGreaterThan(50);
  });

  it('answers 400 with a code for a prototype key on every list, and sorts by every key it names', async () => {
    const failures: string[] = [];
    for (const def of lists()) {
      const path = await concretePath(def.path);
      // A list that needs a range (the daily level) is asked about a valid one, so only its sort can be refused.
      const required = Object.entries(def.query?.shape ?? {})
        .filter(
          ([, schema]) => !(schema as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success,
        )
        .map(([key]) => key);
      const extra = required.map((key) => `&${key}=${encodeURIComponent(REQUIRED_QUERY[key] ?? '')}`).join('');
      let allowed: string[] | undefined;
      for (const key of PROTOTYPE_KEYS) {
        for (const sort of [key, `-${key}`]) {
          const res = await admin.get<ErrorBody>(`${path}?sort=${encodeURIComponent(sort)}${extra}`);
          if (res.status !== 400 || res.body?.code !== 'VALIDATION_FAILED')
            failures.push(`${def.path}?sort=${sort}: ${res.status} ${res.body?.code}`);
          const details = res.body?.details as { allowed?: string[] } | undefined;
          allowed ??= details?.allowed;
        }
      }
      // What the refusal offers instead is really accepted.
      if (!allowed?.length) failures.push(`${def.path}: the refusal names no sortable field`);
      for (const field of allowed ?? []) {
        const res = await admin.get(`${path}?sort=-${field}${extra}`);
        if (res.status !== 200) failures.push(`${def.path}?sort=-${field}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Every list of the product, each asked a dozen times: it grows with the product, so not the 30 s of one case.
  }, 180_000);

  it('names the sort field as the failing query parameter', async () => {
    const res = await admin.get<ErrorBody>('/api/brands?sort=constructor');
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({
      allowed: ['code', 'name', 'updatedAt'],
      issues: [{ path: 'query.sort' }],
    });
  });
});
