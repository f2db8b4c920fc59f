import { useSyncExternalStore } from 'react';
import type { MenuTitleKey } from '../shared/lib/i18n-keys.ts';

export interface Crumb {
  /** The route's title, translated at display time so the trail follows a language change. */
  titleKey: MenuTitleKey;
  /** One record's page: its number or code (TR-2026-00001, a SKU, a warehouse code), which is the page's title. */
  label?: string;
  url: string;
}

const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * A page was shown (specification section 2.1): visiting a crumb already in the trail cuts the trail back to it;
 * otherwise the crumb is added. A crumb is identified by its path; its URL keeps the latest query (page,
 * filters) so going back restores the list as it was, and it keeps the record label it had. A page that replaced
 * the one before it in the browser's history (a form that, once saved, shows the record it made) takes that
 * page's place in the trail too, as the Back button no longer leads there.
 */
export function addCrumb(trail: readonly Crumb[], crumb: Crumb, replaced = false): readonly Crumb[] {
  const path = pathOf(crumb.url);
  const index = trail.findIndex((c) => pathOf(c.url) === path);
  if (index < 0) return [...(replaced ? trail.slice(0, -1) : trail), crumb];
  const kept = trail[index] as Crumb;
  const label = crumb.label ?? kept.label;
  const next: Crumb = { titleKey: crumb.titleKey, url: crumb.url, ...(label ? { label } : {}) };
  if (index === trail.length - 1 && kept.url === next.url && kept.label === next.label) return trail;
  return [...trail.slice(0, index), next];
}

/** A record's page learnt its number or code: every crumb of that path is labelled with it. */
export function labelCrumb(trail: readonly Crumb[], path: string, label: string): readonly Crumb[] {
  if (!trail.some((c) => pathOf(c.url) === path && c.label !== label)) return trail;
  return trail.map((c) => (pathOf(c.url) === path ? { ...c, label } : c));
}

/**
 * The crumbs as shown: each labelled by its page's own title (the record's number or code, else the route's
 * title), and never the same label twice in a row: of two neighbours that read the same (a list and the form
 * that adds to it, a record and its edit page), the later one stands for both.
 */
export function shownCrumbs(
  trail: readonly Crumb[],
  titleOf: (key: MenuTitleKey) => string,
): { label: string; url: string }[] {
  const shown: { label: string; url: string }[] = [];
  for (const crumb of trail) {
    const label = crumb.label ?? titleOf(crumb.titleKey);
    if (shown.at(-1)?.label === label) shown.pop();
    shown.push({ label, url: crumb.url });
  }
  return shown;
}

let trail: readonly Crumb[] = [];
/** Record labels by path, kept so a page whose record is known before its crumb is added still gets it. */
const labels = new Map<string, string>();
const listeners = new Set<() => void>();

function emit(next: readonly Crumb[]) {
  if (next === trail) return;
  trail = next;
  for (const listener of listeners) listener();
}

export function visitCrumb(pathname: string, search: string, titleKey: MenuTitleKey, replaced = false) {
  const label = labels.get(pathname);
  emit(addCrumb(trail, { titleKey, url: `${pathname}${search}`, ...(label ? { label } : {}) }, replaced));
}

/** Names the crumb of a record's page (`pathname`) by the record's number or code. */
export function nameCrumb(pathname: string, label: string) {
  labels.set(pathname, label);
  emit(labelCrumb(trail, pathname, label));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBreadcrumbTrail(): readonly Crumb[] {
  return useSyncExternalStore(subscribe, () => trail);
}
