/** Where the return ticket screens live (the list and the manual create are the menu's own entries). */
export const RETURN_TICKET_LIST_PATH = '/return-ticket/return-tickets-list';
export const RETURN_TICKET_MANUAL_PATH = '/return-ticket/manual-return-ticket-create';
/** A return from a shipped invoice; `?invoiceId=` preselects the invoice (the sales invoice's "Return" link). */
export const RETURN_TICKET_FROM_INVOICE_PATH = '/return-ticket/return-tickets-list/new';

export const returnTicketUrl = (id: string) => `${RETURN_TICKET_LIST_PATH}/${encodeURIComponent(id)}`;
export const returnFromInvoiceUrl = (invoiceId: string) =>
  `${RETURN_TICKET_FROM_INVOICE_PATH}?invoiceId=${encodeURIComponent(invoiceId)}`;

/** The list's filters in the URL besides page, size, search (q) and sort; from and to are return days. */
export const LIST_FILTERS = ['status', 'warehouseId', 'channel', 'reason', 'condition', 'from', 'to'] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
