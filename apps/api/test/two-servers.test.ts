import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FifoProcessRun, ImportFilePreview, ImportRun, ImportRunDetail, Transfer } from '@backoffice/contracts';
import { ALL_PERMISSIONS } from '@backoffice/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_JOB_KIND } from '../src/domains/imports/import-jobs.ts';
import { FIFO_PROCESS_JOB_KIND, failInterruptedFifoRuns } from '../src/domains/reports/index.ts';
import { findJobByKey } from '../src/platform/jobs/index.ts';
import { type ApiClient, apiClient, createUser, signIn } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { eventually, type JobServer, startJobServer } from './job-servers.ts';

/**
 * Two API servers (two app instances, each with its own pool and job runner) on one database behave as one:
 * neither fails the other's work, each job runs on one of them, numbers are not lost between them, and the
 * sign-in attempt limit is the same whichever takes the attempt.
 */
let t: TestDatabase;
let a: JobServer;
let b: JobServer;
let adminA: ApiClient;
let adminB: ApiClient;
let adminToken: { a: string; b: string };

beforeAll(async () => {
  t = await createTestDatabase();
  a = await startJobServer(t, 'server-a');
  b = await startJobServer(t, 'server-b');
  const admin = await createUser(t, ALL_PERMISSIONS);
  // Each server is its own issuer (its own address): a token is taken from each.
  const [ta, tb] = await Promise.all([
    signIn(a, admin.username, admin.password),
    signIn(b, admin.username, admin.password),
  ]);
  adminToken = { a: ta.accessToken, b: tb.accessToken };
  adminA = apiClient(a, ta.accessToken);
  adminB = apiClient(b, tb.accessToken);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await t.drop();
});

describe('background work', () => {
  it('a FIFO stock process running on one server is not failed when another server starts, and that server finishes it', async () => {
    // Hold the process at its first read of the balances, so it is still running when C starts.
    const blocker = await t.db.startTransaction().execute();
    await sql`LOCK TABLE stock_levels IN ACCESS EXCLUSIVE MODE`.execute(blocker);
    let released = false;
    let c: JobServer | undefined;
    try {
      const started = await adminA.post<FifoProcessRun>('/api/reports/fifo-stock-process/runs');
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const runId = started.body.id;
      // Asked for on A; whichever server's runner claims the job first runs it.
      const claimed = await eventually(async () => {
        const j = await findJobByKey(t.db, FIFO_PROCESS_JOB_KIND, runId);
        return j?.status === 'RUNNING' && j;
      });
      const runner = claimed.claimedBy;
      expect(['server-a', 'server-b']).toContain(runner);

      // Another server starts: what a starting server does (its start-up, its sweep) leaves A's run alone.
      c = await startJobServer(t, 'server-c');
      expect(await failInterruptedFifoRuns(c.db)).toBe(0);
      await c.app.jobs.sweep();
      await new Promise((resolve) => setTimeout(resolve, 400));
      const meanwhile = await adminB.get<FifoProcessRun>(`/api/reports/fifo-stock-process/runs/${runId}`);
      expect(meanwhile.body).toMatchObject({ status: 'RUNNING', failure: null });
      expect(await findJobByKey(t.db, FIFO_PROCESS_JOB_KIND, runId)).toMatchObject({
        status: 'RUNNING',
        claimedBy: runner,
        attempts: 1,
      });
      // A second run is refused on either server while it runs.
      expect((await adminB.post('/api/reports/fifo-stock-process/runs')).status).toBe(409);
      await c.close();
      c = undefined;

      await blocker.commit().execute();
      released = true;
      const done = await eventually(async () => {
        const res = await adminB.get<FifoProcessRun>(`/api/reports/fifo-stock-process/runs/${runId}`);
        return res.body.status !== 'RUNNING' && res.body;
      });
      expect(done).toMatchObject({ status: 'DONE', failure: null });
      const job = await eventually(async () => {
        const j = await findJobByKey(t.db, FIFO_PROCESS_JOB_KIND, runId);
        return j?.status !== 'RUNNING' && j;
      });
      expect(job).toMatchObject({ status: 'DONE', claimedBy: runner, attempts: 1 });
    } finally {
      if (!released) await blocker.rollback().execute();
      await c?.close();
    }
  });

  it('a FIFO stock process whose server died is taken back once stale and run again by a live server', async () => {
    const run = await t.db
      .insertInto('fifo_process_runs')
      .values({ status: 'RUNNING', heartbeat_at: new Date(Date.now() - 600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('jobs')
      .values({
        kind: FIFO_PROCESS_JOB_KIND,
        key: run.id,
        status: 'RUNNING',
        attempts: 1,
        claimed_by: 'server-dead',
        claimed_at: new Date(Date.now() - 600_000),
        heartbeat_at: new Date(Date.now() - 600_000),
      })
      .execute();
    // Refused while it is (as far as anyone knows) running.
    expect((await adminA.post('/api/reports/fifo-stock-process/runs')).status).toBe(409);
    await b.app.jobs.sweep();
    const done = await eventually(async () => {
      const res = await adminA.get<FifoProcessRun>(`/api/reports/fifo-stock-process/runs/${run.id}`);
      return res.body.status !== 'RUNNING' && res.body;
    });
    expect(done).toMatchObject({ status: 'DONE', failure: null });
    // The run ends first, then its job (the attempt's last step).
    const job = await eventually(async () => {
      const j = await findJobByKey(t.db, FIFO_PROCESS_JOB_KIND, run.id);
      return j?.status === 'DONE' && j;
    });
    expect(job.attempts).toBe(2);
    expect(['server-a', 'server-b']).toContain(job.claimedBy);
  });

  it('an import is run by exactly one of them', async () => {
    const runs: string[] = [];
    const servers = [
      { s: a, api: adminA, token: adminToken.a },
      { s: b, api: adminB, token: adminToken.b },
    ];
    await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const on = servers[i % 2] as (typeof servers)[number];
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await sheet([[`TWO-${i}-A`], [`TWO-${i}-B`]]))]), `two-${i}.xlsx`);
        const upload = await fetch(`${on.s.baseUrl}/api/import-files?kind=products`, {
          method: 'POST',
          headers: { authorization: `Bearer ${on.token}`, cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
          body: form,
        });
        const file = ((await upload.json()) as ImportFilePreview).file;
        const queued = await on.api.post<ImportRun>(
          '/api/product-imports',
          { fileName: file.fileName, mode: 'insert' },
          { 'idempotency-key': `two-servers-${i}` },
        );
        expect(queued.status, JSON.stringify(queued.body)).toBe(201);
        runs.push(queued.body.id);
      }),
    );
    for (const s of [a, b]) s.app.jobs.nudge();
    for (const id of runs) {
      const run = await eventually(async () => {
        const res = await adminA.get<ImportRunDetail>(`/api/product-imports/${id}`);
        return (res.body.status === 'APPLIED' || res.body.status === 'FAILED') && res.body;
      }, 25_000);
      expect(run, JSON.stringify(run)).toMatchObject({ status: 'APPLIED', createdCount: 2 });
      const job = await eventually(async () => {
        const j = await findJobByKey(t.db, IMPORT_JOB_KIND, id);
        return j?.status !== 'RUNNING' && j;
      });
      expect(job).toMatchObject({ status: 'DONE', attempts: 1 });
      expect(['server-a', 'server-b']).toContain(job.claimedBy);
    }
    const created = await t.db.selectFrom('products').select('sku').where('sku', 'like', 'TWO-_-_').execute();
    expect(created).toHaveLength(8);
    const audits = await t.db
      .selectFrom('system_logs')
      .select('entity_id')
      .where('entity', '=', 'product_import')
      .where('action', '<>', 'create')
      .execute();
    // Each run applied once: one 'import' audit row per run at most, never two.
    expect(new Set(audits.map((x) => x.entity_id)).size).toBe(audits.length);
  });
});

