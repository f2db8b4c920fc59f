import { readFileSync } from 'node:fs';
import * as contracts from '@backoffice/contracts';
import { ALL_PERMISSIONS, type EndpointDef } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/app.ts';
import { post } from '../src/domains/stock/index.ts';
import { type ApiAnswer, type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';
import { businessChecksum, businessTables, changedTables } from './business-tables.ts';
import { DOCX, PDF, PNG, XLSX, zip } from './fixtures.ts';
import {
  bodyArb,
  encodePart,
  type IdPicker,
  multipartArb,
  objectKeys,
  paramArb,
  projectOnto,
  queryArb,
  RAW_PATH_PARTS,
} from './fuzz-values.ts';

/**
 * Hostile requests on every route, generated from the contracts when the file runs: a route added tomorrow is
 * fuzzed without anyone editing this file. An administrator holding every permission sends them, so they reach
 * validation, the handler and the database. Each answer must come within 15 s and be a 4xx with a declared code
 * and a message, or a 2xx where the value happens to be valid; never a 5xx. After a refused change the business
 * tables must be as before (a checksum of every table the catalogue lists, less logs, jobs and sign-in state).
 * Bodies are plausible ones from the schema with hostile values planted, existing records with one value made
 * hostile, or hostile as a whole; path parameters existing ids, random uuids or hostile text; queries likewise.
 *
 * The cases are sampled with a seeded generator, a fixed number per route. A failure prints its seed; replay it
 * with `FUZZ_SEED=<seed> npx vitest run test/fuzz.test.ts` (add `-t '<METHOD> <path>'` for the one route: the
 * same cases, though records made by earlier routes are then missing). FUZZ_RUNS and FUZZ_LIST_RUNS raise the
 * number of cases for a longer hunt; FUZZ_DEBUG=1 prints every answer's status and code.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS_PER_CHANGE = Number(process.env.FUZZ_RUNS ?? 24);
const RUNS_PER_READ = Number(process.env.FUZZ_LIST_RUNS ?? 6);

const isEndpoint = (v: unknown): v is EndpointDef =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as EndpointDef).method === 'string' &&
  typeof (v as EndpointDef).path === 'string';

/** Every endpoint of every `…Api` export of the contracts. */
function contractEndpoints(): EndpointDef[] {
  const found: EndpointDef[] = [];
  for (const [name, group] of Object.entries(contracts)) {
    if (!name.endsWith('Api') || typeof group !== 'object' || group === null) continue;
    for (const def of Object.values(group)) if (isEndpoint(def)) found.push(def);
  }
  return found;
}

const endpoints = contractEndpoints();

/**
 * The codes an answer may carry: those the contracts declare (`…ErrorCode`) and those the web app translates
 * (its English errors file), so that every refusal reaches the person as a sentence in their language.
 */
function declaredErrorCodes(): Set<string> {
  const codes = new Set<string>();
  for (const [name, group] of Object.entries(contracts))
    if (name.endsWith('ErrorCode') && typeof group === 'object' && group !== null)
      for (const code of Object.values(group)) if (typeof code === 'string') codes.add(code);
  const translated: unknown = JSON.parse(
    readFileSync(new URL('../../web/src/locales/en/errors.json', import.meta.url), 'utf8'),
  );
  for (const code of Object.keys(translated as Record<string, string>)) codes.add(code);
  return codes;
}
const errorCodes = declaredErrorCodes();
const changes = endpoints.filter((d) => d.method !== 'GET' || d.mutation);
/** Reads that take a query: lists (sort, page, pageSize, q, filters), exports and reports. */
const reads = endpoints.filter((d) => d.method === 'GET' && !d.mutation && d.query);

/** The seed of one route's cases: the run's seed mixed with the route, so `-t` on one route replays it. */
function routeSeed(def: EndpointDef): number {
  let h = SEED | 0;
  for (const ch of `${def.method} ${def.path}`) h = Math.imul(h ^ ch.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

interface FuzzCase {
  params: Record<string, string>;
  query: [string, string][];
  body: string | Buffer | undefined;
  /** The body's declared type: JSON mostly, sometimes one the route never reads. */
  contentType: string;
  idempotencyKey: string | undefined;
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json, text/html',
] as const;

const paramNames = (path: string) => [...path.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1] ?? '');
/** The collection a path parameter names a member of: `/api/warehouses/:id/locations/:locationId` → locations. */
const collectionOf = (path: string, param: string) =>
  path
    .slice(0, path.indexOf(`:${param}`))
    .split('/')
    .filter(Boolean)
    .at(-1) ?? param;

function caseArb(
  def: EndpointDef,
  ids: IdPicker,
  withBody: boolean,
  bases: readonly unknown[],
): fc.Arbitrary<FuzzCase> {
  const names = paramNames(def.path);
  const params = fc.tuple(...names.map((n) => paramArb(collectionOf(def.path, n), ids)));
  const json = jsonCaseArb(def, ids, withBody, bases, names, params);
  if (!def.multipart) return json;
  // An upload: mostly a file with hostile names and contents, sometimes what a JSON route would get.
  const upload = fc
    .record({
      params,
      query: def.query ? queryArb(def.query, ids) : fc.constant<[string, string][]>([]),
      file: multipartArb(UPLOAD_FILES),
    })
    .map(({ params: values, query, file }) => ({
      params: Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])),
      query,
      body: file.body,
      contentType: file.contentType,
      idempotencyKey: undefined,
    }));
  return fc.oneof({ weight: 3, arbitrary: upload }, { weight: 1, arbitrary: json });
}

