import { describe, expect, it } from 'vitest';
import { menuLeaves, targetOf, visibleMenu } from '../src/shell/menu.ts';
import { MENU, type MenuItem } from '../src/shell/menu-config.ts';

/** Specification section 2.4: every entry's path and the permissions that show it (none: everyone). */
const SPEC: [string, string[]][] = [
  ['/dashboard/dashboard1', []],
  ['/dashboard/management-dashboard', ['powerbi_dashboard_view']],
  ['/purchase-order/purchase-order/PRIOR_ORDER_PO', ['view_purchase_order']],
  ['/purchase-order/purchase-order/INVOICE_ORDER_PO', ['view_purchase_order']],
  ['/purchase-order/purchase-order/CONSIGNMENT_PO', ['view_purchase_order']],
  ['/purchase-order/purchase-order/SEND_INVENTORY', ['view_purchase_order']],
  ['/good-received-note/good-received-note', ['view_good_received_note']],
  ['/good-received-note/good-received-note-v2', ['view_good_received_note']],
  ['/purchase-invoice/create-purchase-invoice', ['add_purchase_invoice']],
  ['/purchase-invoice/consignment-invoice-upload', ['add_purchase_invoice']],
  ['/purchase-invoice/purchase-invoice', ['view_purchase_invoice']],
  ['/purchase-invoice-settlement/create', ['add_purchase_invoice_settlement']],
  ['/purchase-invoice-settlement/list', ['view_purchase_invoice_settlement']],
  ['/sales-invoice/sales-invoice', ['view_sales_invoice']],
  ['/sales-invoice/create-sales-invoice', ['add_sales_invoice']],
  ['/sales-invoice/upload-sale-invoice-excel', ['add_sales_invoice']],
  ['/return-ticket/return-tickets-list', ['view_return_ticket']],
  ['/credit-note/credit-note-list', ['view_credit_note']],
  ['/return-ticket/manual-return-ticket-create', ['add_return_ticket']],
  ['/return-ticket/shipping-claims-list', ['view_shipping_claim']],
  ['/sales-invoice/pick-list', ['handle_pick_list_process']],
  ['/sales-invoice/sales-invoice-process', ['ship_list']],
  ['/draft/draft-list', ['view_draft']],
  ['/rma/rma', ['view_rma']],
  ['/rma/create-rma', ['add_rma']],
  ['/inventory/summary', ['view_inventory_summary']],
  ['/inventory/list', ['view_inventory_list']],
  ['/inventory/amazon-fba-inventory', ['view_fba_inventory']],
  ['/manual-stock/manual-stock-list', ['view_manual_stock']],
  ['/inventory-transfer/transfer-list', ['view_inventory_transfer']],
  ['/inventory-transfer/transfer-new', ['add_inventory_transfer']],
  ['/reports/stock-control-and-value', ['stock_and_value_report']],
  ['/reports/fifo-stock-process', ['stock_and_value_report']],
  ['/reports/fifo-stock-value', ['stock_and_value_report']],
  ['/reports/fifo-stock-value-beta', ['stock_and_value_report']],
  ['/reports/daily-control-and-ship-list', ['daily_control_and_ship_list_report']],
  ['/reports/daily-inventory-level', ['daily_inventory_level_report']],
  ['/api/amazon-fulfillment', ['amazon_fulfilment']],
  ['/api/amazon-tracking-update', ['amazon_stock_update']],
  ['/api/dhl-fulfillment', []],
  ['/api/royal-mail-fulfillment', []],
  ['/api/royal-mail', []],
  ['/api/shipping-career-fulfillment', ['shipping_fulfilment']],
  ['/api/marketplace-fulfillment', ['marketplace_fulfilment']],
  ['/api/seller-hub-update', ['ebay_stock_update']],
  ['/api/amazon-stock-update', ['amazon_stock_update']],
  ['/api/ebay-stock-update', ['ebay_stock_update']],
  ['/api/shopify-stock-update', ['shopify_stock_update']],
  ['/api/samsung-stock-update', ['ebay_stock_update']],
  ['/warehouse/warehouse', ['view_warehouse']],
  ['/warehouse/warehouse-advanced-config', ['view_warehouse']],
  ['/warehouse/warehouse-advanced-config-view', ['view_warehouse']],
  ['/warehouse/fmcg/task-list', ['view_warehouse']],
  ['/warehouse/fmcg/my-task-list', ['process_bundle_task']],
  ['/warehouse/warehouse-inventory-stock-process', ['handle_inventory_stock_process']],
  ['/warehouse/warehouse-inventory/bulk-upload', ['view_warehouse']],
  ['/warehouse/warehouse-inventory/replenishment-report', ['handle_replenishment_report']],
  ['/warehouse/warehouse-inventory/stock-quantity-report', ['view_warehouse']],
  ['/warehouse/warehouse-inventory/inventory-detail-report', ['view_warehouse']],
  ['/product/product', []],
  ['/product/product-bulk-upload-list', []],
  ['/product/brand', ['view_brand']],
  ['/cost-center/cost-center', ['view_cost_center']],
  ['/currency/currencies', ['view_currency']],
  ['/currency/processors', ['view_currency']],
  ['/shipping-carrier/shipping-carrier-list', ['handle_shipping_carriers']],
  ['/person/people', ['view_supplier']],
  ['/customer/customers', []],
  ['/api/api-configuration', ['view_api_configuration']],
  ['/configuration/system-configuration', ['view_system_configuration']],
  ['/log/system-log', ['view_system_logs']],
  ['/dashboard/manage-dashboard', ['powerbi_dashboard_flow']],
  ['/usermanagement/permission', ['view_permission']],
  ['/usermanagement/role', ['view_role']],
  ['/usermanagement/user', ['view_user']],
];

