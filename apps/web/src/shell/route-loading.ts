import { useSyncExternalStore } from 'react';

/** How many route modules are loading now: the route progress bar shows while any is. */
let pending = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  pending += by;
  for (const listener of listeners) listener();
}

/** Counts a route module's load while it is under way. */
export function trackLoad<T>(loading: Promise<T>): Promise<T> {
  changed(1);
  return loading.finally(() => changed(-1));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the code of a route is loading. */
export function useRouteLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