describe('numbering', () => {
  it('stays gap-free under concurrent creates on both servers', async () => {
    const product = await t.db
      .insertInto('products')
      .values({ sku: 'TWO-NUM', name: 'Numbered' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [from, to] = await t.db
      .insertInto('warehouses')
      .values([
        { code: 'TWN1', name: 'Numbering from', kind: 'OWN' },
        { code: 'TWN2', name: 'Numbering to', kind: 'OWN' },
      ])
      .returning('id')
      .execute();
    if (!from || !to) throw new Error('fixtures missing');
    const create = (api: ApiClient) =>
      api.post<Transfer>('/api/inventory-transfers', {
        fromWarehouseId: from.id,
        toWarehouseId: to.id,
        lines: [{ productId: product.id, quantity: '1' }],
      });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => create(i % 2 ? adminB : adminA)));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const numbers = answers.map((r) => Number(r.body.number.split('-').at(-1))).sort((x, y) => x - y);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => first + i));
  });
});

describe('sign-in attempt limit', () => {
  it('is shared: the 6th wrong password for a user is refused whichever server takes it', async () => {
    const user = await createUser(t, []);
    for (let i = 0; i < 5; i += 1) expect(await attemptSignIn(i % 2 ? b : a, user.username, `wrong-${i}`)).toBe(200);
    // Even the right password is not checked now, on either server.
    expect(await attemptSignIn(b, user.username, user.password)).toBe(429);
    expect(await attemptSignIn(a, user.username, user.password)).toBe(429);
    // Someone else is not held back.
    const other = await createUser(t, []);
    expect(await attemptSignIn(a, other.username, `wrong`)).toBe(200);
  });
});

/** A sheet of product rows (SKU, Name). */
async function sheet(rows: string[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const ws = workbook.addWorksheet('Sheet1');
  ws.addRow(['SKU', 'Name']).commit();
  for (const [sku] of rows) ws.addRow([sku, `Product ${sku}`]).commit();
  ws.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** One sign-in form submitted on this server, as a browser does; answers the form's HTTP status. */
async function attemptSignIn(server: JobServer, username: string, password: string): Promise<number> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair?.indexOf('=') ?? -1;
      if (pair && i > 0) cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL(`${server.config.oidc.issuer}/protocol/openid-connect/auth`);
  auth.search = new URLSearchParams({
    client_id: server.config.oidc.clientId,
    response_type: 'code',
    redirect_uri: `${server.baseUrl}/`,
    scope: 'openid',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  }).toString();
  let url = auth.toString();
  let res: Response | undefined;
  for (let i = 0; i < 10; i += 1) {
    res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
    const location = res.headers.get('location');
    if (!location) break;
    url = new URL(location, url).toString();
  }
  const html = (await res?.text()) ?? '';
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no sign-in form: ${res?.status}`);
  const hidden = [...html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)].map(
    (m) => [m[1] ?? '', m[2] ?? ''] as [string, string],
  );
  const posted = await fetch(new URL(action, url).toString(), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([...hidden, ['username', username], ['password', password]]).toString(),
  });
  await posted.arrayBuffer();
  return posted.status;
}
