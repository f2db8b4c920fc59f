import { useEffect, useState } from 'react';
import { notificationsEndpoints as api } from '../shared/api/endpoints/notifications.gen.ts';
import { callEndpoint } from '../shared/lib/api.ts';

/** Left alone at start-up: the first screen's own requests go first. */
const FIRST_LOOK_MS = 3_000;
const EVERY_MS = 120_000;

/**
 * How many events by others the user has not seen yet (for the notification tab's badge), read a while
 * after start-up and then every two minutes while the page is visible, without the query library (which the
 * first screen does not load). The panel sets it when it reads or marks the activity itself.
 */
export function useUnreadActivity(): [number, (count: number) => void] {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let stopped = false;
    const look = () => {
      if (document.visibilityState !== 'visible') return;
      callEndpoint(api.activity, { query: { page: 1, pageSize: 1 } }).then(
        (page) => {
          if (!stopped) setUnread(page.unread);
        },
        // A badge is not worth an error: the next look tries again.
        () => undefined,
      );
    };
    const first = window.setTimeout(look, FIRST_LOOK_MS);
    const every = window.setInterval(look, EVERY_MS);
    return () => {
      stopped = true;
      window.clearTimeout(first);
      window.clearInterval(every);
    };
  }, []);
  return [unread, setUnread];
}
