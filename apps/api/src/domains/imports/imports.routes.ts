import { excelMappingsApi, importsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import {
  createMapping,
  deleteMapping,
  exportMappings,
  getMapping,
  listMappings,
  updateMapping,
} from './excel-mapping.service.ts';
import { uploadImportFile } from './import-file.service.ts';
import {
  exportRunErrors,
  exportRuns,
  getRunDetail,
  listRuns,
  productTemplate,
  queueImport,
  requireUpsertPermission,
} from './import-run.service.ts';

export const excelMappingRoutes: RouteEntry[] = [
  route(excelMappingsApi.listExcelMappings, ({ query }, ctx) => listMappings(ctx.db, query)),
  route(excelMappingsApi.exportExcelMappings, ({ query }, ctx) => exportMappings(ctx, query)),
  route(excelMappingsApi.getExcelMapping, ({ params }, ctx) => getMapping(ctx.db, params.id)),
  route(excelMappingsApi.createExcelMapping, ({ body }, ctx) => createMapping(ctx, body)),
  route(excelMappingsApi.updateExcelMapping, ({ params, body }, ctx) => updateMapping(ctx, params.id, body)),
  route(excelMappingsApi.deleteExcelMapping, ({ params }, ctx) => deleteMapping(ctx, params.id)),
];

export const productImportRoutes: RouteEntry[] = [
  route(importsApi.uploadImportFile, ({ query, body }, ctx) => uploadImportFile(ctx, query.kind, body)),
  route(importsApi.createProductImport, ({ body }, ctx) => {
    requireUpsertPermission(ctx, body.mode, 'edit_product');
    return queueImport(ctx, 'products', body);
  }),
  route(importsApi.listProductImports, ({ query }, ctx) => listRuns(ctx.db, 'products', query)),
  route(importsApi.exportProductImports, ({ query }, ctx) => exportRuns(ctx, 'products', query)),
  route(importsApi.productImportTemplate, (_input, ctx) => productTemplate(ctx)),
  route(importsApi.getProductImport, ({ params }, ctx) => getRunDetail(ctx.db, 'products', params.id)),
  route(importsApi.productImportErrors, ({ params }, ctx) => exportRunErrors(ctx, 'products', params.id)),
];
