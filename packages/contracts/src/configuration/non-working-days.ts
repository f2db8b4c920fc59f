import { z } from 'zod';
import { endpoint } from '../platform/endpoint.ts';
import { FilterDay } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';

/**
 * Non-working days (System Config → Sales channels): the days besides Saturdays and Sundays on which nothing is
 * dispatched — bank holidays (England and Wales for 2025 to 2028 to start with) and the business's own closures.
 * A channel's dispatch promise counts working days past them: the landing dashboard's late shipments, the sales
 * invoice list's `late` filter and the Daily Control and Ship List report all follow this list.
 */
export const NonWorkingDayErrorCode = {
  /** A Saturday or a Sunday: never a working day, nothing to add. */
  NON_WORKING_DAY_WEEKEND: 'NON_WORKING_DAY_WEEKEND',
  NON_WORKING_DAY_NOT_FOUND: 'NON_WORKING_DAY_NOT_FOUND',
} as const;
export type NonWorkingDayErrorCode = (typeof NonWorkingDayErrorCode)[keyof typeof NonWorkingDayErrorCode];

export const NON_WORKING_DAY_NAME_MAX_LENGTH = 100;

export const NonWorkingDay = z.object({
  day: z.string(),
  name: z.string(),
  updatedAt: z.string(),
});
export type NonWorkingDay = z.infer<typeof NonWorkingDay>;

export const NonWorkingDayList = z.object({ items: z.array(NonWorkingDay) });
export type NonWorkingDayList = z.infer<typeof NonWorkingDayList>;

/** The days of one calendar year (the current one when not given). */
export const NonWorkingDayQuery = z.object({
  year: z.coerce.number().int().min(2000, 'a year from 2000').max(2100, 'a year up to 2100').optional(),
});
export type NonWorkingDayQuery = z.infer<typeof NonWorkingDayQuery>;

export const NonWorkingDayParams = z.object({ day: FilterDay });

export const NonWorkingDayInput = z
  .object({
    name: singleLine(
      z
        .string()
        .trim()
        .min(1, 'name the day, for example Christmas Day')
        .max(NON_WORKING_DAY_NAME_MAX_LENGTH, `at most ${NON_WORKING_DAY_NAME_MAX_LENGTH} characters`),
    ),
  })
  .strict();
export type NonWorkingDayInput = z.infer<typeof NonWorkingDayInput>;

export const nonWorkingDaysApi = {
  listNonWorkingDays: endpoint({
    method: 'GET',
    path: '/api/non-working-days',
    permission: ['view_system_configuration', 'edit_system_configuration'],
    tag: 'configuration',
    summary: 'The non-working days (besides weekends) of a year, in date order',
    query: NonWorkingDayQuery,
    response: NonWorkingDayList,
  }),
  putNonWorkingDay: endpoint({
    method: 'PUT',
    path: '/api/non-working-days/:day',
    permission: 'edit_system_configuration',
    tag: 'configuration',
    summary: 'Make a weekday a non-working day with its name, or rename it (doing it twice changes nothing)',
    params: NonWorkingDayParams,
    body: NonWorkingDayInput,
    response: NonWorkingDay,
  }),
  deleteNonWorkingDay: endpoint({
    method: 'DELETE',
    path: '/api/non-working-days/:day',
    permission: 'edit_system_configuration',
    tag: 'configuration',
    summary: 'Make a non-working day a working day again',
    params: NonWorkingDayParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
