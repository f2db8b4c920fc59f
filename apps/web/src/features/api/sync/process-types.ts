/** The process types the channels report, each with its words; an unknown one shows as it came. */
export const PROCESS_TYPES = [
  'CREATE_ORDER',
  'FAILED_CREATE_ORDER',
  'CANCEL_ORDER',
  'FAILED_CANCEL_ORDER',
  'STATUS_SHIPPED',
  'FAILED_STATUS_SHIPPED',
  'STATUS_DELIVERED',
  'FAILED_STATUS_DELIVERED',
  'UPLOAD_INVOICE',
  'FAILED_UPLOAD_INVOICE',
  'CREATE_RETURN_ORDER',
  'CANCEL_RETURN_ORDER',
  'COMPLETE_RETURN_ORDER',
] as const;
