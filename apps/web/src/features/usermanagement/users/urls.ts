import { withQuery } from '../../../shared/lib/http.ts';

/** Users: page, pageSize, q, sort, isActive (`true`/`false`) and roleId live in the query. */
export const USERS_PATH = '/usermanagement/user';
export const USER_FILTERS = ['isActive', 'roleId'] as const;
export type UserFilter = (typeof USER_FILTERS)[number];

/** The users list, filtered. */
export function usersUrl(filters: Partial<Record<UserFilter | 'q', string>> = {}): string {
  return withQuery(USERS_PATH, filters);
}
