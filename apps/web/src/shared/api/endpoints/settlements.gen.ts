// Generated from packages/contracts by `npm run endpoints --workspace apps/web`: do not edit.
import type * as contracts from '@backoffice/contracts';
import { endpointRef } from '../descriptor.ts';

/** The endpoints of `settlementsApi`: method, path and, for a change, the resources it makes stale. */
export const settlementsEndpoints = {
  listSettlements: endpointRef<typeof contracts.settlementsApi.listSettlements>(
    'GET',
    '/api/purchase-invoice-settlements',
  ),
  exportSettlements: endpointRef<typeof contracts.settlementsApi.exportSettlements>(
    'GET',
    '/api/purchase-invoice-settlements/export',
  ),
  settlementPayables: endpointRef<typeof contracts.settlementsApi.settlementPayables>(
    'GET',
    '/api/purchase-invoice-settlements/payables',
  ),
  settlementProcessors: endpointRef<typeof contracts.settlementsApi.settlementProcessors>(
    'GET',
    '/api/purchase-invoice-settlements/processors',
  ),
  getSettlement: endpointRef<typeof contracts.settlementsApi.getSettlement>(
    'GET',
    '/api/purchase-invoice-settlements/:id',
  ),
  createSettlement: endpointRef<typeof contracts.settlementsApi.createSettlement>(
    'POST',
    '/api/purchase-invoice-settlements',
    ['/api/purchase-invoice-settlements', '/api/purchase-invoices', '/api/rmas/supplier-credits'],
  ),
  updateSettlement: endpointRef<typeof contracts.settlementsApi.updateSettlement>(
    'PUT',
    '/api/purchase-invoice-settlements/:id',
    ['/api/purchase-invoice-settlements', '/api/purchase-invoices', '/api/rmas/supplier-credits'],
  ),
  completeSettlement: endpointRef<typeof contracts.settlementsApi.completeSettlement>(
    'POST',
    '/api/purchase-invoice-settlements/:id/complete',
    ['/api/purchase-invoice-settlements', '/api/purchase-invoices', '/api/rmas/supplier-credits'],
  ),
  changeChequeStatus: endpointRef<typeof contracts.settlementsApi.changeChequeStatus>(
    'POST',
    '/api/purchase-invoice-settlements/:id/cheque-status',
    ['/api/purchase-invoice-settlements', '/api/purchase-invoices', '/api/rmas/supplier-credits'],
  ),
  cancelSettlement: endpointRef<typeof contracts.settlementsApi.cancelSettlement>(
    'POST',
    '/api/purchase-invoice-settlements/:id/cancel',
    ['/api/purchase-invoice-settlements', '/api/purchase-invoices', '/api/rmas/supplier-credits'],
  ),
  settlementPdf: endpointRef<typeof contracts.settlementsApi.settlementPdf>(
    'GET',
    '/api/purchase-invoice-settlements/:id/pdf',
  ),
  listBankBaseRates: endpointRef<typeof contracts.settlementsApi.listBankBaseRates>('GET', '/api/bank-base-rates'),
  setBankBaseRate: endpointRef<typeof contracts.settlementsApi.setBankBaseRate>('PUT', '/api/bank-base-rates/:date', [
    '/api/bank-base-rates',
  ]),
  deleteBankBaseRate: endpointRef<typeof contracts.settlementsApi.deleteBankBaseRate>(
    'DELETE',
    '/api/bank-base-rates/:date',
    ['/api/bank-base-rates'],
  ),
};
