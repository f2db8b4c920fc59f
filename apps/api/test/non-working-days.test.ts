import type { ErrorBody, NonWorkingDay, NonWorkingDayList } from '@backoffice/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientWith, startTestApp, type TestApp } from './app.ts';

/**
 * Non-working days: the seeded England and Wales bank holidays, what dispatch promises count past them
 * (add_working_days), the changes an editor makes (audited, a repeat changing nothing), and what is refused.
 */

let ta: TestApp;
let editor: ApiClient;
let editorId: string;
let reader: ApiClient;
let outsider: ApiClient;
const PATH = '/api/non-working-days';

beforeAll(async () => {
  ta = await startTestApp();
  const e = await clientWith(ta, ['view_system_configuration', 'edit_system_configuration']);
  editor = e.api;
  editorId = e.user.id;
  reader = (await clientWith(ta, ['view_system_configuration'])).api;
  outsider = (await clientWith(ta, ['view_product'])).api;
}, 120_000);
afterAll(() => ta.close());

async function workingDay(day: string, n: number): Promise<string> {
  const { rows } = await sql<{ d: string }>`
    SELECT to_char(add_working_days(${day}::date, ${n}::int), 'YYYY-MM-DD') AS d`.execute(ta.t.db);
  return rows[0]?.d as string;
}

const logsOf = (day: string) =>
  ta.t.db
    .selectFrom('system_logs')
    .select(['action', 'user_id', 'before', 'after'])
    .where('entity', '=', 'non_working_day')
    .where('entity_id', '=', day)
    .orderBy('id')
    .execute();

describe('non-working days', () => {
  it('starts with the England and Wales bank holidays, substitute days included', async () => {
    const res = await reader.get<NonWorkingDayList>(`${PATH}?year=2026`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((d) => [d.day, d.name])).toEqual([
      ['2026-01-01', "New Year's Day"],
      ['2026-04-03', 'Good Friday'],
      ['2026-04-06', 'Easter Monday'],
      ['2026-05-04', 'Early May bank holiday'],
      ['2026-05-25', 'Spring bank holiday'],
      ['2026-08-31', 'Summer bank holiday'],
      ['2026-12-25', 'Christmas Day'],
      ['2026-12-28', 'Boxing Day (substitute day)'],
    ]);
    expect((await reader.get<NonWorkingDayList>(`${PATH}?year=2027`)).body.items).toHaveLength(8);
    expect((await reader.get<NonWorkingDayList>(`${PATH}?year=2031`)).body.items).toEqual([]);
  });

  it('has dispatch promises count past weekends and bank holidays', async () => {
    // Thursday 24 December 2026: Friday is Christmas Day, Monday the substitute Boxing Day.
    expect(await workingDay('2026-12-24', 1)).toBe('2026-12-29');
    expect(await workingDay('2026-12-24', 2)).toBe('2026-12-30');
    // From a bank holiday as from the working day before it; zero days: the next working day.
    expect(await workingDay('2026-12-25', 1)).toBe('2026-12-29');
    expect(await workingDay('2026-12-25', 0)).toBe('2026-12-29');
    expect(await workingDay('2026-12-24', 0)).toBe('2026-12-24');
    // Easter: Good Friday and Easter Monday.
    expect(await workingDay('2026-04-02', 1)).toBe('2026-04-07');
    // An ordinary week.
    expect(await workingDay('2026-11-27', 1)).toBe('2026-11-30');
    expect(await workingDay('2026-11-28', 1)).toBe('2026-11-30');
    expect(await workingDay('2026-11-25', 2)).toBe('2026-11-27');
  });

  it('makes a weekday a non-working day, renames it and makes it working again, audited', async () => {
    const day = '2026-11-30';
    const put = await editor.put<NonWorkingDay>(`${PATH}/${day}`, { name: '  Stocktake  ' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ day, name: 'Stocktake' });
    expect(await workingDay('2026-11-27', 1)).toBe('2026-12-01');
    // The same again changes nothing and logs nothing.
    expect((await editor.put<NonWorkingDay>(`${PATH}/${day}`, { name: 'Stocktake' })).status).toBe(200);
    const renamed = await editor.put<NonWorkingDay>(`${PATH}/${day}`, { name: 'Annual stocktake' });
    expect(renamed.body.name).toBe('Annual stocktake');
    const gone = await editor.delete<{ ok: boolean }>(`${PATH}/${day}`);
    expect(gone.status).toBe(200);
    expect(await workingDay('2026-11-27', 1)).toBe('2026-11-30');
    const again = await editor.delete<ErrorBody>(`${PATH}/${day}`);
    expect([again.status, again.body.code]).toEqual([404, 'NON_WORKING_DAY_NOT_FOUND']);

    const logs = await logsOf(day);
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    expect(logs.every((l) => l.user_id === editorId)).toBe(true);
    expect(logs[1]?.before).toMatchObject({ name: 'Stocktake' });
    expect(logs[1]?.after).toMatchObject({ name: 'Annual stocktake' });
  });

  it('refuses weekends, days the calendar lacks, empty names and people without the permission', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM non_working_days`.execute(ta.t.db)).rows[0]?.n);
    const before = await count();
    const weekend = await editor.put<ErrorBody>(`${PATH}/2026-11-28`, { name: 'Saturday' });
    expect([weekend.status, weekend.body.code]).toEqual([422, 'NON_WORKING_DAY_WEEKEND']);
    expect(weekend.body.message).toMatch(/Saturday or a Sunday/);
    for (const [path, body] of [
      [`${PATH}/2026-02-30`, { name: 'No such day' }],
      [`${PATH}/30-11-2026`, { name: 'Wrong format' }],
      [`${PATH}/2026-12-01`, { name: '   ' }],
      [`${PATH}/2026-12-01`, { name: 'x'.repeat(101) }],
      [`${PATH}/2026-12-01`, { name: 'Closed', extra: true }],
    ] as const) {
      const res = await editor.put<ErrorBody>(path, body);
      expect([res.status, res.body.code], path).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await editor.get<ErrorBody>(`${PATH}?year=1999`)).status).toBe(400);
    expect((await reader.put<ErrorBody>(`${PATH}/2026-12-01`, { name: 'Closed' })).status).toBe(403);
    expect((await reader.delete<ErrorBody>(`${PATH}/2026-12-25`)).status).toBe(403);
    expect((await outsider.get<ErrorBody>(PATH)).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
