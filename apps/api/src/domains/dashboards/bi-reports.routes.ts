import { biReportsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import {
  biReportRoles,
  createBiReport,
  deleteBiReport,
  getBiReport,
  listBiReports,
  updateBiReport,
  visibleBiReports,
} from './bi-reports.service.ts';

export const biReportsRoutes: RouteEntry[] = [
  route(biReportsApi.listBiReports, ({ query }, ctx) => listBiReports(ctx.db, query)),
  route(biReportsApi.visibleBiReports, (_input, ctx) => visibleBiReports(ctx.db, ctx.user)),
  route(biReportsApi.biReportRoles, (_input, ctx) => biReportRoles(ctx.db)),
  route(biReportsApi.getBiReport, ({ params }, ctx) => getBiReport(ctx.db, params.id)),
  route(biReportsApi.createBiReport, ({ body }, ctx) => createBiReport(ctx, body)),
  route(biReportsApi.updateBiReport, ({ params, body }, ctx) => updateBiReport(ctx, params.id, body)),
  route(biReportsApi.deleteBiReport, ({ params }, ctx) => deleteBiReport(ctx, params.id)),
];
