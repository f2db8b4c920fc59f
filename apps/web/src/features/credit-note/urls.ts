/** Where the credit note screens live (the list is the menu's own entry). */
export const CREDIT_NOTE_LIST_PATH = '/credit-note/credit-note-list';
/** A new credit note; `?invoiceId=` or `?returnTicketId=` preselects its source (the invoice's and ticket's links). */
export const CREDIT_NOTE_NEW_PATH = '/credit-note/credit-note-list/new';

export const creditNoteUrl = (id: string) => `${CREDIT_NOTE_LIST_PATH}/${encodeURIComponent(id)}`;

/** The list's filters in the URL besides page, size, search (q) and sort; from and to are credit note days. */
export const LIST_FILTERS = ['status', 'channel', 'paymentType', 'from', 'to'] as const;

/** Where a page opened from the list goes back to: the list as it was. */
export interface BackState {
  backTo?: string;
}
