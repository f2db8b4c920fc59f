import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../shared/ui/spinner.tsx';
import { useUnreadActivity } from './unread-activity.ts';

const NotificationPanel = lazy(() =>
  import('./notification-panel.tsx').then((module) => ({ default: module.NotificationPanel })),
);

/** The tab's width (specification section 9; shell.css draws it): the page's content keeps this much free. */
export const NOTIFICATION_TAB_WIDTH = 54;

/**
 * The notification sidebar (specification sections 2.6, 9): a 400px panel on the page's end edge
 * (right, or left for right-to-left pages) that slides in over 0.4 s, opened and closed by a 54x50 px
 * tab, not shown on small screens; its looks are in shell.css. The panel stays in the page when closed
 * (`data-open="false"`); its content (close control, activity, chat, settings) loads when first opened.
 */
export function NotificationSidebar({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [unread, setUnread] = useUnreadActivity();
  const shown = open && !hidden;
  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="bo-notification-toggle"
        data-testid="notification-toggle"
        aria-label={[
          t(shown ? 'notificationSidebar.close' : 'notificationSidebar.open'),
          unread > 99
            ? t('notificationSidebar.unreadMany')
            : unread > 0
              ? t('notificationSidebar.unread', { count: unread })
              : '',
        ]
          .filter(Boolean)
          .join(', ')}
        aria-expanded={shown}
        aria-controls="notification-sidebar"
        onClick={() => {
          setLoaded(true);
          setOpen(!shown);
        }}
      >
        {unread > 0 ? (
          <span className="bo-notification-unread" data-testid="notification-unread" aria-hidden>
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <aside
        id="notification-sidebar"
        className="bo-notification-panel"
        data-testid="notification-sidebar"
        data-open={shown}
        aria-label={t('notificationSidebar.title')}
        inert={!shown}
      >
        {loaded ? (
          <Suspense fallback={<Spinner minHeight={160} />}>
            <NotificationPanel open={shown} onClose={close} onUnread={setUnread} />
          </Suspense>
        ) : null}
      </aside>
    </>
  );
}