const UPLOAD_FILES = [PNG, PDF, XLSX, DOCX, zip({ 'xl/workbook.xml': '<workbook/>', '../../evil.xml': 'x' })];

function jsonCaseArb(
  def: EndpointDef,
  ids: IdPicker,
  withBody: boolean,
  bases: readonly unknown[],
  names: string[],
  params: fc.Arbitrary<string[]>,
): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      params,
      query: def.query ? queryArb(def.query, ids) : fc.constant<[string, string][]>([]),
      body: withBody ? bodyArb(def.body, ids, bases) : fc.constant(undefined),
      contentType: fc.oneof(
        { weight: 9, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      idempotencyKey: def.idempotent
        ? fc.oneof(
            { weight: 6, arbitrary: fc.uuid({ version: 4 }) },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                'short',
                'a b c d e f',
                '../../etc/passwd',
                'clé-clé-clé',
                '%00%00%00%00',
                '__proto__',
              ),
            },
          )
        : fc.constant(undefined),
    })
    .map(({ params: values, ...rest }) => ({
      params: Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])),
      ...rest,
    }));
}

function urlOf(def: EndpointDef, c: FuzzCase): string {
  const path = def.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = c.params[name] ?? '';
    return RAW_PATH_PARTS.includes(value) ? value : encodePart(value);
  });
  const query = c.query.map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`).join('&');
  return query ? `${path}?${query}` : path;
}

const shorten = (body: string | Buffer | undefined) => {
  if (body === undefined) return '(no body)';
  const text = typeof body === 'string' ? body : body.subarray(0, 400).toString('latin1');
  return text.length > 300 ? `${text.slice(0, 300)}… (${body.length} chars)` : text;
};

let ta: TestApp;
let admin: ApiClient;
let adminToken: string;
let tables: string[];
/** Ids of existing records by collection (`brands`, `locations`, …), refreshed after successful changes. */
let pools = new Map<string, string[]>();
let poolsStale = true;
let ownIds: Set<string>;

beforeAll(async () => {
  // No job runner: a job started by one case must not change the tables while another case is checked.
  ta = await startTestApp({}, { jobs: { autoStart: false } });
  const a = await clientWith(ta, ALL_PERMISSIONS);
  admin = a.api;
  adminToken = a.tokens.accessToken;
  const ownRoles = await ta.t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', a.user.id).execute();
  // The fuzzing administrator's own user and role are left out of the ids, so no case locks it out.
  ownIds = new Set([a.user.id, ...ownRoles.map((r) => r.role_id)]);
  tables = await businessTables(ta.t.db);
  await seedWorld();
});
afterAll(() => ta?.close());

/** A few records of each kind that later routes refer to, so that plausible cases reach the services. */
async function seedWorld() {
  const db = ta.t.db;
  await db.insertInto('brands').values({ code: 'FUZZ', name: 'Fuzz brand' }).execute();
  await db.insertInto('cost_centers').values({ code: 'FUZZ', name: 'Fuzz cost centre' }).execute();
  const products = await db
    .insertInto('products')
    .values([
      { sku: 'FUZZ-1', name: 'Fuzz product one', cost_price: '2.5' },
      { sku: 'FUZZ-2', name: 'Fuzz product two' },
    ])
    .returning('id')
    .execute();
  const warehouse = await db
    .insertInto('warehouses')
    .values({ code: 'WFUZZ', name: 'Fuzz warehouse', kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('warehouse_configs')
    .values({ warehouse_id: warehouse.id, allow_negative_stock: false })
    .execute();
  await db
    .insertInto('warehouse_locations')
    .values([
      { warehouse_id: warehouse.id, code: 'A-01', pick_sequence: 1 },
      { warehouse_id: warehouse.id, code: 'A-02', pick_sequence: 2 },
    ])
    .execute();
  await db.transaction().execute((tx) =>
    post(
      { db: tx, user: null },
      {
        sourceType: 'test',
        sourceId: null,
        postedOn: null,
        lines: products.map((p) => ({
          productId: p.id,
          warehouseId: warehouse.id,
          kind: 'RECEIPT',
          quantity: new Decimal(50),
          unitCost: new Decimal('3.25'),
        })),
      },
    ),
  );
}

const listRoutes = () => endpoints.filter((d) => d.method === 'GET' && objectKeys(d.query).includes('page'));

/** Reads the ids of existing records from every list (nested lists under the first few parents). */
async function harvestIds() {
  const next = new Map<string, string[]>();
  const add = (collection: string, items: unknown) => {
    if (!Array.isArray(items)) return;
    const ids = items
      .map((i: { id?: unknown; code?: unknown }) => (typeof i?.id === 'string' ? i.id : i?.code))
      .filter((v): v is string => typeof v === 'string' && !ownIds.has(v));
    next.set(collection, [...(next.get(collection) ?? []), ...ids].slice(0, 40));
  };
  const lists = listRoutes();
  for (const def of lists.filter((d) => !d.path.includes(':'))) {
    const res = await admin.get<{ items?: unknown }>(`${def.path}?pageSize=20`);
    if (res.status === 200) add(collectionOf(`${def.path}/:x`, 'x'), res.body.items);
  }
  for (const def of lists.filter((d) => paramNames(d.path).length === 1)) {
    const [param = ''] = paramNames(def.path);
    for (const parent of (next.get(collectionOf(def.path, param)) ?? []).slice(0, 3)) {
      const res = await admin.get<{ items?: unknown }>(
        `${def.path.replace(`:${param}`, encodePart(parent))}?pageSize=20`,
      );
      if (res.status === 200) add(collectionOf(`${def.path}/:x`, 'x'), res.body.items);
    }
  }
  pools = next;
  poolsStale = false;
}

const word = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const singular = (s: string) =>
  word(s)
    .replace(/(ies)$/, 'y')
    .replace(/(ses|xes)$/, (m) => m.slice(0, 2))
    .replace(/s$/, '');

/** Ids for a field or parameter by its name: `warehouseId`, `fromWarehouseId` and `warehouses` read the warehouses. */
const pickIds: IdPicker = (name) => {
  const n = word(name.replace(/Ids?$/, ''));
  const matches = [...pools.entries()].filter(([collection]) => {
    const s = singular(collection);
    return s.length > 0 && (n.includes(s) || s.includes(n));
  });
  const chosen = matches.length ? matches : [...pools.entries()];
  return [...new Set(chosen.flatMap(([, ids]) => ids))].slice(0, 60);
};

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Valid bodies for a change, read from the records it changes: the record's own GET (`PUT /api/x/:id` →
 * `GET /api/x/:id`, `POST /api/x` → `GET /api/x/:id`, `PATCH /api/x/part` → `GET /api/x`'s `part`), cut
 * down to the input's fields and kept when the contract accepts them. One value of each is then made hostile.
 */
async function basesFor(def: EndpointDef): Promise<unknown[]> {
  const schema = def.body;
  if (!schema) return [];
  const parent = def.path.slice(0, def.path.lastIndexOf('/'));
  const part = camel(def.path.slice(def.path.lastIndexOf('/') + 1));
  const sources: { path: string; field?: string }[] = [
    { path: def.path },
    { path: `${def.path}/:id` },
    { path: parent, field: part },
  ];
  const bases: unknown[] = [];
  for (const source of sources) {
    if (!endpoints.some((g) => g.method === 'GET' && g.path === source.path)) continue;
    const names = paramNames(source.path);
    for (let i = 0; i < 2; i++) {
      const values = names.map((n) => pickIdsIn(collectionOf(source.path, n))[i]);
      if (values.some((v) => v === undefined)) break;
      const url = names.reduce((p, n, j) => p.replace(`:${n}`, encodePart(values[j] ?? '')), source.path);
      const res = await admin.get<Record<string, unknown>>(url);
      if (res.status !== 200 || res.body === null || typeof res.body !== 'object') continue;
      const record = source.field ? res.body[source.field] : res.body;
      for (const keepNulls of [true, false]) {
        const candidate = projectOnto(record, schema, keepNulls);
        if (schema.safeParse(candidate).success) {
          bases.push(candidate);
          break;
        }
      }
      if (!names.length) break;
    }
  }
  return bases;
}

/** Ids of one collection exactly (for reading the record a change starts from). */
const pickIdsIn = (collection: string) => pools.get(collection) ?? [];

/** As the web app sends (bearer token, anti-forgery cookie and header), with any content type. */
async function send(
  method: string,
  url: string,
  body: string | Buffer | undefined,
  contentType: string,
  headers: Record<string, string>,
): Promise<ApiAnswer> {
  const res = await fetch(`${ta.baseUrl}${url}`, {
    // A request the server never answers is a finding too, reported as such rather than as a test timeout.
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${adminToken}`,
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(body === undefined ? {} : { 'content-type': contentType }),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the text itself, which the check then refuses
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
const XSRF = 'fuzz-anti-forgery-token';
const ANSWER_WITHIN_MS = 15_000;

