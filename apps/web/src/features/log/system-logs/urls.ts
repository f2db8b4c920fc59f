import { withQuery } from '../../../shared/lib/http.ts';

/**
 * System log: page, pageSize, q, sort (`at` for oldest first), kind (`signIns` or `all`; business changes when
 * absent), userId, entity, action, from, to (YYYY-MM-DD).
 */
export const SYSTEM_LOG_PATH = '/log/system-log';
export const SYSTEM_LOG_FILTERS = ['kind', 'userId', 'entity', 'action', 'from', 'to'] as const;
export type SystemLogFilter = (typeof SYSTEM_LOG_FILTERS)[number];

/** The system log, filtered. */
export function systemLogUrl(filters: Partial<Record<SystemLogFilter | 'q', string>> = {}): string {
  return withQuery(SYSTEM_LOG_PATH, filters);
}
