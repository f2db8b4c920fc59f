import type { Location } from 'react-router';

interface RouterLike {
  state: { location: Location; navigation: { state: string } };
  subscribe(listener: (state: { location: Location; navigation: { state: string } }) => void): () => void;
}

let current = '';
let previous = '';

function urlOf(location: Location): string {
  return `${location.pathname}${location.search}`;
}

/**
 * Tracks the current and previous URL on each completed navigation (specification section 2.1).
 * Subscribed before the router renders, so guards see the URL the user came from.
 */
export function trackNavigation(router: RouterLike): () => void {
  current = urlOf(router.state.location);
  previous = '';
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    const next = urlOf(state.location);
    if (next === current) return;
    previous = current;
    current = next;
  });
}

export function currentUrl(): string {
  return current;
}

export function previousUrl(): string {
  return previous;
}