function expectErrorBody(res: ApiAnswer, where: string) {
  expect(res.status, `${where}\nanswered ${res.status}: ${shorten(JSON.stringify(res.body))}`).toBeLessThan(500);
  if (res.status < 400) {
    expect(res.status, `${where}: a redirect`).toBeLessThan(300);
    return;
  }
  const body = res.body as { code?: unknown; message?: unknown } | null;
  expect(
    typeof body?.code === 'string' && errorCodes.has(body.code),
    `${where}: no declared code in ${shorten(JSON.stringify(body))}`,
  ).toBe(true);
  expect(typeof body?.message === 'string' && body.message.length > 0, `${where}: no message`).toBe(true);
}

async function runCases(def: EndpointDef, runs: number, isChange: boolean) {
  if (poolsStale) await harvestIds();
  let before = isChange ? await businessChecksum(ta.t.db, tables) : {};
  let changedSomething = false;
  const bases = isChange ? await basesFor(def) : [];
  if (process.env.FUZZ_DEBUG) process.stderr.write(`FUZZBASES ${bases.length} ${def.method} ${def.path}\n`);
  const property = fc.asyncProperty(caseArb(def, pickIds, def.method !== 'GET', bases), async (c) => {
    const url = urlOf(def, c);
    const headers: Record<string, string> = c.idempotencyKey ? { 'idempotency-key': c.idempotencyKey } : {};
    const res = await send(def.method, url, c.body, c.contentType, headers);
    if (process.env.FUZZ_DEBUG)
      process.stderr.write(
        `FUZZ ${res.status} ${(res.body as { code?: string } | null)?.code ?? '-'} ${def.method} ${def.path} ${shorten(JSON.stringify((res.body as { message?: string } | null)?.message ?? ''))}\n`,
      );
    const where = `${def.method} ${shorten(url)} (${c.contentType}) body ${shorten(c.body)}`;
    expectErrorBody(res, where);
    if (!isChange) return;
    const after = await businessChecksum(ta.t.db, tables);
    if (res.status >= 400) {
      const changed = changedTables(before, after);
      expect(changed, `${where}\nrefused with ${res.status} but changed ${changed.join(', ')}`).toEqual([]);
    } else {
      changedSomething = true;
      before = after;
    }
  });
  try {
    await fc.assert(property, { seed: routeSeed(def), numRuns: runs, endOnFailure: true });
  } catch (e) {
    // fast-check's report (seed, path, the whole counterexample) is long: its first lines and the failed expectation say enough.
    const report = (e instanceof Error ? e.message : String(e)).split('\n').slice(0, 2).join('\n');
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : '';
    throw new Error(
      `FUZZ_SEED=${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run test/fuzz.test.ts -t '${def.method} ${def.path}')\n${report}\n${cause}`,
    );
  } finally {
    if (changedSomething) poolsStale = true;
  }
}

