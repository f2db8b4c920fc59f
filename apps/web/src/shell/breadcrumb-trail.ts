import { useSyncExternalStore } from 'react';
import type { MenuTitleKey } from '../shared/lib/i18n-keys.ts';

export interface Crumb {
  /** Translated at display time, so the trail follows a language change. */
  titleKey: MenuTitleKey;
  url: string;
}

let trail: readonly Crumb[] = [];
const listeners = new Set<() => void>();

function emit(next: readonly Crumb[]) {
  trail = next;
  for (const listener of listeners) listener();
}

/**
 * A page was shown: visiting a crumb already in the trail cuts the trail back to it; otherwise the
 * crumb is added (specification section 2.1). A crumb is identified by its path; its URL keeps the
 * latest query (page, filters) so going back restores the list as it was.
 */
export function visitCrumb(pathname: string, search: string, titleKey: MenuTitleKey) {
  const url = `${pathname}${search}`;
  const index = trail.findIndex((crumb) => crumb.url.split('?')[0] === pathname);
  if (index >= 0) {
    const kept = trail.slice(0, index + 1);
    const last = kept[index];
    if (last && last.url === url && kept.length === trail.length) return;
    emit([...kept.slice(0, index), { titleKey, url }]);
    return;
  }
  emit([...trail, { titleKey, url }]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBreadcrumbTrail(): readonly Crumb[] {
  return useSyncExternalStore(subscribe, () => trail);
}
