// Links into the system log from other areas (e.g. a user's activity).
export { SYSTEM_LOG_FILTERS, SYSTEM_LOG_PATH, type SystemLogFilter, systemLogUrl } from './system-logs/urls.ts';
