import { describe, expect, it } from 'vitest';
import type { MenuTitleKey } from '../src/shared/lib/i18n-keys.ts';
import { addCrumb, type Crumb, labelCrumb, shownCrumbs } from '../src/shell/breadcrumb-trail.ts';

const TITLES: Partial<Record<MenuTitleKey, string>> = {
  dashboard: 'Dashboard',
  warehouse: 'Warehouses',
  warehouseAdvancedConfig: 'Advanced Config',
  transfers: 'Transfers',
  customers: 'Customers',
};
const titleOf = (key: MenuTitleKey) => TITLES[key] ?? key;
const visit = (trail: readonly Crumb[], url: string, titleKey: MenuTitleKey, label?: string) =>
  addCrumb(trail, { titleKey, url, ...(label ? { label } : {}) });
const labels = (trail: readonly Crumb[]) => shownCrumbs(trail, titleOf).map((c) => c.label);

describe('the breadcrumb trail (specification 2.1, each crumb by its page’s own title)', () => {
  it('adds a crumb only when its path is not in the trail, and cuts back to an earlier crumb visited again', () => {
    let trail = visit([], '/dashboard/dashboard1', 'dashboard');
    trail = visit(trail, '/warehouse/warehouse?page=2', 'warehouse');
    trail = visit(trail, '/warehouse/warehouse-advanced-config', 'warehouseAdvancedConfig');
    expect(labels(trail)).toEqual(['Dashboard', 'Warehouses', 'Advanced Config']);
    // Back to the list (with another query): the trail is cut back to it, its URL keeps the latest query.
    trail = visit(trail, '/warehouse/warehouse?page=3', 'warehouse');
    expect(trail.map((c) => c.url)).toEqual(['/dashboard/dashboard1', '/warehouse/warehouse?page=3']);
    // The same page again changes nothing (the same array, so nobody re-renders).
    expect(visit(trail, '/warehouse/warehouse?page=3', 'warehouse')).toBe(trail);
  });

  it('names a record’s page by its number or code, not the plural list title', () => {
    let trail = visit([], '/warehouse/warehouse', 'warehouse');
    trail = visit(trail, '/warehouse/warehouse/8f0c', 'warehouse');
    trail = labelCrumb(trail, '/warehouse/warehouse/8f0c', 'WH-LEEDS');
    trail = visit(trail, '/warehouse/warehouse-advanced-config?warehouse=8f0c', 'warehouseAdvancedConfig');
    // Was "Warehouses / Warehouses / Advanced Config".
    expect(labels(trail)).toEqual(['Warehouses', 'WH-LEEDS', 'Advanced Config']);

    let transfers = visit([], '/inventory-transfer/transfer-list', 'transfers');
    transfers = visit(transfers, '/inventory-transfer/transfer/1', 'transfers', 'TR-2026-00001');
    expect(labels(transfers)).toEqual(['Transfers', 'TR-2026-00001']);
  });

  it('keeps a record’s label when the trail is cut back to it, and labels only crumbs of that path', () => {
    let trail = visit([], '/inventory-transfer/transfer/1', 'transfers', 'TR-2026-00001');
    trail = visit(trail, '/inventory-transfer/transfer/2', 'transfers');
    trail = labelCrumb(trail, '/inventory-transfer/transfer/2', 'TR-2026-00002');
    trail = visit(trail, '/inventory-transfer/transfer/1?tab=lines', 'transfers');
    expect(trail).toEqual([
      { titleKey: 'transfers', url: '/inventory-transfer/transfer/1?tab=lines', label: 'TR-2026-00001' },
    ]);
    expect(labelCrumb(trail, '/inventory-transfer/transfer/9', 'TR-2026-00009')).toBe(trail);
  });

  it('never shows the same label twice in a row: the later of two neighbours stands for both', () => {
    let trail = visit([], '/customer/customers', 'customers');
    trail = visit(trail, '/customer/customers/new', 'customers');
    expect(shownCrumbs(trail, titleOf)).toEqual([{ label: 'Customers', url: '/customer/customers/new' }]);
    // A record and its edit page read the same: one crumb, the edit page's.
    let records = visit([], '/inventory-transfer/transfer-list', 'transfers');
    records = visit(records, '/inventory-transfer/transfer/1', 'transfers', 'TR-2026-00001');
    records = visit(records, '/inventory-transfer/transfer/1/edit', 'transfers', 'TR-2026-00001');
    expect(shownCrumbs(records, titleOf)).toEqual([
      { label: 'Transfers', url: '/inventory-transfer/transfer-list' },
      { label: 'TR-2026-00001', url: '/inventory-transfer/transfer/1/edit' },
    ]);
    // Labels that merely repeat further back stay: only neighbours are folded.
    let apart = visit([], '/warehouse/warehouse', 'warehouse');
    apart = visit(apart, '/dashboard/dashboard1', 'dashboard');
    apart = visit(apart, '/warehouse/warehouse/1', 'warehouse', 'Warehouses');
    expect(labels(apart)).toEqual(['Warehouses', 'Dashboard', 'Warehouses']);
  });

  it('lets a page that replaced the one before it in history take that crumb’s place (a saved form shows its record)', () => {
    let trail = visit([], '/dashboard/dashboard1', 'dashboard');
    trail = visit(trail, '/warehouse/warehouse', 'warehouse');
    trail = addCrumb(trail, { titleKey: 'transfers', url: '/inventory-transfer/new' });
    trail = addCrumb(trail, { titleKey: 'transfers', url: '/inventory-transfer/7', label: 'TR-2026-00007' }, true);
    expect(trail.map((c) => c.url)).toEqual(['/dashboard/dashboard1', '/warehouse/warehouse', '/inventory-transfer/7']);
    // A replace to a page already in the trail still cuts back to it; a plain visit still adds.
    expect(addCrumb(trail, { titleKey: 'warehouse', url: '/warehouse/warehouse' }, true).map((c) => c.url)).toEqual([
      '/dashboard/dashboard1',
      '/warehouse/warehouse',
    ]);
    expect(addCrumb([], { titleKey: 'dashboard', url: '/dashboard/dashboard1' }, true)).toHaveLength(1);
  });
});
