import { grants } from '../shared/lib/permissions.tsx';
import { MENU, type MenuItem } from './menu-config.ts';

/**
 * The entries the user may see: an item needs one of its allowPermissions (none: everyone);
 * submenus are filtered the same way and a group left empty disappears.
 */
export function visibleMenu(items: readonly MenuItem[], held: ReadonlySet<string>): MenuItem[] {
  return items.flatMap((item) => {
    if (!grants(held, item.allowPermissions)) return [];
    if (item.submenu.length === 0) return [item];
    const submenu = visibleMenu(item.submenu, held);
    return submenu.length > 0 ? [{ ...item, submenu }] : [];
  });
}

/** Where an internal item leads; any path with `forms/ngx` goes to the wizard (specification section 2.3). */
export function targetOf(item: MenuItem): string {
  return item.path.includes('forms/ngx') ? '/forms/ngx/wizard' : item.path;
}

/** Every leaf of the menu, depth first. */
export function menuLeaves(items: readonly MenuItem[] = MENU): MenuItem[] {
  return items.flatMap((item) => (item.submenu.length ? menuLeaves(item.submenu) : [item]));
}

/** The leaves whose internal path lies in an area (`/{area}/...`), for that area's routes. */
export function menuLeavesOfArea(area: string): MenuItem[] {
  return menuLeaves().filter((item) => !item.isExternalLink && item.path.startsWith(`/${area}/`));
}

/** The menu key of a group: groups have no path, so their title identifies them. */
export function groupKey(item: MenuItem): string {
  return `group:${item.titleKey}`;
}

/** The keys of the groups leading to `path`, outermost first. */
export function groupsLeadingTo(path: string, items: readonly MenuItem[] = MENU): string[] {
  for (const item of items) {
    if (item.submenu.length === 0) continue;
    if (menuLeaves(item.submenu).some((leaf) => leaf.path === path))
      return [groupKey(item), ...groupsLeadingTo(path, item.submenu)];
  }
  return [];
}

/** The keys of the group `key` and of the groups around it, outermost first; empty when unknown. */
export function groupChain(key: string, items: readonly MenuItem[] = MENU): string[] {
  for (const item of items) {
    if (item.submenu.length === 0) continue;
    if (groupKey(item) === key) return [key];
    const inner = groupChain(key, item.submenu);
    if (inner.length) return [groupKey(item), ...inner];
  }
  return [];
}
