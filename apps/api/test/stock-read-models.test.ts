import type { InventorySummaryRow, Page, StockAndValuePage } from '@backoffice/contracts';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsAtBase, dayEnd, stockAtFrom } from '../src/domains/reports/report-sql.repository.ts';
import { makeCheckpoint, readModelDifferences } from '../src/domains/stock/checkpoint.repository.ts';
import { checkStock, ensureCheckpoints, type PostLine, post } from '../src/domains/stock/index.ts';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * The read models of migration 0024: the month-start checkpoints an as-at starts from, and each product's value
 * kept for the inventory summary sorted by value. Both must equal what they are kept from at every commit,
 * whatever is posted later or backdated, and whatever runs at the same time.
 */

let ta: TestApp;
let api: ApiClient;
let today: string;
const D = (v: string | number) => new Decimal(v);

beforeAll(async () => {
  ta = await startTestApp();
  api = (await clientWith(ta, ['stock_and_value_report', 'view_inventory_summary'])).api;
  const { rows } = await sql<{ d: string }>`SELECT (now() AT TIME ZONE 'Europe/London')::date::text AS d`.execute(
    ta.t.db,
  );
  today = (rows[0] as { d: string }).d;
});
afterAll(() => ta.close());

function ago(n: number) {
  const [y = 0, m = 0, d = 0] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

let n = 0;
const tag = `K${Date.now() % 100000}`;
async function product() {
  n += 1;
  return ta.t.db
    .insertInto('products')
    .values({ sku: `${tag}-P${String(n).padStart(3, '0')}`, name: `Read model product ${n}` })
    .returning(['id', 'sku'])
    .executeTakeFirstOrThrow();
}
async function warehouse() {
  n += 1;
  const w = await ta.t.db
    .insertInto('warehouses')
    .values({ code: `${tag}W${n}`, name: `Read model warehouse ${n}`, kind: 'OWN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ta.t.db.insertInto('warehouse_configs').values({ warehouse_id: w.id }).execute();
  return w.id;
}
function postOn(day: string | null, lines: PostLine[], db = ta.t.db) {
  return db
    .transaction()
    .execute((tx) => post({ db: tx, user: null }, { sourceType: 'test', sourceId: null, postedOn: day, lines }));
}
const receipt = (productId: string, warehouseId: string, quantity: string, unitCost: string) =>
  ({ productId, warehouseId, kind: 'RECEIPT', quantity: D(quantity), unitCost: D(unitCost) }) as PostLine;
const issue = (productId: string, warehouseId: string, quantity: string) =>
  ({ productId, warehouseId, kind: 'ISSUE', quantity: D(quantity).neg() }) as PostLine;

async function cuts(): Promise<Date[]> {
  const { rows } = await sql<{ cut: Date }>`SELECT cut FROM stock_checkpoint_cuts ORDER BY cut`.execute(ta.t.db);
  return rows.map((r) => r.cut);
}

/** The figures of the scenario's products as at the end of a day from one start, as sorted text rows. */
async function figuresFrom(base: AsAtBase, day: string, ids: string[]) {
  const { rows } = await sql<{
    product_id: string;
    warehouse_id: string;
    on_hand: string;
    in_transit: string;
    value: string;
  }>`
    SELECT s.product_id, s.warehouse_id, s.on_hand::text, s.in_transit::text, s.value::text
    FROM (${stockAtFrom(base, dayEnd(day), undefined)}) s
    WHERE s.product_id = ANY(${ids}::uuid[]) AND (s.on_hand <> 0 OR s.in_transit <> 0 OR s.value <> 0)
    ORDER BY 1, 2`.execute(ta.t.db);
  return rows.map((r) =>
    [r.product_id, r.warehouse_id, D(r.on_hand).toFixed(), D(r.in_transit).toFixed(), D(r.value).toFixed(8)].join(' '),
  );
}

/** The same by brute force: every ledger row posted before the end of the day, summed. */
async function bruteForce(day: string, ids: string[]) {
  const { rows } = await sql<{
    product_id: string;
    warehouse_id: string;
    on_hand: string;
    in_transit: string;
    value: string;
  }>`
    SELECT product_id, warehouse_id,
      coalesce(sum(quantity) FILTER (WHERE bucket = 'STOCK'), 0)::text AS on_hand,
      coalesce(sum(quantity) FILTER (WHERE bucket = 'TRANSIT'), 0)::text AS in_transit, sum(value)::text AS value
    FROM stock_movements WHERE product_id = ANY(${ids}::uuid[]) AND posted_at < ${dayEnd(day)}
    GROUP BY 1, 2 HAVING sum(quantity) <> 0 OR sum(value) <> 0 ORDER BY 1, 2`.execute(ta.t.db);
  return rows.map((r) =>
    [r.product_id, r.warehouse_id, D(r.on_hand).toFixed(), D(r.in_transit).toFixed(), D(r.value).toFixed(8)].join(' '),
  );
}

/** Every start an as-at at the end of `day` can take: nothing, the kept levels, and every checkpoint (going
 * forward from those before the cut, back from those after it). */
async function everyBase(day: string): Promise<AsAtBase[]> {
  const { rows } = await sql<{ at: Date }>`SELECT ${dayEnd(day)} AS at`.execute(ta.t.db);
  const at = (rows[0] as { at: Date }).at;
  const bases: AsAtBase[] = [{ from: 'before' }, { from: 'after' }];
  for (const cut of await cuts()) bases.push({ from: 'checkpoint', cut, forward: cut <= at, rows: 0 });
  return bases;
}

describe('month-start checkpoints', () => {
  const s = {} as { a: string; b: string; p1: { id: string; sku: string }; p2: { id: string; sku: string } };
  const days = () => [ago(130), ago(95), ago(70), ago(45), ago(31), ago(20), ago(1), today];

  beforeAll(async () => {
    s.a = await warehouse();
    s.b = await warehouse();
    s.p1 = await product();
    s.p2 = await product();
    await postOn(ago(120), [receipt(s.p1.id, s.a, '10', '2.00'), receipt(s.p2.id, s.b, '4', '9.00')]);
    await postOn(ago(90), [receipt(s.p1.id, s.a, '10', '3.00')]);
    await postOn(ago(60), [issue(s.p1.id, s.a, '12')]);
    await postOn(ago(30), [
      { productId: s.p1.id, warehouseId: s.a, kind: 'TRANSFER_OUT', quantity: D(-3) },
      {
        productId: s.p1.id,
        warehouseId: s.b,
        bucket: 'TRANSIT',
        kind: 'TRANSFER_IN',
        quantity: D(3),
        linkTo: { line: 0 },
      },
    ]);
    await postOn(ago(10), [issue(s.p2.id, s.b, '1')]);
  });

  it('are made for every month of the history, once, and equal the ledger summed up to each', async () => {
    const made = await ensureCheckpoints(ta.t.db);
    const all = await cuts();
    // At least every month start after the first posting (120 days ago) up to today: three or four, by the date.
    const first = ago(120);
    let starts = 0;
    for (let [y, m] = first.split('-').map(Number) as [number, number]; ; ) {
      [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
      const start = `${y}-${String(m).padStart(2, '0')}-01`;
      if (start > today) break;
      starts++;
    }
    expect(made).toBe(all.length);
    expect(starts).toBeGreaterThanOrEqual(3);
    expect(all.length).toBeGreaterThanOrEqual(starts);
    expect(await ensureCheckpoints(ta.t.db)).toBe(0);
    // Each cut is the start of a London month, and every one is in the past.
    const { rows } = await sql<{ ok: boolean }>`
      SELECT bool_and(to_char(cut AT TIME ZONE 'Europe/London', 'DD HH24:MI:SS') = '01 00:00:00' AND cut <= now()) AS ok
      FROM stock_checkpoint_cuts`.execute(ta.t.db);
    expect(rows[0]?.ok).toBe(true);
    expect((await checkStock(ta.t.db)).differences).toEqual([]);
  });

  it('answer as at any day from any start exactly as the ledger summed, backdated postings included', async () => {
    await ensureCheckpoints(ta.t.db);
    const ids = [s.p1.id, s.p2.id];
    const check = async () => {
      for (const day of days()) {
        const expected = await bruteForce(day, ids);
        for (const base of await everyBase(day))
          expect(await figuresFrom(base, day, ids), `${day} ${JSON.stringify(base)}`).toEqual(expected);
      }
    };
    await check();
    // A receipt backdated before every checkpoint but the first: the issue 60 days ago is revalued (a REVALUATION
    // dated at the issue), and every later checkpoint takes both rows.
    await postOn(ago(100), [receipt(s.p1.id, s.a, '5', '1.00')]);
    // And one in the newest month, and a new warehouse's first row in the past.
    await postOn(ago(2), [receipt(s.p2.id, s.a, '7', '4.25')]);
    await check();
    expect((await checkStock(ta.t.db)).differences).toEqual([]);
    // The report itself, for each day, by brute force.
    for (const day of days()) {
      const res = await api.get<StockAndValuePage>(`/api/reports/stock-and-value?asAt=${day}&q=${tag}-P&pageSize=200`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const fromReport = res.body.items
        .map((r) => [r.productId, r.warehouse.id, r.onHand, r.inTransit, r.value].join(' '))
        .sort();
      const expected = (await bruteForce(day, ids)).map((line) => {
        const [p, w, q, t, v] = line.split(' ');
        return [p, w, q, t, D(v as string).toFixed(2)].join(' ');
      });
      expect(fromReport, day).toEqual(expected.sort());
    }
  });

  it('are found wrong by the stock check when they are', async () => {
    await ensureCheckpoints(ta.t.db);
    // Changed by hand inside a transaction that is rolled back: the check, run in it, names the checkpoint.
    await ta.t.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE stock_checkpoints SET value = value + 1 WHERE cut = (SELECT min(cut) FROM stock_checkpoint_cuts)
          AND product_id = ${s.p1.id}::uuid`.execute(tx);
        const found = await readModelDifferences(tx, 50);
        expect(found.length).toBeGreaterThan(0);
        for (const d of found) {
          expect(d.product_id).toBe(s.p1.id);
          expect(d.what).toMatch(/^checkpoint \d{4}-\d{2}-01 value \(ledger\)$/);
          expect(D(d.kept).sub(d.rebuilt).abs().toFixed()).toBe('1');
        }
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    expect((await checkStock(ta.t.db)).differences).toEqual([]);
  });

  it('count a backdated posting made while a checkpoint is being made, whichever commits first', async () => {
    await ensureCheckpoints(ta.t.db);
    const newest = (await cuts()).at(-1) as Date;
    const remake = async () => {
      await sql`DELETE FROM stock_checkpoint_cuts WHERE cut = ${newest}`.execute(ta.t.db);
      expect((await cuts()).at(-1)?.getTime()).not.toBe(newest.getTime());
    };

    // 1. The posting is under way (its rows written, not committed) when the checkpoint is made: the maker waits.
    await remake();
    let releasePosting: () => void = () => {};
    const postingHeld = new Promise<void>((r) => {
      releasePosting = r;
    });
    let posted: () => void = () => {};
    const rowsWritten = new Promise<void>((r) => {
      posted = r;
    });
    const posting = ta.t.db.transaction().execute(async (tx) => {
      await post(
        { db: tx, user: null },
        { sourceType: 'test', sourceId: null, postedOn: ago(40), lines: [receipt(s.p1.id, s.a, '2', '5.00')] },
      );
      posted();
      await postingHeld;
    });
    await rowsWritten;
    const making = ensureCheckpoints(ta.t.db);
    await new Promise((r) => setTimeout(r, 300));
    releasePosting();
    await posting;
    expect(await making).toBe(1);
    expect((await checkStock(ta.t.db)).differences).toEqual([]);

    // 2. The checkpoint is being made (locked, not committed) when a backdated posting comes: the posting waits,
    // then adds itself to the new checkpoint.
    await remake();
    let releaseMaker: () => void = () => {};
    const makerHeld = new Promise<void>((r) => {
      releaseMaker = r;
    });
    let locked: () => void = () => {};
    const makerLocked = new Promise<void>((r) => {
      locked = r;
    });
    const maker = ta.t.db.transaction().execute(async (tx) => {
      const made = await makeCheckpoint(tx, newest);
      locked();
      await makerHeld;
      return made;
    });
    await makerLocked;
    let postingDone = false;
    const late = postOn(ago(35), [receipt(s.p1.id, s.a, '1', '6.00')]).then(() => {
      postingDone = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(postingDone).toBe(false);
    releaseMaker();
    expect(await maker).toBe(true);
    await late;
    expect((await checkStock(ta.t.db)).differences).toEqual([]);
    const ids = [s.p1.id, s.p2.id];
    for (const day of days())
      for (const base of await everyBase(day))
        expect(await figuresFrom(base, day, ids)).toEqual(await bruteForce(day, ids));
  });
});

describe('each product’s value, for the summary sorted by value', () => {
  it('is kept for every product and orders the summary exactly as the summed levels do', async () => {
    const w1 = await warehouse();
    const w2 = await warehouse();
    const [a, b, c, d, e, f] = [
      await product(),
      await product(),
      await product(),
      await product(),
      await product(),
      await product(),
    ];
    const ps = [a, b, c, d, e, f];
    await postOn(null, [receipt(a.id, w1, '3', '10.00'), receipt(a.id, w2, '1', '5.00')]); // 35
    await postOn(null, [receipt(b.id, w2, '4', '10.00')]); // 40
    await postOn(null, [receipt(c.id, w1, '7', '5.00')]); // 35, a tie with A
    await postOn(null, [receipt(d.id, w1, '2', '1.00'), issue(d.id, w1, '2')]); // 0, with a level row
    await postOn(ago(3), [receipt(e.id, w1, '5', '2.00')]); // 10, then backdated below
    await postOn(ago(5), [receipt(e.id, w2, '1', '100.00')]); // 110
    // A change of reservations leaves the kept value alone (rolled back: there is no reservation behind it).
    await ta.t.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE stock_levels SET reserved = reserved + 1 WHERE product_id = ${b.id}::uuid AND warehouse_id = ${w2}::uuid`.execute(
          tx,
        );
        expect(await readModelDifferences(tx, 50)).toEqual([]);
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    const { rows } = await sql<{ product_id: string; value: string; levels: string }>`
      SELECT v.product_id, v.value::text, coalesce((SELECT sum(l.value) FROM stock_levels l WHERE l.product_id = v.product_id), 0)::text AS levels
      FROM stock_product_values v WHERE v.product_id = ANY(${ps.map((p) => p.id)}::uuid[])`.execute(ta.t.db);
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(D(r.value).eq(r.levels), r.product_id).toBe(true);

    const ids = ps.map((p) => p.id);
    const sumOf = async (id: string) => {
      const { rows } = await sql<{ v: string }>`
        SELECT coalesce(sum(value), 0)::text AS v FROM stock_levels WHERE product_id = ${id}::uuid`.execute(ta.t.db);
      return D(rows[0]?.v ?? 0);
    };
    const values = new Map<string, Decimal>();
    for (const id of ids) values.set(id, await sumOf(id));
    const byValue = (dir: 1 | -1) =>
      [...ids].sort((x, y) => {
        const c = (values.get(x) as Decimal).comparedTo(values.get(y) as Decimal) * dir;
        return c !== 0 ? c : x < y ? -1 : x > y ? 1 : 0;
      });
    for (const [sort, dir] of [
      ['-value', -1],
      ['value', 1],
    ] as const) {
      const page1 = await api.get<Page<InventorySummaryRow>>(
        `/api/inventory/summary?q=${tag}-P&sort=${sort}&pageSize=4`,
      );
      const page2 = await api.get<Page<InventorySummaryRow>>(
        `/api/inventory/summary?q=${tag}-P&sort=${sort}&pageSize=4&page=2`,
      );
      expect(page1.status, JSON.stringify(page1.body)).toBe(200);
      const listed = [...page1.body.items, ...page2.body.items].filter((r) => ids.includes(r.productId));
      expect(listed.map((r) => r.productId)).toEqual(byValue(dir));
      for (const r of listed) expect(r.value).toBe((values.get(r.productId) as Decimal).toFixed(2));
    }
    expect((await checkStock(ta.t.db)).differences).toEqual([]);
  });

  it('is found wrong by the stock check when it is', async () => {
    const p = await product();
    await ta.t.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE stock_product_values SET value = 12 WHERE product_id = ${p.id}::uuid`.execute(tx);
        const found = await readModelDifferences(tx, 50);
        expect(found.map((d) => [d.product_id, d.what, D(d.kept).toFixed(), D(d.rebuilt).toFixed()])).toEqual([
          [p.id, 'value of all warehouses (levels)', '12', '0'],
        ]);
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
  });
});
