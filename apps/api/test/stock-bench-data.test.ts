import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../bench/stock-bench.repository.ts';
import { generateStockData, replayFigures, sameFigures } from '../bench/stock-data.ts';
import { checkStock } from '../src/domains/stock/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/**
 * The stock bench's data generator (bench/stock-data.ts) at a small size: what it writes must be exactly what the
 * posting service would have kept, so that the bench measures the product on data it could really hold.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe('stock bench data', () => {
  it('writes a ledger that the balances check and a FIFO replay both agree with', async () => {
    const schema = () =>
      sql<{ name: string }>`
        SELECT indexname AS name FROM pg_indexes WHERE tablename LIKE 'stock\_%'
        UNION ALL SELECT conname FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text LIKE 'stock\_%'
        ORDER BY 1`
        .execute(t.db)
        .then((r) => r.rows.map((x) => x.name));
    const before = await schema();
    const data = await generateStockData(t.db, { products: 120, movements: 6000 });
    expect(data.movements).toBe(6000);
    const counted = await sql<{ n: string }>`SELECT count(*)::text AS n FROM stock_movements`.execute(t.db);
    expect(counted.rows[0]?.n).toBe('6000');
    // Every kind the brief asks for is there, and no bin or level went below zero.
    for (const kind of ['RECEIPT', 'RECEIPT_CONSIGNED', 'ISSUE', 'TRANSFER_OUT', 'TRANSFER_IN', 'TRANSIT_IN'])
      expect(data.kinds[kind] ?? 0).toBeGreaterThan(0);
    const negative = await sql<{ n: string }>`
      SELECT ((SELECT count(*) FROM stock_levels WHERE on_hand < 0 OR in_transit < 0)
        + (SELECT count(*) FROM stock_bin_balances WHERE on_hand < 0))::text AS n`.execute(t.db);
    expect(negative.rows[0]?.n).toBe('0');

    const check = await checkStock(t.db);
    expect(check.differences).toEqual([]);
    expect(check.ok).toBe(true);

    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const days = [daysAgo(400), daysAgo(40)];
    const replayed = await replayFigures(t.db, data.productIds, days);
    const stored = await repo.subsetFigures(t.db, data.productIds, days);
    expect(replayed.movements).toBe(6000);
    for (const d of days)
      expect(sameFigures(replayed.asAt.get(d) ?? new Map(), stored.asAt.get(d) ?? new Map())).toBe(true);
    expect(sameFigures(replayed.layers, stored.layers)).toBe(true);
    expect(sameFigures(replayed.levels, stored.levels)).toBe(true);

    // The indexes and foreign keys set aside for the load are all back.
    expect(await schema()).toEqual(before);
    // New postings continue after the generated ids.
    const next = await sql<{ id: string }>`
      SELECT nextval(pg_get_serial_sequence('stock_movements', 'id'))::text AS id`.execute(t.db);
    expect(next.rows[0]?.id).toBe('6001');
  });
});