const leaves = menuLeaves(MENU);
const paths = (items: readonly MenuItem[]) => menuLeaves(items).map((i) => i.path);

describe('the menu configuration', () => {
  it('holds every entry of the specification with its permissions', () => {
    for (const [path, permissions] of SPEC) {
      const item = leaves.find((l) => l.path === path);
      expect(item, path).toBeDefined();
      expect([...(item?.allowPermissions ?? [])].sort(), path).toEqual([...permissions].sort());
    }
    expect(leaves).toHaveLength(SPEC.length);
  });

  it('shows an entry with no permission list to everyone, and the rest only to holders', () => {
    const none = visibleMenu(MENU, new Set());
    expect(paths(none)).toEqual(SPEC.filter(([, p]) => p.length === 0).map(([path]) => path));
    const logs = visibleMenu(MENU, new Set(['view_system_logs']));
    expect(paths(logs)).toContain('/log/system-log');
    expect(paths(logs)).not.toContain('/usermanagement/user');
  });

  it('drops a group none of whose entries may be seen, and keeps one with any', () => {
    const titles = (items: readonly MenuItem[]) => items.map((i) => i.titleKey);
    const none = visibleMenu(MENU, new Set());
    const purchase = visibleMenu(MENU, new Set(['view_good_received_note']));
    expect(titles(purchase).length).toBe(titles(none).length + 1);
    const group = purchase.find((i) => !titles(none).includes(i.titleKey));
    expect(group?.class).toBe('has-sub');
    expect(paths(group ? [group] : [])).toEqual([
      '/good-received-note/good-received-note',
      '/good-received-note/good-received-note-v2',
    ]);
  });

  it("gives a group the union of its children's permissions", () => {
    for (const group of MENU.filter((i) => i.submenu.length)) {
      const union = new Set(menuLeaves(group.submenu).flatMap((l) => l.allowPermissions ?? []));
      const anyOpen = menuLeaves(group.submenu).some((l) => !l.allowPermissions?.length);
      if (anyOpen) expect(group.allowPermissions?.length ?? 0, group.titleKey).toBe(0);
      else expect(new Set(group.allowPermissions), group.titleKey).toEqual(union);
    }
  });

  it('sends any path containing forms/ngx to the wizard', () => {
    const item = { ...leaves[0], path: '/forms/ngx/anything' } as MenuItem;
    expect(targetOf(item)).toBe('/forms/ngx/wizard');
    expect(targetOf(leaves[0] as MenuItem)).toBe('/dashboard/dashboard1');
  });
});
