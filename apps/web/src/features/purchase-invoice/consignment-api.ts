import type {
  ConsignmentInvoiceCheckInput,
  ConsignmentInvoiceInput,
  ConsignmentSheetInput,
  PurchaseInvoiceBookInput,
  PurchaseInvoiceCancelInput,
} from '@backoffice/contracts';
import { consignmentInvoicesEndpoints as api } from '../../shared/api/endpoints/consignment-invoices.gen.ts';
import { useEndpointMutation, useEndpointQuery } from '../../shared/api/hooks.ts';
import { uuid } from '../../shared/lib/uuid.ts';

/** Active suppliers, consignment partners first. */
export function useConsignmentSuppliers() {
  return useEndpointQuery(api.consignmentSuppliers, {});
}

/** What the supplier is owed for the period; nothing until both are chosen. */
export function useConsignmentOwed(period: { supplierId: string | null; from: string; to: string }) {
  return useEndpointQuery(
    api.consignmentOwed,
    { query: { supplierId: period.supplierId ?? '', from: period.from, to: period.to } },
    { enabled: !!period.supplierId && period.from <= period.to, keepPreviousData: true },
  );
}

export function useConsignmentInvoice(id: string | undefined) {
  return useEndpointQuery(api.getConsignmentInvoice, { params: { id: id ?? '' } }, { enabled: !!id });
}

/** The comparison of lines with what is owed: it changes nothing. */
export function useCheckConsignment() {
  return useEndpointMutation(api.checkConsignmentInvoice, {
    input: (body: ConsignmentInvoiceCheckInput) => ({ body }),
    invalidateOn: 'never',
  });
}

/** Reads an uploaded .xlsx through a mapping: it changes nothing. */
export function useReadConsignmentSheet() {
  return useEndpointMutation(api.readConsignmentSheet, {
    input: (body: ConsignmentSheetInput) => ({ body }),
    invalidateOn: 'never',
  });
}

/** The key makes a retried submission enter one invoice. */
export function useCreateConsignmentInvoice() {
  return useEndpointMutation(api.createConsignmentInvoice, {
    input: ({ body, key }: { body: ConsignmentInvoiceInput; key: string }) => ({ body, idempotencyKey: key }),
  });
}

export function useBookConsignmentInvoice() {
  return useEndpointMutation(api.bookConsignmentInvoice, {
    input: ({ id, body }: { id: string; body: PurchaseInvoiceBookInput }) => ({
      params: { id },
      body,
      idempotencyKey: uuid(),
    }),
    invalidateOn: 'settled',
  });
}

export function useCancelConsignmentInvoice() {
  return useEndpointMutation(api.cancelConsignmentInvoice, {
    input: ({ id, body }: { id: string; body: PurchaseInvoiceCancelInput }) => ({ params: { id }, body }),
    invalidateOn: 'settled',
  });
}
