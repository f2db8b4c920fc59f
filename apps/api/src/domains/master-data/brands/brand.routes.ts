import { BrandErrorCode, brandsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../../platform/routes.ts';
import { codedRecords } from '../coded-records.ts';
import { BRAND_REFERENCES } from './brand.references.ts';

const brands = codedRecords({
  table: 'brands',
  entity: 'brand',
  label: 'Brand',
  codeKey: 'brands_code_key',
  codeTakenCode: BrandErrorCode.BRAND_CODE_TAKEN,
  references: BRAND_REFERENCES,
  exportName: 'brands',
});

export const brandsRoutes: RouteEntry[] = [
  route(brandsApi.listBrands, ({ query }, ctx) => brands.find(ctx.db, query)),
  route(brandsApi.exportBrands, ({ query }, ctx) => brands.export(ctx, query)),
  route(brandsApi.getBrand, ({ params }, ctx) => brands.get(ctx.db, params.id)),
  route(brandsApi.createBrand, ({ body }, ctx) => brands.create(ctx, body)),
  route(brandsApi.updateBrand, ({ params, body }, ctx) => brands.update(ctx, params.id, body)),
  route(brandsApi.deleteBrand, ({ params }, ctx) => brands.remove(ctx, params.id)),
];
