import {
  type NonWorkingDay,
  NonWorkingDayErrorCode,
  type NonWorkingDayInput,
  type NonWorkingDayList,
  type NonWorkingDayQuery,
} from '@backoffice/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/db.ts';
import { todayInLondon } from '../../platform/business-day.ts';
import { AppError, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';

/**
 * Non-working days besides weekends (contract configuration/non-working-days.ts, migration 0065): the database's
 * add_working_days steps over them, so every dispatch promise follows this list as soon as it changes.
 */

interface Row {
  day: string;
  name: string;
  updated_at: string;
}

const toDay = (r: Row): NonWorkingDay => ({ day: r.day, name: r.name, updatedAt: r.updated_at });

const COLUMNS = sql`to_char(day, 'YYYY-MM-DD') AS day, name, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

async function findDay(db: Db, day: string): Promise<Row | undefined> {
  const { rows } = await sql<Row>`SELECT ${COLUMNS} FROM non_working_days WHERE day = ${day}::date`.execute(db);
  return rows[0];
}

export async function listNonWorkingDays(db: Db, q: NonWorkingDayQuery): Promise<NonWorkingDayList> {
  const year = q.year ?? Number(todayInLondon().slice(0, 4));
  const { rows } = await sql<Row>`
    SELECT ${COLUMNS} FROM non_working_days
    WHERE day >= make_date(${year}::int, 1, 1) AND day < make_date(${year}::int + 1, 1, 1)
    ORDER BY day`.execute(db);
  return { items: rows.map(toDay) };
}

const isWeekend = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** Makes a weekday a non-working day, or renames it; the same name again changes nothing (and logs nothing). */
export async function putNonWorkingDay(ctx: Ctx, day: string, input: NonWorkingDayInput): Promise<NonWorkingDay> {
  if (isWeekend(day))
    throw unprocessable(
      NonWorkingDayErrorCode.NON_WORKING_DAY_WEEKEND,
      `${day} is a Saturday or a Sunday, which is never a working day: only weekdays can be made non-working days.`,
      { day },
    );
  const before = await findDay(ctx.db, day);
  if (before && before.name === input.name) return toDay(before);
  await sql`
    INSERT INTO non_working_days (day, name, updated_by) VALUES (${day}::date, ${input.name}, ${ctx.user.id}::uuid)
    ON CONFLICT (day) DO UPDATE SET name = excluded.name, updated_at = now(), updated_by = excluded.updated_by`.execute(
    ctx.db,
  );
  const after = (await findDay(ctx.db, day)) as Row;
  await ctx.audit({
    action: before ? 'update' : 'create',
    entity: 'non_working_day',
    entityId: day,
    before: before ? { day, name: before.name } : undefined,
    after: { day, name: after.name },
  });
  return toDay(after);
}

/** Makes a non-working day a working day again. */
export async function deleteNonWorkingDay(ctx: Ctx, day: string): Promise<{ ok: true }> {
  const { rows } = await sql<Row>`DELETE FROM non_working_days WHERE day = ${day}::date RETURNING ${COLUMNS}`.execute(
    ctx.db,
  );
  const gone = rows[0];
  if (!gone)
    throw new AppError(404, NonWorkingDayErrorCode.NON_WORKING_DAY_NOT_FOUND, `${day} is not a non-working day.`, {
      day,
    });
  await ctx.audit({ action: 'delete', entity: 'non_working_day', entityId: day, before: { day, name: gone.name } });
  return { ok: true };
}
