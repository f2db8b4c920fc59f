import {
  AccountBookOutlined,
  AuditOutlined,
  BarChartOutlined,
  CarOutlined,
  CloudSyncOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  HomeOutlined,
  RollbackOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { PermissionName } from '@backoffice/contracts';
import type { ComponentType } from 'react';
import type { MenuTitleKey } from '../shared/lib/i18n-keys.ts';

/** A menu entry with the fields of specification section 2.3. */
export interface MenuItem {
  /** Route path (internal) or address (external); empty for a group. */
  path: string;
  /** Key in the `menu` namespace; also the title of the route. */
  titleKey: MenuTitleKey;
  icon?: ComponentType;
  /** `has-sub` marks a group. */
  class: '' | 'has-sub';
  badge: string;
  badgeClass: string;
  isExternalLink: boolean;
  submenu: MenuItem[];
  /** Any one grants; absent: visible to everyone. For a group, the union of its children's. */
  allowPermissions?: readonly PermissionName[];
  /** Shown but not clickable (Manual Stock Override, specification section 2.4). */
  disabled?: boolean;
}

function link(
  titleKey: MenuTitleKey,
  path: string,
  allowPermissions?: readonly PermissionName[],
  extra: Partial<MenuItem> = {},
): MenuItem {
  return {
    path,
    titleKey,
    class: '',
    badge: '',
    badgeClass: '',
    isExternalLink: false,
    submenu: [],
    ...(allowPermissions ? { allowPermissions } : {}),
    ...extra,
  };
}

/** A group's permissions are the union of its children's; a child open to everyone opens the group. */
function unionOf(items: readonly MenuItem[]): readonly PermissionName[] | undefined {
  const union = new Set<PermissionName>();
  for (const item of items) {
    if (!item.allowPermissions) return undefined;
    for (const name of item.allowPermissions) union.add(name);
  }
  return [...union];
}

function group(titleKey: MenuTitleKey, icon: ComponentType | undefined, submenu: MenuItem[]): MenuItem {
  const allowPermissions = unionOf(submenu);
  return {
    path: '',
    titleKey,
    ...(icon ? { icon } : {}),
    class: 'has-sub',
    badge: '',
    badgeClass: '',
    isExternalLink: false,
    submenu,
    ...(allowPermissions ? { allowPermissions } : {}),
  };
}

/** The menu of specification section 2.4: every entry, its path and the permission it needs. */
export const MENU: readonly MenuItem[] = [
  link('dashboard', '/dashboard/dashboard1', undefined, { icon: DashboardOutlined }),
  link('analytics', '/dashboard/management-dashboard', ['powerbi_dashboard_view'], { icon: BarChartOutlined }),
  group('purchase', ShoppingCartOutlined, [
    group('purchaseOrder', undefined, [
      link('priorPo', '/purchase-order/purchase-order/PRIOR_ORDER_PO', ['view_purchase_order']),
      link('invoiceOrderPo', '/purchase-order/purchase-order/INVOICE_ORDER_PO', ['view_purchase_order']),
      link('consignmentPo', '/purchase-order/purchase-order/CONSIGNMENT_PO', ['view_purchase_order']),
      link('sendInventory', '/purchase-order/purchase-order/SEND_INVENTORY', ['view_purchase_order']),
    ]),
    link('goodReceivedNote', '/good-received-note/good-received-note', ['view_good_received_note']),
    link('goodReceivedNoteNew', '/good-received-note/good-received-note-v2', ['view_good_received_note']),
  ]),
  group('invoiceSettlement', AccountBookOutlined, [
    link('clientInvoicesUpload', '/purchase-invoice/create-purchase-invoice', ['add_purchase_invoice']),
    link('consignmentInvoiceUpload', '/purchase-invoice/consignment-invoice-upload', ['add_purchase_invoice']),
    link('clientInvoices', '/purchase-invoice/purchase-invoice', ['view_purchase_invoice']),
    link('newSettlement', '/purchase-invoice-settlement/create', ['add_purchase_invoice_settlement']),
    link('settlements', '/purchase-invoice-settlement/list', ['view_purchase_invoice_settlement']),
  ]),
  group('sales', DollarOutlined, [
    link('invoices', '/sales-invoice/sales-invoice', ['view_sales_invoice']),
    link('createInvoices', '/sales-invoice/create-sales-invoice', ['add_sales_invoice']),
    link('uploadExcel', '/sales-invoice/upload-sale-invoice-excel', ['add_sales_invoice']),
  ]),
  group('salesReturn', RollbackOutlined, [
    link('returnTickets', '/return-ticket/return-tickets-list', ['view_return_ticket']),
    link('creditNotes', '/credit-note/credit-note-list', ['view_credit_note']),
    link('manualReturnTicket', '/return-ticket/manual-return-ticket-create', ['add_return_ticket']),
    link('shippingClaims', '/return-ticket/shipping-claims-list', ['view_shipping_claim']),
  ]),
  group('orderFulfillment', CarOutlined, [
    link('pickList', '/sales-invoice/pick-list', ['handle_pick_list_process']),
    link('shipList', '/sales-invoice/sales-invoice-process', ['ship_list']),
    link('shipListDrafts', '/draft/draft-list', ['view_draft']),
  ]),
  group('rmaGroup', AuditOutlined, [
    link('rma', '/rma/rma', ['view_rma']),
    link('createRma', '/rma/create-rma', ['add_rma']),
  ]),
  group('inventory', DatabaseOutlined, [
    link('inventorySummary', '/inventory/summary', ['view_inventory_summary']),
    link('inventoryList', '/inventory/list', ['view_inventory_list']),
    link('fbaInventory', '/inventory/amazon-fba-inventory', ['view_fba_inventory']),
    link('manualStockOverride', '/manual-stock/manual-stock-list', ['view_manual_stock'], { disabled: true }),
  ]),
  group('inventoryTransfer', SwapOutlined, [
    link('transfers', '/inventory-transfer/transfer-list', ['view_inventory_transfer']),
    link('newTransfer', '/inventory-transfer/transfer-new', ['add_inventory_transfer']),
  ]),
  group('reports', FileTextOutlined, [
    link('stockAndValue', '/reports/stock-control-and-value', ['stock_and_value_report']),
    group('fifo', undefined, [
      link('fifoStockProcess', '/reports/fifo-stock-process', ['stock_and_value_report']),
      link('fifoStockValue', '/reports/fifo-stock-value', ['stock_and_value_report']),
      link('fifoStockValueBeta', '/reports/fifo-stock-value-beta', ['stock_and_value_report']),
    ]),
    link('dailyControlAndShipList', '/reports/daily-control-and-ship-list', ['daily_control_and_ship_list_report']),
    link('dailyInventoryLevel', '/reports/daily-inventory-level', ['daily_inventory_level_report']),
  ]),
  group('shippingFulfillment', SendOutlined, [
    link('amazonFulfilment', '/api/amazon-fulfillment', ['amazon_fulfilment']),
    link('amazonFulfillmentVygs', '/api/amazon-tracking-update', ['amazon_stock_update']),
    link('dhlFulfillment', '/api/dhl-fulfillment'),
    link('royalMailFulfillment', '/api/royal-mail-fulfillment'),
    link('royalMailSync', '/api/royal-mail'),
    link('dpdParcelForceFulfillment', '/api/shipping-career-fulfillment', ['shipping_fulfilment']),
    link('marketplaceFulfilment', '/api/marketplace-fulfillment', ['marketplace_fulfilment']),
    link('sellerHubUpdate', '/api/seller-hub-update', ['ebay_stock_update']),
  ]),
  group('stockUpdate', CloudSyncOutlined, [
    link('amazonStockUpdate', '/api/amazon-stock-update', ['amazon_stock_update']),
    link('ebayStockUpdate', '/api/ebay-stock-update', ['ebay_stock_update']),
    link('shopifyStockUpdate', '/api/shopify-stock-update', ['shopify_stock_update']),
    link('samsungStockUpdate', '/api/samsung-stock-update', ['ebay_stock_update']),
  ]),
  group('wms', HomeOutlined, [
    group('warehouseGroup', undefined, [
      link('warehouse', '/warehouse/warehouse', ['view_warehouse']),
      link('warehouseAdvancedConfig', '/warehouse/warehouse-advanced-config', ['view_warehouse']),
      link('warehouseAdvancedConfigView', '/warehouse/warehouse-advanced-config-view', ['view_warehouse']),
    ]),
    group('bundling', undefined, [
      link('taskList', '/warehouse/fmcg/task-list', ['view_warehouse']),
      link('myTasks', '/warehouse/fmcg/my-task-list', ['process_bundle_task']),
    ]),
    group('wmsInventory', undefined, [
      link('inventoryStockProcess', '/warehouse/warehouse-inventory-stock-process', ['handle_inventory_stock_process']),
      link('inventoryBulkUpload', '/warehouse/warehouse-inventory/bulk-upload', ['view_warehouse']),
      link('replenishmentReport', '/warehouse/warehouse-inventory/replenishment-report', [
        'handle_replenishment_report',
      ]),
      link('inventoryReport', '/warehouse/warehouse-inventory/stock-quantity-report', ['view_warehouse']),
      link('inventoryDetailReport', '/warehouse/warehouse-inventory/inventory-detail-report', ['view_warehouse']),
    ]),
  ]),
  group('admin', SettingOutlined, [
    link('product', '/product/product'),
    link('productBulkUpload', '/product/product-bulk-upload-list'),
    link('brand', '/product/brand', ['view_brand']),
    link('costCenter', '/cost-center/cost-center', ['view_cost_center']),
    link('currencies', '/currency/currencies', ['view_currency']),
    link('processors', '/currency/processors', ['view_currency']),
    link('shippingCarriers', '/shipping-carrier/shipping-carrier-list', ['handle_shipping_carriers']),
    link('businessPartners', '/person/people', ['view_supplier']),
    link('customers', '/customer/customers'),
    link('apiConfig', '/api/api-configuration', ['view_api_configuration']),
    link('systemConfig', '/configuration/system-configuration', ['view_system_configuration']),
    link('systemLogs', '/log/system-log', ['view_system_logs']),
    link('managementDashboards', '/dashboard/manage-dashboard', ['powerbi_dashboard_flow']),
    group('users', undefined, [
      link('permissions', '/usermanagement/permission', ['view_permission']),
      link('roles', '/usermanagement/role', ['view_role']),
      link('usersList', '/usermanagement/user', ['view_user']),
    ]),
  ]),
];
