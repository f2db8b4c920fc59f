import { describe, expect, it, vi } from 'vitest';
import { groupChain, groupKey, groupsLeadingTo } from '../src/shell/menu.ts';
import { MENU } from '../src/shell/menu-config.ts';
import { mainMenuAction } from '../src/shell/shell-service.ts';

const group = (titleKey: string) => {
  const found = MENU.find((item) => item.titleKey === titleKey);
  if (!found) throw new Error(`no group ${titleKey}`);
  return groupKey(found);
};

describe('the main-menu action (specification section 2.3)', () => {
  it('keeps open only the groups leading to the link, and closes the menu on small screens', () => {
    const setOpenGroups = vi.fn();
    const closeMenu = vi.fn();
    mainMenuAction('/usermanagement/role', { small: true, closeMenu, setOpenGroups });
    expect(setOpenGroups).toHaveBeenCalledWith([group('admin'), 'group:users']);
    expect(closeMenu).toHaveBeenCalledOnce();
  });

  it('leaves the menu open on large screens', () => {
    const closeMenu = vi.fn();
    mainMenuAction('/sales-invoice/sales-invoice', { small: false, closeMenu, setOpenGroups: vi.fn() });
    expect(closeMenu).not.toHaveBeenCalled();
  });
});

describe('menu groups', () => {
  it('names a nested group with the groups around it, outermost first (the accordion)', () => {
    expect(groupChain('group:users')).toEqual([group('admin'), 'group:users']);
    expect(groupChain(group('sales'))).toEqual([group('sales')]);
    expect(groupChain('group:nothing')).toEqual([]);
    expect(groupsLeadingTo('/dashboard/dashboard1')).toEqual([]);
  });
});
