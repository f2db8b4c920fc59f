import { useSyncExternalStore } from 'react';

/** Below antd's `lg` breakpoint the sidebar leaves the page and opens over it. */
const SMALL = '(max-width: 991.98px)';

function subscribe(listener: () => void) {
  const query = window.matchMedia(SMALL);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(SMALL).matches);
}
