import { dashboardHomeApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { dashboardSummary } from './home.service.ts';

export const homeRoutes: RouteEntry[] = [
  route(dashboardHomeApi.dashboardSummary, (_input, ctx) => dashboardSummary(ctx.db, ctx.user)),
];
