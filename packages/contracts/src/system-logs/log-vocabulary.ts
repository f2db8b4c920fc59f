/**
 * The words of the system log: every `entity` and `action` the API writes into it. The web app names each in
 * the user's language (`logs:entities.<entity>`, `logs:actions.<action>`) and keeps the code as a tooltip and as
 * the filter's value. Whoever audits a new entity or action adds it here (and its label in logs.json):
 * `apps/api/src/platform/audit-vocabulary.test.ts` reads every audit call of the API and fails on a name missing
 * from these lists, and the web's test fails on a name without a label.
 */

/** Record types, singular snake case (a document's entity is its definition's `name`). */
export const SYSTEM_LOG_ENTITIES = [
  // Documents
  'purchase_order',
  'good_received_note',
  'sales_invoice',
  'shipping_claim',
  'pick_list',
  'ship_list',
  'purchase_invoice',
  'purchase_invoice_settlement',
  'rma',
  'return_ticket',
  'credit_note',
  'inventory_transfer',
  'stock_count',
  'bundle_task',
  'stock_override',
  // Stock
  'stock',
  'stock_reservation',
  // Products and master data
  'product',
  'brand',
  'cost_center',
  'currency',
  'exchange_rate',
  'processor',
  'shipping_carrier',
  'business_partner',
  'customer',
  'excel_mapping',
  // Warehouses
  'warehouse',
  'warehouse_location',
  'warehouse_configuration',
  // Imports, files and background work
  'product_import',
  'inventory_import',
  'sales_invoices_import',
  'purchase_invoices_import',
  'channel_listings_import',
  'file',
  'job',
  'fifo_process_run',
  // Users, settings
  'user',
  'role',
  'user_preferences',
  'draft',
  'system_configuration',
  'sales_channel_setting',
  'non_working_day',
  'bank_base_rate',
  // Channels and carriers
  'channel_account',
  'channel_listing',
  'channel_message',
  'shipping_label',
  'channel_stock_file',
  // Dashboards
  'bi_report',
] as const;
export type SystemLogEntity = (typeof SYSTEM_LOG_ENTITIES)[number];

/** What was done, verbs in snake case (a document's steps are its definition's action names). */
export const SYSTEM_LOG_ACTIONS = [
  // Records
  'create',
  'update',
  'edit',
  'delete',
  'deactivate',
  'upload',
  'create_locations',
  // Documents' steps
  'assign',
  'start',
  'complete',
  'count',
  'scan',
  'submit',
  'reopen',
  'post',
  'book',
  'settle',
  'pay',
  'approve',
  'send',
  'close',
  'dispatch',
  'receive',
  'cancel',
  'reverse',
  'pick',
  'pack',
  'unpick',
  'confirm',
  'ship',
  'credit',
  'replace',
  'reject',
  'attach',
  'detach',
  'inspect',
  'collect_cheque',
  'send_cheque_to_bank',
  'realize_cheque',
  'return_cheque',
  // Stock
  'override',
  'adjust',
  'release',
  'move',
  'issue',
  'mark_short',
  'restore_short',
  'revalue',
  'add_landed_cost',
  'warn_no_agreed_cost',
  // Imports and background work
  'apply',
  'retry',
  'purge',
  // Mail
  'send_test_email',
  // Accounts and signing in
  'set_password',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'link_identity',
  'request_password_reset',
  'reset_password',
  // Channels and carriers: a connection test, and every call made to a provider (one row per attempt)
  'test_connection',
  'api_call',
  'run_now',
  'produce_stock_file',
  'download',
] as const;
export type SystemLogAction = (typeof SYSTEM_LOG_ACTIONS)[number];
