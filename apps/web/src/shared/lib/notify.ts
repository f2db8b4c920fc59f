import type { NotificationInstance } from 'antd/es/notification/interface';
import { useSyncExternalStore } from 'react';

/**
 * Toasts from code outside React (the HTTP helper, route guards). antd's notification code is loaded
 * with the first toast: the host mounts inside the providers (theme, locale, direction) and takes over.
 */
let api: NotificationInstance | undefined;
let wanted = false;
const pending: Array<(n: NotificationInstance) => void> = [];
const listeners = new Set<() => void>();

export function setNotificationApi(instance: NotificationInstance) {
  api = instance;
  for (const show of pending.splice(0)) show(instance);
}

function show(toast: (n: NotificationInstance) => void) {
  if (api) {
    toast(api);
    return;
  }
  pending.push(toast);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** Whether a toast was asked for, so the host must be mounted. */
export function useNotificationsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** The "Restricted!" toast of 403 answers and refused routes: closable, 4 s (specification sections 8, 9). */
export function notifyRestricted(title: string, description: string) {
  show((n) => n.error({ key: `restricted:${description}`, title, description, closable: true, duration: 4 }));
}

/**
 * A short confirmation after a save, a delete or a document's step. It appears at the bottom, away from the
 * page's heading and action bar: a confirmation stacked over the next button (and held open while the pointer
 * rests on it) would stand between the user and their next step.
 */
export function notifySuccess(title: string) {
  const placement = document.documentElement.dir === 'rtl' ? 'bottomLeft' : 'bottomRight';
  show((n) => n.success({ title, duration: 3, placement }));
}

/** A failure of an action that has no form to show it in (an export, say). */
export function notifyError(title: string, description?: string) {
  show((n) => n.error({ title, description, closable: true, duration: 6 }));
}
