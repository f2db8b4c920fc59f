import { CostCenterErrorCode } from '@backoffice/contracts';
import type { CodedRecordKind } from '../../master-data/index.ts';
import {
  exportCostCenters,
  useCostCenters,
  useCreateCostCenter,
  useDeleteCostCenter,
  useUpdateCostCenter,
} from './api.ts';

/** Cost centres as a coded-record list (features/master-data). */
export const COST_CENTERS: CodedRecordKind = {
  texts: 'costCenters',
  permissions: { add: 'add_cost_center', edit: 'edit_cost_center', delete: 'delete_cost_center' },
  testIds: { table: 'cost-centers-table', create: 'create-cost-center' },
  formId: 'cost-center-form',
  codeTakenCode: CostCenterErrorCode.COST_CENTER_CODE_TAKEN,
  useList: useCostCenters,
  useCreate: useCreateCostCenter,
  useUpdate: useUpdateCostCenter,
  useDelete: useDeleteCostCenter,
  exportFile: exportCostCenters,
};
