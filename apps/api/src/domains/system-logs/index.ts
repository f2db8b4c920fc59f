export { systemLogsRoutes } from './system-logs.routes.ts';
