import { type Location, useLocation } from 'react-router';

let current = '';
let previous = '';

function urlOf(location: Pick<Location, 'pathname' | 'search'>): string {
  return `${location.pathname}${location.search}`;
}

/** Records a navigation that completed: the URL now shown becomes current, the one before it previous. */
export function recordNavigation(location: Pick<Location, 'pathname' | 'search'>): void {
  const next = urlOf(location);
  if (next === current) return;
  previous = current;
  current = next;
}

/**
 * Tracks the current and previous URL on each completed navigation (specification section 2.1).
 * Called while the routes render, before the pages below do, so that a page's guard sees the URL the
 * user came from (effects run children first, so an effect here would be too late). Recording the same
 * location twice changes nothing, so a repeated render is harmless.
 */
export function useTrackNavigation(): void {
  recordNavigation(useLocation());
}

export function currentUrl(): string {
  return current;
}

export function previousUrl(): string {
  return previous;
}
