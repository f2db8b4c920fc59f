import type { ColumnType, Generated } from 'kysely';

/** Column types as PostgreSQL hands them over: numeric and bigint as strings, dates as YYYY-MM-DD. */
/** Insert may omit it when the column has a default. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined | null, string | null>;

export interface PermissionsTable {
  name: string;
  area: string;
  sort_order: number;
}
export interface RolesTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  is_system: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface RolePermissionsTable {
  role_id: string;
  permission: string;
}
export interface UsersTable {
  id: Generated<string>;
  username: string;
  name: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  password_hash: string | null;
  external_subject: string | null;
  is_active: Generated<boolean>;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface UserRolesTable {
  user_id: string;
  role_id: string;
}
export interface SystemLogsTable {
  id: Generated<string>;
  at: Timestamp;
  user_id: string | null;
  username: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  request_id: string | null;
  /** The record as a person names it (number, SKU, code); set by a trigger when not given. */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface UserPreferencesTable {
  user_id: string;
  notifications: ColumnType<Record<string, boolean>, string | undefined, string>;
  email_on_task_assignment: Generated<boolean>;
  activity_seen_id: ColumnType<string, string | number | undefined, string | number>;
  updated_at: Timestamp;
}
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status_code: number;
  response: Json;
  created_at: Timestamp;
}
export interface AppSecretsTable {
  name: string;
  value: Json;
  created_at: Timestamp;
}
export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: Json;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}
export interface UploadedFilesTable {
  id: string;
  file_name: string;
  original_name: string;
  content_type: string;
  kind: string;
  size: number;
  sha256: string;
  content: Buffer;
  uploaded_by: string;
  uploaded_at: Timestamp;
  attached_entity: string | null;
  attached_id: string | null;
}
/** Master data with a code, a name and an active flag: brands, cost_centers. */
export interface CodedMasterDataTable {
  id: Generated<string>;
  /** Upper-case, unique. */
  code: string;
  name: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type BrandsTable = CodedMasterDataTable;
export type CostCentersTable = CodedMasterDataTable;
/** Products (migration 0006): SKU stored upper-case; numerics as strings. */
export interface ProductsTable {
  id: Generated<string>;
  sku: string;
  name: string;
  brand_id: string | null;
  unit: Generated<string>;
  kind: Generated<string>;
  cost_price: ColumnType<string, string | undefined, string>;
  sale_price: ColumnType<string, string | undefined, string>;
  vat_rate: ColumnType<string, string | undefined, string>;
  weight_kg: string | null;
  length_cm: string | null;
  width_cm: string | null;
  height_cm: string | null;
  reorder_point: ColumnType<string, string | undefined, string>;
  reorder_quantity: ColumnType<string, string | undefined, string>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ProductBarcodesTable {
  product_id: string;
  position: number;
  barcode: string;
  /** Generated: the barcode left-padded to 14 digits; unique. */
  gtin: ColumnType<string, never, never>;
}
export interface ProductBundleComponentsTable {
  bundle_id: string;
  component_id: string;
  position: number;
  quantity: string;
}
export interface ProductImagesTable {
  product_id: string;
  position: number;
  file_id: string;
}
/** Currencies (migration 0008): keyed by code, fixed by the specification. */
export interface CurrenciesTable {
  code: string;
  name: string;
  symbol: string;
  decimal_places: number;
  is_base: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Dated rates to GBP: numeric as text, date as YYYY-MM-DD. */
export interface ExchangeRatesTable {
  id: Generated<string>;
  currency: string;
  effective_date: string;
  rate: string;
  source: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ProcessorsTable {
  id: Generated<string>;
  code: string;
  name: string;
  type: string;
  currency: string;
  bank_name: string | null;
  account_name: string | null;
  sort_code: string | null;
  account_number: string | null;
  iban: string | null;
  paypal_email: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Shipping carriers and their services (migration 0009). */
export interface ShippingCarriersTable {
  id: Generated<string>;
  code: string;
  name: string;
  tracking_url_template: string | null;
  integration: Generated<string>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CarrierServicesTable {
  id: Generated<string>;
  carrier_id: string;
  code: string;
  name: string;
  tracked: Generated<boolean>;
  signature: Generated<boolean>;
  delivery_days: number | null;
  active: Generated<boolean>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Drafts of long forms, each its owner's (migration 0041). */
export interface DraftsTable {
  id: Generated<string>;
  owner_id: string;
  kind: string;
  route: string;
  title: string;
  summary: ColumnType<unknown, string, string>;
  payload: ColumnType<unknown, string, string>;
  payload_bytes: number;
  version: Generated<number>;
  created_at: Generated<Date>;
  saved_at: Generated<Date>;
}
/** Business partners (migration 0012); contacts and addresses are replaced with their partner. */
export interface BusinessPartnersTable {
  id: Generated<string>;
  /** Upper-case, unique. */
  code: string;
  name: string;
  vat_number: string | null;
  default_currency: string;
  payment_terms_days: number;
  /** numeric(5,2) as a string. */
  late_interest_rate: string | null;
  late_interest_type: string | null;
  is_consignment: boolean;
  active: boolean;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface BusinessPartnerContactsTable {
  id: Generated<string>;
  partner_id: string;
  position: number;
  name: string;
  role: string | null;
  email: string | null;
  phone: string | null;
  is_primary: boolean;
}
/** The columns of a postal address (business partners' and customers'). */
export interface PostalAddressColumns {
  id: Generated<string>;
  position: number;
  kind: string;
  line1: string;
  line2: string | null;
  city: string;
  county: string | null;
  postcode: string | null;
  country: string;
  is_default: boolean;
}
export interface BusinessPartnerAddressesTable extends PostalAddressColumns {
  partner_id: string;
}
/** Customers (migration 0013). */
export interface CustomersTable {
  id: Generated<string>;
  name: string;
  email: string | null;
  phone: string | null;
  active: boolean;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CustomerAddressesTable extends PostalAddressColumns {
  customer_id: string;
}
export interface CustomerChannelIdsTable {
  customer_id: string;
  position: number;
  channel: string;
  external_id: string;
}
/** Warehouses (migration 0010): code unique and upper-case, a flat address. */
export interface WarehousesTable {
  id: Generated<string>;
  code: string;
  name: string;
  kind: string;
  address_line1: Generated<string>;
  address_line2: Generated<string>;
  city: Generated<string>;
  postcode: Generated<string>;
  country: Generated<string>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** A warehouse's bins; code unique within the warehouse. */
export interface WarehouseLocationsTable {
  id: Generated<string>;
  warehouse_id: string;
  code: string;
  zone: Generated<string>;
  pick_sequence: Generated<number>;
  pickable: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** A warehouse's advanced configuration; over_receipt_tolerance is numeric (a string). */
export interface WarehouseConfigsTable {
  warehouse_id: string;
  allow_negative_stock: Generated<boolean>;
  default_receiving_location_id: string | null;
  default_returns_location_id: string | null;
  over_receipt_tolerance: ColumnType<string, string | undefined, string>;
  picking_order: Generated<string>;
  updated_at: Timestamp;
}
/** System configuration (migration 0011): `group.field` → JSON value. */
export interface SystemSettingsTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: string | null;
}
/** The last document number given per kind and year; last_value is int8 (a string). */
export interface DocumentNumberCountersTable {
  kind: string;
  year: number;
  last_value: ColumnType<string, string | number, string | number>;
  updated_at: Timestamp;
}
export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

/** Excel mappings (migration 0007): saved header → field answers per import kind. */
export interface ExcelMappingsTable {
  id: Generated<string>;
  name: string;
  kind: string;
  is_default: Generated<boolean>;
  /** [{ header, field }]. */
  columns: ColumnType<unknown, string, string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Import runs (migration 0007): one uploaded .xlsx applied by a server-side job, with its progress. */
export interface ImportRunsTable {
  id: Generated<string>;
  kind: string;
  file_id: string;
  file_name: string;
  mode: string;
  mapping_id: string | null;
  mapping_name: string | null;
  columns: Json;
  status: Generated<string>;
  rows_total: number | null;
  rows_done: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  error_count: Generated<number>;
  errors: ColumnType<unknown, string | undefined, string>;
  failure_code: string | null;
  failure_message: string | null;
  timings: Json;
  created_by: string;
  request_id: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Migration 0046: a kind's own choices (sales invoices: default channel, warehouse, book). */
  options: ColumnType<unknown, string | null | undefined, string | null>;
  /** Migration 0046: what a run did beyond its counts (sales invoices: the orders skipped). */
  outcome: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface Database {
  shipping_labels: ShippingLabelsTable;
  channel_accounts: ChannelAccountsTable;
  channel_listings: ChannelListingsTable;
  channel_unmapped_skus: ChannelUnmappedSkusTable;
  channel_inbox: ChannelInboxTable;
  channel_cursors: ChannelCursorsTable;
  channel_messages: ChannelMessagesTable;
  channel_stock_queue: ChannelStockQueueTable;
  channel_fba_inventory: ChannelFbaInventoryTable;
  channel_stock_files: ChannelStockFilesTable;
  channel_returns: ChannelReturnsTable;
  bi_reports: BiReportsTable;
  bi_report_roles: BiReportRolesTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  system_logs: SystemLogsTable;
  user_preferences: UserPreferencesTable;
  idempotency_keys: IdempotencyKeysTable;
  app_secrets: AppSecretsTable;
  oidc_payloads: OidcPayloadsTable;
  uploaded_files: UploadedFilesTable;
  brands: BrandsTable;
  cost_centers: CostCentersTable;
  products: ProductsTable;
  product_barcodes: ProductBarcodesTable;
  product_bundle_components: ProductBundleComponentsTable;
  product_images: ProductImagesTable;
  currencies: CurrenciesTable;
  exchange_rates: ExchangeRatesTable;
  processors: ProcessorsTable;
  shipping_carriers: ShippingCarriersTable;
  carrier_services: CarrierServicesTable;
  business_partners: BusinessPartnersTable;
  business_partner_contacts: BusinessPartnerContactsTable;
  business_partner_addresses: BusinessPartnerAddressesTable;
  customers: CustomersTable;
  customer_addresses: CustomerAddressesTable;
  customer_channel_ids: CustomerChannelIdsTable;
  warehouses: WarehousesTable;
  warehouse_locations: WarehouseLocationsTable;
  warehouse_configs: WarehouseConfigsTable;
  system_settings: SystemSettingsTable;
  document_number_counters: DocumentNumberCountersTable;
  excel_mappings: ExcelMappingsTable;
  import_runs: ImportRunsTable;
  schema_migrations: SchemaMigrationsTable;
  stock_movements: StockMovementsTable;
  stock_levels: StockLevelsTable;
  stock_bin_balances: StockBinBalancesTable;
  stock_layers: StockLayersTable;
  stock_consumptions: StockConsumptionsTable;
  stock_reversals: StockReversalsTable;
  stock_cost_revaluations: StockCostRevaluationsTable;
  cost_of_sales_adjustments: CostOfSalesAdjustmentsTable;
  stock_reservations: StockReservationsTable;
  stock_product_values: StockProductValuesTable;
  stock_checkpoint_cuts: StockCheckpointCutsTable;
  stock_checkpoints: StockCheckpointsTable;
  analytics_daily_facts: AnalyticsDailyFactsTable;
  analytics_daily_totals: AnalyticsDailyTotalsTable;
  non_working_days: NonWorkingDaysTable;
  fifo_process_runs: FifoProcessRunsTable;
  fifo_process_differences: FifoProcessDifferencesTable;
  stock_counts: StockCountsTable;
  stock_count_lines: StockCountLinesTable;
  inventory_transfers: InventoryTransfersTable;
  inventory_transfer_lines: InventoryTransferLinesTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  sales_channel_settings: SalesChannelSettingsTable;
  sales_invoices: SalesInvoicesTable;
  sales_invoice_lines: SalesInvoiceLinesTable;
  ship_lists: ShipListsTable;
  ship_list_invoices: ShipListInvoicesTable;
  ship_list_parcels: ShipListParcelsTable;
  pick_lists: PickListsTable;
  pick_list_lines: PickListLinesTable;
  pick_list_invoices: PickListInvoicesTable;
  pick_list_items: PickListItemsTable;
  shipping_claims: ShippingClaimsTable;
  shipping_claim_lines: ShippingClaimLinesTable;
  bundle_tasks: BundleTasksTable;
  bundle_task_components: BundleTaskComponentsTable;
  bundle_task_completions: BundleTaskCompletionsTable;
  jobs: JobsTable;
  outbox_events: OutboxEventsTable;
  outbox_deliveries: OutboxDeliveriesTable;
  sign_in_failures: SignInFailuresTable;
  password_reset_tokens: PasswordResetTokensTable;
  goods_received_notes: GoodsReceivedNotesTable;
  goods_received_note_lines: GoodsReceivedNoteLinesTable;
  rmas: RmasTable;
  rma_lines: RmaLinesTable;
  return_tickets: ReturnTicketsTable;
  return_ticket_lines: ReturnTicketLinesTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  supplier_credits: SupplierCreditsTable;
  purchase_invoices: PurchaseInvoicesTable;
  consignment_receipt_costs: ConsignmentReceiptCostsTable;
  consignment_sales: ConsignmentSalesTable;
  consignment_invoice_lines: ConsignmentInvoiceLinesTable;
  purchase_invoice_lines: PurchaseInvoiceLinesTable;
  purchase_invoice_receipt_matches: PurchaseInvoiceReceiptMatchesTable;
  purchase_invoice_settlements: PurchaseInvoiceSettlementsTable;
  purchase_invoice_settlement_lines: PurchaseInvoiceSettlementLinesTable;
  purchase_invoice_settlement_credits: PurchaseInvoiceSettlementCreditsTable;
  purchase_invoice_settlement_cheque_events: PurchaseInvoiceSettlementChequeEventsTable;
  bank_base_rates: BankBaseRatesTable;
  drafts: DraftsTable;
}

type Num = ColumnType<string, string | undefined, string>;
/** The stock ledger (migration 0014): append-only. */
export interface StockMovementsTable {
  id: ColumnType<string, string | undefined, never>;
  posted_at: Timestamp;
  created_at: Timestamp;
  product_id: string;
  warehouse_id: string;
  location_id: string | null;
  bucket: string;
  kind: string;
  quantity: string;
  value: string;
  unit_cost: string | null;
  owner_partner_id: string | null;
  link_id: string | null;
  source_type: string;
  source_id: string | null;
  source_line: string | null;
  reason: Generated<string>;
  user_id: string | null;
}
export interface StockLevelsTable {
  product_id: string;
  warehouse_id: string;
  on_hand: Num;
  reserved: Num;
  in_transit: Num;
  consigned: Num;
  value: Num;
  last_unit_cost: string | null;
  /** Reserved units no stock is left for after a physical loss (migration 0021). */
  reserved_short: Num;
  available: ColumnType<string, never, never>;
  updated_at: Timestamp;
}
/** Each product's value summed over its warehouses, kept by triggers on stock_levels (migration 0024). */
export interface StockProductValuesTable {
  product_id: string;
  value: Num;
}
/** Checkpoints of stock and value per product × warehouse at the start of each London month (migration 0024). */
export interface StockCheckpointCutsTable {
  cut: Timestamp;
  row_count: number;
  made_at: Timestamp;
}
export interface StockCheckpointsTable {
  cut: Timestamp;
  product_id: string;
  warehouse_id: string;
  on_hand: Num;
  in_transit: Num;
  value: Num;
}
export interface StockBinBalancesTable {
  product_id: string;
  warehouse_id: string;
  location_id: string | null;
  on_hand: Num;
  updated_at: Timestamp;
}
export interface StockLayersTable {
  origin_movement_id: string;
  seq: number;
  product_id: string;
  warehouse_id: string;
  bucket: string;
  owner_partner_id: string | null;
  received_at: Timestamp;
  unit_cost: string;
  quantity: string;
  remaining: string;
  remaining_value: string;
  /** The receipt row the units came in by (fifo.ts Layer.root). */
  root_movement_id: string | null;
}
export interface StockConsumptionsTable {
  movement_id: string;
  seq: number;
  product_id: string;
  layer_movement_id: string;
  layer_seq: number;
  owner_partner_id: string | null;
  received_at: Timestamp;
  unit_cost: string;
  quantity: string;
  value: string;
  is_deficit: Generated<boolean>;
  root_movement_id: string | null;
}
export interface StockReservationsTable {
  id: Generated<string>;
  product_id: string;
  warehouse_id: string;
  quantity: string;
  open_quantity: string;
  issued_quantity: Num;
  /** Of the open quantity, the units a physical loss left without stock (migration 0021). */
  short_quantity: Num;
  status: Generated<string>;
  source_type: string;
  source_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Inventory transfers (migration 0015): the document; stock moves through the ledger. */
export interface InventoryTransfersTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  from_warehouse_id: string;
  to_warehouse_id: string;
  /** YYYY-MM-DD. */
  expected_date: string | null;
  notes: Generated<string>;
  created_by: string | null;
  dispatched_at: Date | null;
  dispatched_by: string | null;
  received_at: Date | null;
  received_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface InventoryTransferLinesTable {
  id: Generated<string>;
  transfer_id: string;
  line_no: number;
  product_id: string;
  from_location_id: string | null;
  to_location_id: string | null;
  quantity: string;
  dispatched_quantity: Num;
  received_quantity: Num;
  discrepancy_quantity: Num;
  discrepancy_reason: Generated<string>;
}

/** Purchase orders (migration 0027): four types in one table; amounts in the order's currency. */
/** Sales invoices and their lines, and whether each channel's prices include VAT (migration 0042). */
export interface SalesChannelSettingsTable {
  channel: string;
  prices_include_vat: boolean;
  /** Migration 0062: the dispatch promise in working days. */
  dispatch_days: Generated<number>;
  updated_at: Timestamp;
  updated_by: string | null;
}
export interface SalesInvoicesTable {
  id: Generated<string>;
  /** Migration 0052: what the list's search reads, kept by the database (never written by the code). */
  search_text: ColumnType<string | null, never, never>;
  /** Migration 0046: the Excel upload run that wrote it. */
  import_run_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0044: the pick list it is on (while PROCESSING), and the invoice a back-order was split off. */
  pick_list_id: ColumnType<string | null, string | null | undefined, string | null>;
  backorder_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0054: the channel account its order was pulled from. */
  channel_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  number: string;
  status: Generated<string>;
  channel: Generated<string>;
  external_order_id: string | null;
  customer_id: string;
  email: string | null;
  billing_name: string | null;
  billing_line1: string;
  billing_line2: string | null;
  billing_city: string;
  billing_county: string | null;
  billing_postcode: string | null;
  billing_country: string;
  delivery_name: string | null;
  delivery_line1: string;
  delivery_line2: string | null;
  delivery_city: string;
  delivery_county: string | null;
  delivery_postcode: string | null;
  delivery_country: string;
  warehouse_id: string;
  currency: Generated<string>;
  exchange_rate: Num;
  /** YYYY-MM-DD. */
  invoice_date: string;
  /** YYYY-MM-DD. */
  tax_point_date: string;
  prices_include_vat: boolean;
  shipping_charge: Num;
  shipping_vat_code: Generated<string>;
  shipping_net: Num;
  shipping_vat: Num;
  carrier_service_id: string | null;
  payment_type: string | null;
  payment_reference: Generated<string>;
  note: Generated<string>;
  net_total: Num;
  vat_total: Num;
  gross_total: Num;
  line_count: Generated<number>;
  total_quantity: Num;
  short_quantity: Num;
  created_by: string | null;
  booked_at: Date | null;
  booked_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The shipment (migration 0045, written by the ship list's confirm). */
  shipped_at: Date | null;
  shipped_by: string | null;
  ship_list_id: string | null;
  ship_list_number: string | null;
  shipped_carrier_service_id: string | null;
  shipment_parcels: Json;
  tracking_numbers: ColumnType<string[], string[] | undefined, string[]>;
}
/** Pick lists (migration 0044). */
export interface PickListsTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  warehouse_id: string;
  note: Generated<string>;
  short_pick: string | null;
  invoice_count: Generated<number>;
  line_count: Generated<number>;
  required_quantity: Generated<string>;
  picked_quantity: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: Date | null;
  confirmed_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
}
export interface PickListLinesTable {
  id: Generated<string>;
  pick_list_id: string;
  product_id: string;
  location_id: string | null;
  required: string;
  picked: Generated<string>;
}
export interface PickListInvoicesTable {
  pick_list_id: string;
  invoice_id: string;
  seq: number;
  outcome: string | null;
  backorder_id: string | null;
}
export interface PickListItemsTable {
  id: Generated<string>;
  pick_list_id: string;
  invoice_id: string;
  invoice_line_id: string | null;
  line_no: number;
  product_id: string;
  quantity: string;
  allocated: Generated<string>;
}
export interface SalesInvoiceLinesTable {
  id: Generated<string>;
  invoice_id: string;
  line_no: number;
  product_id: string;
  quantity: string;
  unit_price: string;
  discount_percent: Num;
  vat_code: Generated<string>;
  vat_rate: Num;
  net_amount: string;
  vat_amount: string;
  gross_amount: string;
  short_quantity: Num;
  reservation_id: string | null;
}
export interface PurchaseOrdersTable {
  id: Generated<string>;
  number: string;
  type: string;
  status: Generated<string>;
  supplier_id: string | null;
  warehouse_id: string;
  destination_warehouse_id: string | null;
  shipment_reference: Generated<string>;
  currency: Generated<string>;
  exchange_rate: Num;
  cost_center_id: string | null;
  /** YYYY-MM-DD. */
  order_date: ColumnType<string, string | undefined, string>;
  /** YYYY-MM-DD. */
  expected_date: string | null;
  payment_terms_days: Generated<number>;
  supplier_reference: Generated<string>;
  notes: Generated<string>;
  net_total: Num;
  vat_total: Num;
  gross_total: Num;
  created_by: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  sent_at: Date | null;
  sent_to: Generated<string>;
  dispatched_at: Date | null;
  dispatched_by: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  close_reason: Generated<string>;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface PurchaseOrderLinesTable {
  id: Generated<string>;
  order_id: string;
  line_no: number;
  product_id: string;
  quantity: string;
  unit_cost: string;
  discount_percent: Num;
  vat_code: Generated<string>;
  vat_rate: Num;
  net_amount: string;
  vat_amount: string;
  received_quantity: Num;
  rejected_quantity: Num;
  invoiced_quantity: Num;
  canceled_quantity: Num;
  location_id: string | null;
}

/** Counting sessions (migration 0016): a snapshot of book quantities, what was counted, what posting did. */
export interface StockCountsTable {
  id: Generated<string>;
  number: string;
  warehouse_id: string;
  zone: string | null;
  status: Generated<string>;
  blind: Generated<boolean>;
  notes: Generated<string>;
  zero_uncounted: boolean | null;
  created_by: string;
  submitted_at: Date | null;
  submitted_by: string | null;
  posted_at: Date | null;
  posted_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  /** Migration 0023: a posted session undone by a reversing posting. */
  reversed_at: Date | null;
  reversed_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Reversals of overrides and counts (migration 0023): once per original, with the reversing ledger rows. */
/** Landed costs and price differences of receipt rows (migration 0030): append-only, inputs of the FIFO engine. */
export interface StockCostRevaluationsTable {
  id: ColumnType<string, never, never>;
  kind: 'LANDED_COST' | 'PRICE_DIFFERENCE';
  product_id: string;
  receipt_movement_id: string;
  posted_at: Timestamp;
  order_id: string;
  amount: string;
  source_type: string;
  source_id: string | null;
  source_line: string | null;
  source_number: Generated<string>;
  reason: Generated<string>;
  user_id: string | null;
  created_at: Generated<Timestamp>;
}
/** What cost changes sent to cost of sales (migration 0030): append-only; gross-margin reports read it. */
export interface CostOfSalesAdjustmentsTable {
  id: ColumnType<string, never, never>;
  revaluation_id: string;
  kind: 'LANDED_COST' | 'PRICE_DIFFERENCE';
  cause: 'SOLD' | 'CONSIGNED' | 'BELOW_ZERO';
  product_id: string;
  warehouse_id: string;
  amount: string;
  posted_on: ColumnType<string, string, string>;
  posted_at: Timestamp;
  movement_ids: Generated<string[]>;
  source_type: string;
  source_id: string | null;
  source_line: string | null;
  reason: Generated<string>;
  user_id: string | null;
  created_at: Generated<Timestamp>;
}
export interface StockReversalsTable {
  id: Generated<string>;
  source_type: string;
  source_id: string;
  movement_ids: string[];
  reason: string;
  reversed_by: string;
  reversed_at: Timestamp;
}
export interface StockCountLinesTable {
  id: Generated<string>;
  count_id: string;
  product_id: string;
  location_id: string | null;
  book_quantity: string;
  expected: Generated<boolean>;
  counted_quantity: string | null;
  counted_by: string | null;
  counted_at: Date | null;
  posted_book_quantity: string | null;
  posted_difference: string | null;
  posted_value: string | null;
  movement_id: string | null;
  created_at: Timestamp;
}

/** Bundling tasks (migration 0017): assemble bundles from their components, the recipe kept as it was. */
export interface BundleTasksTable {
  id: Generated<string>;
  number: string;
  bundle_product_id: string;
  warehouse_id: string;
  quantity: string;
  completed_quantity: Num;
  source_location_id: string | null;
  target_location_id: string | null;
  assignee_user_id: string | null;
  status: Generated<string>;
  due_date: string | null;
  notes: Generated<string>;
  created_by: string | null;
  started_at: Date | null;
  started_by: string | null;
  completed_at: Date | null;
  completed_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface BundleTaskComponentsTable {
  task_id: string;
  component_id: string;
  position: number;
  quantity: string;
}
export interface BundleTaskCompletionsTable {
  task_id: string;
  seq: number;
  quantity: string;
  value: string;
  posted_at: Timestamp;
  user_id: string | null;
  created_at: Timestamp;
}

/** FIFO stock process runs and what they found (migration 0018). */
export interface FifoProcessRunsTable {
  id: Generated<string>;
  status: Generated<string>;
  started_at: Timestamp;
  finished_at: Date | null;
  heartbeat_at: Timestamp;
  started_by: string | null;
  request_id: string | null;
  products_total: Generated<number>;
  products_done: Generated<number>;
  movements_done: ColumnType<string, string | number | undefined, string | number>;
  differences_found: Generated<number>;
  failure: string | null;
}
export interface FifoProcessDifferencesTable {
  run_id: string;
  seq: number;
  kind: string;
  product_id: string;
  warehouse_id: string | null;
  bucket: string | null;
  expected: Generated<string>;
  stored: Generated<string>;
  detail: Generated<string>;
}

/** The platform's job runner (migration 0019): every area's background work, claimed with a heartbeat. */
export interface JobsTable {
  id: Generated<string>;
  kind: string;
  key: string;
  payload: ColumnType<unknown, string | undefined, string>;
  status: Generated<string>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: Timestamp;
  claimed_by: string | null;
  claimed_at: Date | null;
  heartbeat_at: Date | null;
  progress_done: ColumnType<string, string | number | undefined, string | number>;
  progress_total: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  last_error: string | null;
  created_by: string | null;
  request_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Date | null;
}
/** The transactional outbox (migration 0019): events written in the change's transaction, then delivered. */
export interface OutboxEventsTable {
  id: ColumnType<string, never, never>;
  type: string;
  key: string;
  payload: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
  status: Generated<string>;
  attempts: Generated<number>;
  deliver_after: Timestamp;
  delivered_at: Date | null;
  last_error: string | null;
}
export interface OutboxDeliveriesTable {
  event_id: string;
  handler: string;
  delivered_at: Timestamp;
}
/** Failed sign-in attempts (migration 0019), shared by every API server. */
export interface SignInFailuresTable {
  id: ColumnType<string, never, never>;
  key: string;
  failed_at: Timestamp;
  expires_at: Date | string;
}
/** One-time "forgot password" links (migration 0026): only the SHA-256 of the link's key is kept. */
export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

/** Goods received notes (migration 0028): DRAFT → POSTED, or CANCELED; numeric columns as strings. */
export interface GoodsReceivedNotesTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  purchase_order_id: string;
  /** Null for a Send Inventory order received at its destination (own stock). */
  supplier_id: string | null;
  warehouse_id: string;
  /** YYYY-MM-DD. */
  received_date: string;
  delivery_reference: Generated<string>;
  note: Generated<string>;
  currency: string;
  exchange_rate: string | null;
  rate_date: string | null;
  consigned: Generated<boolean>;
  created_by: string | null;
  posted_at: Date | null;
  posted_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface GoodsReceivedNoteLinesTable {
  id: Generated<string>;
  note_id: string;
  line_no: number;
  order_line_id: string;
  product_id: string;
  received_quantity: string;
  accepted_quantity: string;
  rejected_quantity: string;
  location_id: string | null;
  note: Generated<string>;
  unit_cost: string;
  unit_cost_gbp: string | null;
}

/** Supplier invoices (migration 0031). */
export interface PurchaseInvoicesTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  supplier_id: string;
  supplier_invoice_number: string;
  /** YYYY-MM-DD. */
  invoice_date: string;
  due_date: string;
  currency: string;
  exchange_rate: string;
  net_total: Generated<string>;
  vat_total: Generated<string>;
  gross_total: Generated<string>;
  open_amount: Generated<string>;
  upload_id: string | null;
  notes: Generated<string>;
  difference_reason: Generated<string>;
  created_by: string | null;
  booked_at: Date | null;
  approved_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** STANDARD, or CONSIGNMENT (units sold in period_from..period_to, lines in consignment_invoice_lines). */
  kind: Generated<string>;
  period_from: string | null;
  period_to: string | null;
}
export interface ConsignmentReceiptCostsTable {
  movement_id: string;
  partner_id: string;
  product_id: string;
  unit_cost: string;
  currency: string;
}
export interface ConsignmentSalesTable {
  id: Generated<string>;
  partner_id: string;
  product_id: string;
  warehouse_id: string;
  sold_on: string;
  quantity: string;
  unit_cost: string;
  currency: string;
  movement_id: string;
  receipt_movement_id: string;
  reverses_movement_id: string | null;
  source_type: string;
  source_id: string | null;
  source_line: string | null;
  invoice_id: string | null;
  created_at: Generated<Date>;
  /** No agreed cost was found: owed at zero, shown as such (migration 0040). */
  cost_missing: Generated<boolean>;
}
export interface ConsignmentInvoiceLinesTable {
  id: Generated<string>;
  invoice_id: string;
  line_no: number;
  product_id: string;
  quantity: string;
  unit_price: string;
  vat_code: string;
  vat_rate: string;
  net_amount: string;
  vat_amount: string;
}
export interface PurchaseInvoiceLinesTable {
  id: Generated<string>;
  invoice_id: string;
  line_no: number;
  order_line_id: string;
  product_id: string;
  quantity: string;
  unit_price: string;
  discount_percent: Generated<string>;
  vat_code: string;
  vat_rate: string;
  net_amount: string;
  vat_amount: string;
}
export interface PurchaseInvoiceReceiptMatchesTable {
  id: Generated<string>;
  invoice_line_id: string;
  receipt_line_id: string;
  quantity: string;
  price_difference: Generated<string>;
}

/** Returns to supplier (migration 0032). */
export interface RmasTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  supplier_id: string;
  warehouse_id: string;
  rma_date: string;
  currency: string;
  note: Generated<string>;
  supplier_rma_number: Generated<string>;
  credit_amount: string | null;
  credit_reference: Generated<string>;
  created_by: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  shipped_at: Date | null;
  shipped_by: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RmaLinesTable {
  id: Generated<string>;
  rma_id: string;
  line_no: number;
  product_id: string;
  quantity: string;
  reason: Generated<string>;
  grn_line_id: string | null;
  location_id: string | null;
  unit_cost: string | null;
  value: string | null;
}

/** What suppliers owe back (migration 0032): settlements offset open_amount. */
export interface SupplierCreditsTable {
  id: Generated<string>;
  supplier_id: string;
  currency: string;
  amount: string;
  open_amount: string;
  reference: Generated<string>;
  source_type: string;
  source_id: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** Settlements of supplier invoices (migration 0034). */
export interface PurchaseInvoiceSettlementsTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  supplier_id: string;
  payment_date: string;
  processor_id: string;
  payment_type: string;
  reference: Generated<string>;
  note: Generated<string>;
  currency: string;
  exchange_rate: string;
  processor_currency: string;
  invoices_total: Generated<string>;
  interest_total: Generated<string>;
  credits_total: Generated<string>;
  total_paid: Generated<string>;
  total_paid_processor: Generated<string>;
  exchange_difference_gbp: Generated<string>;
  cheque_number: string | null;
  cheque_date: string | null;
  cheque_bank: string | null;
  cheque_status: string | null;
  cheque_status_at: Date | null;
  notified_at: Date | null;
  notified_recipients: string[] | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Date | null;
  completed_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
}
export interface PurchaseInvoiceSettlementLinesTable {
  id: Generated<string>;
  settlement_id: string;
  line_no: number;
  invoice_id: string;
  open_before: string;
  amount: string;
  days_late: Generated<number>;
  interest_basis: string;
  interest_type: string | null;
  interest_rate: string | null;
  base_rate: string | null;
  interest_reference_date: string | null;
  interest_proposal: Generated<string>;
  fixed_sum: Generated<string>;
  include_interest: Generated<boolean>;
  interest_amount: Generated<string>;
  amount_gbp: string;
  booked_gbp: string;
  exchange_difference_gbp: string;
}
export interface PurchaseInvoiceSettlementCreditsTable {
  id: Generated<string>;
  settlement_id: string;
  position: number;
  credit_id: string;
  amount: string;
  /** Migration 0039: the credit's day and rate, the amount in GBP at the payment date's and at the credit's rate. */
  credit_date: string;
  credit_rate: string;
  amount_gbp: string;
  booked_gbp: string;
  exchange_difference_gbp: string;
}
export interface PurchaseInvoiceSettlementChequeEventsTable {
  id: Generated<string>;
  settlement_id: string;
  status: string;
  event_date: string;
  note: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
}
export interface BankBaseRatesTable {
  effective_date: string;
  rate_percent: string;
  updated_at: Timestamp;
}

/** Shipping claims against carriers and the invoice lines they name (migration 0047); amounts in GBP. */
export interface ShippingClaimsTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  kind: string;
  invoice_id: string;
  carrier_id: string;
  carrier_service_id: string | null;
  tracking_number: Generated<string>;
  /** YYYY-MM-DD. */
  claim_date: string;
  description: Generated<string>;
  amount_claimed: string;
  carrier_reference: Generated<string>;
  approved_amount: string | null;
  rejection_reason: Generated<string>;
  amount_recovered: string | null;
  /** YYYY-MM-DD. */
  paid_on: string | null;
  cancel_reason: Generated<string>;
  line_count: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: Date | null;
  submitted_by: string | null;
  decided_at: Date | null;
  decided_by: string | null;
  paid_at: Date | null;
  paid_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
}
export interface ShippingClaimLinesTable {
  id: Generated<string>;
  claim_id: string;
  line_no: number;
  invoice_line_id: string;
  quantity: string;
}
/** Return tickets (migration 0048). */
export interface ReturnTicketsTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  invoice_id: string | null;
  customer_id: string;
  warehouse_id: string;
  channel: Generated<string>;
  return_date: string;
  note: Generated<string>;
  line_count: Generated<number>;
  total_quantity: Generated<string>;
  total_value: string | null;
  created_by: string | null;
  received_at: Date | null;
  received_by: string | null;
  inspected_at: Date | null;
  inspected_by: string | null;
  closed_at: Date | null;
  closed_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ReturnTicketLinesTable {
  id: Generated<string>;
  ticket_id: string;
  line_no: number;
  product_id: string;
  quantity: string;
  reason: string;
  condition: string;
  note: Generated<string>;
  outcome: string | null;
  unit_cost: string | null;
  value: string | null;
  cost_source: string | null;
  movement_id: string | null;
  hold_reservation_id: string | null;
}

/** Ship lists (migration 0045). */
export interface ShipListsTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  warehouse_id: string;
  note: Generated<string>;
  invoice_count: Generated<number>;
  parcel_count: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: Date | null;
  confirmed_by: string | null;
  canceled_at: Date | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
}
export interface ShipListInvoicesTable {
  ship_list_id: string;
  invoice_id: string;
  position: number;
  open: Generated<boolean>;
  carrier_service_id: string | null;
}
export interface ShipListParcelsTable {
  id: Generated<string>;
  ship_list_id: string;
  invoice_id: string;
  parcel_no: number;
  weight_kg: string;
  tracking_number: string | null;
  label_reference: string | null;
  /** The carrier the parcel went with (its tracking number is unique per carrier). */
  carrier_id: string | null;
}

export interface CreditNotesTable {
  id: Generated<string>;
  number: string;
  status: Generated<string>;
  invoice_id: string;
  return_ticket_id: string | null;
  customer_id: string;
  channel: string;
  credit_date: string;
  payment_type: string;
  reason: string;
  note: Generated<string>;
  currency: string;
  exchange_rate: string;
  prices_include_vat: boolean;
  line_count: Generated<number>;
  net_total: string;
  vat_total: string;
  gross_total: string;
  gross_gbp: string;
  refund_date: string | null;
  refund_reference: Generated<string>;
  created_by: string | null;
  approved_at: Timestamp | null;
  approved_by: string | null;
  canceled_at: Timestamp | null;
  canceled_by: string | null;
  cancel_reason: Generated<string>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface CreditNoteLinesTable {
  id: Generated<string>;
  credit_note_id: string;
  line_no: number;
  kind: string;
  invoice_line_id: string | null;
  product_id: string | null;
  quantity: string;
  unit_price: string;
  discount_percent: Generated<string>;
  vat_code: string;
  vat_rate: string;
  net_amount: string;
  vat_amount: string;
  gross_amount: string;
}

/** Migration 0054: channels and carriers. */
export interface ChannelAccountsTable {
  id: Generated<string>;
  type: string;
  name: string;
  environment: Generated<string>;
  marketplace: string | null;
  base_url: string | null;
  enabled: Generated<boolean>;
  credentials: ColumnType<Record<string, string>, string | undefined, string>;
  settings: ColumnType<unknown, string | undefined, string>;
  last_test_at: Timestamp | null;
  last_test_ok: boolean | null;
  last_test_message: string | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ChannelListingsTable {
  id: Generated<string>;
  account_id: string;
  product_id: string;
  sku: string;
  external_id: string | null;
  external_ref: string | null;
  pushed_quantity: string | null;
  pushed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface ChannelUnmappedSkusTable {
  account_id: string;
  sku: string;
  title: string | null;
  orders: Generated<number>;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}
export interface ChannelInboxTable {
  id: ColumnType<string, never, never>;
  account_id: string;
  kind: string;
  external_id: string;
  external_updated_at: Timestamp;
  payload: ColumnType<unknown, string, string>;
  status: Generated<string>;
  error: string | null;
  received_at: Timestamp;
  applied_at: Timestamp | null;
}
export interface ChannelReturnsTable {
  account_id: string;
  external_return_id: string;
  external_order_id: string;
  return_ticket_id: string;
  status: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
export interface ChannelCursorsTable {
  account_id: string;
  stream: string;
  cursor_at: Timestamp | null;
  last_run_at: Timestamp | null;
  last_ok_at: Timestamp | null;
  last_error: string | null;
  next_run_at: Timestamp;
}
export interface ChannelMessagesTable {
  id: Generated<string>;
  account_id: string;
  direction: string;
  operation: string;
  process_type: string | null;
  status: Generated<string>;
  external_order_id: string | null;
  sales_invoice_id: string | null;
  credit_note_id: string | null;
  return_ticket_id: string | null;
  source_event_id: string | null;
  payload: ColumnType<unknown, string | undefined, string>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}
export interface ChannelStockQueueTable {
  account_id: string;
  listing_id: string;
  quantity: string;
  queued_at: Timestamp;
  attempts: Generated<number>;
  last_error: string | null;
}
export interface ChannelFbaInventoryTable {
  account_id: string;
  sku: string;
  asin: string | null;
  fnsku: string | null;
  product_name: string | null;
  fulfillable: Generated<string>;
  inbound: Generated<string>;
  reserved: Generated<string>;
  unfulfillable: Generated<string>;
  read_at: Timestamp;
}
/** Migration 0057: stock files produced for accounts whose stock goes to a file. */
export interface ChannelStockFilesTable {
  id: Generated<string>;
  account_id: string;
  produced_at: Timestamp;
  row_count: number;
  size_bytes: number;
  sha256: string;
  content: Buffer;
  job_id: string | null;
  created_by: string | null;
}
/** Migration 0055: carrier labels made from a ship list. */
export interface ShippingLabelsTable {
  id: Generated<string>;
  account_id: string;
  ship_list_id: string;
  invoice_id: string;
  carrier_service_id: string;
  status: string;
  reference: string;
  external_id: string | null;
  tracking_numbers: ColumnType<string[], string[] | undefined, string[]>;
  label_pdf: Buffer | null;
  label_zpl: string | null;
  error: string | null;
  parcels: ColumnType<unknown, string | undefined, string>;
  delivered_at: Timestamp | null;
  created_by: string | null;
  created_at: Timestamp;
  cancelled_at: Timestamp | null;
}
/** Migration 0059: the register of external BI reports (Management Dashboards) and the roles that see each. */
export interface BiReportsTable {
  id: Generated<string>;
  name: string;
  embed_url: string;
  description: Generated<string>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface BiReportRolesTable {
  report_id: string;
  role_id: string;
}
/** Migration 0060: the management dashboard's daily facts (domains/dashboards/analytics.facts.ts). */
export interface AnalyticsDailyFactsTable {
  /** YYYY-MM-DD, the London day. */
  day: ColumnType<string, string, string>;
  channel: string;
  brand_id: string | null;
  warehouse_id: string;
  product_id: string;
  sales_net: Num;
  vat: Num;
  cogs: Num;
  units_shipped: Num;
  units_returned: Num;
  returned_cost: Num;
  /** Generated: sales_net - cogs + returned_cost (migration 0063). */
  margin: ColumnType<string, never, never>;
  computed_at: Timestamp;
}
/** Migration 0063: the daily facts without the product (kept with them by recomputeFacts). */
export interface AnalyticsDailyTotalsTable {
  day: ColumnType<string, string, string>;
  channel: string;
  brand_id: string | null;
  warehouse_id: string;
  sales_net: Num;
  vat: Num;
  cogs: Num;
  units_shipped: Num;
  units_returned: Num;
  returned_cost: Num;
}
/** Migration 0065: the days besides weekends that dispatch promises step over (domains/configuration). */
export interface NonWorkingDaysTable {
  /** YYYY-MM-DD, a weekday. */
  day: ColumnType<string, string, string>;
  name: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  updated_by: string | null;
}