describe('what the fuzzing found, pinned', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('refuses a body nested deeper than any contract with a 400, on routes with and without a body', async () => {
    const before = await businessChecksum(ta.t.db, tables);
    for (const [path, key] of [
      ['/api/reports/fifo-stock-process/runs', 'fuzz-deep-1'],
      ['/api/brands', 'fuzz-deep-2'],
    ] as const) {
      const res = await admin.call('POST', path, `{"name":${deep(60_000)}}`, { 'idempotency-key': key });
      expect([res.status, (res.body as { code?: string }).code], path).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(changedTables(before, await businessChecksum(ta.t.db, tables))).toEqual([]);
  });

  it('refuses a malformed multipart body with a 400, on both upload routes', async () => {
    for (const path of ['/api/upload/uploadFile', '/api/import-files?kind=products']) {
      for (const body of ['null', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc']) {
        const res = await send('POST', path, body, 'multipart/form-data; boundary=x', {});
        expect([res.status, (res.body as { code?: string }).code], `${path} ${body}`).toEqual([400, 'BAD_REQUEST']);
      }
    }
  });
});

describe('what the router refuses, in the usual error body', () => {
  it('answers a malformed %-escape and an over-long path segment with a declared code', async () => {
    for (const [path, status] of [
      ['/api/brands/%E0%A4%A', 400],
      ['/api/brands/%zz', 400],
      [`/api/brands/${'x'.repeat(101)}`, 414],
    ] as const) {
      const res = await admin.call('PUT', path, '{}');
      expect([res.status, (res.body as { code?: string }).code], path).toEqual([status, 'BAD_REQUEST']);
    }
  });
});

// The seed is in the name, so that it is printed with any failure, a timeout included.
describe(`hostile values on every route, generated from the contracts (FUZZ_SEED=${SEED})`, () => {
  it('walks the contracts: every served route is a contract endpoint, and there are many', () => {
    const served = apiRoutes(ta.config).map((r) => `${r.def.method} ${r.def.path}`);
    const declared = new Set(endpoints.map((d) => `${d.method} ${d.path}`));
    expect(served.filter((s) => !declared.has(s))).toEqual([]);
    expect(changes.length).toBeGreaterThan(50);
  });

  describe('changes: 4xx with a code and nothing changed, or 2xx', () => {
    for (const def of changes) it(`${def.method} ${def.path}`, () => runCases(def, RUNS_PER_CHANGE, true), 60_000);
  });

  describe('reads with a query: 4xx with a code, or 2xx', () => {
    for (const def of reads) it(`${def.method} ${def.path}`, () => runCases(def, RUNS_PER_READ, false), 60_000);
  });
});
