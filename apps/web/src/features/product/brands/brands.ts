import { BrandErrorCode } from '@backoffice/contracts';
import type { CodedRecordKind } from '../../master-data/index.ts';
import { exportBrands, useBrands, useCreateBrand, useDeleteBrand, useUpdateBrand } from './api.ts';

/** Brands as a coded-record list (features/master-data). */
export const BRANDS: CodedRecordKind = {
  texts: 'brands',
  permissions: { add: 'add_brand', edit: 'edit_brand', delete: 'delete_brand' },
  testIds: { table: 'brands-table', create: 'create-brand' },
  formId: 'brand-form',
  codeTakenCode: BrandErrorCode.BRAND_CODE_TAKEN,
  useList: useBrands,
  useCreate: useCreateBrand,
  useUpdate: useUpdateBrand,
  useDelete: useDeleteBrand,
  exportFile: exportBrands,
};
