import { notification } from 'antd';
import { useEffect } from 'react';
import { setNotificationApi } from '../shared/lib/notify.ts';

/** antd notifications, mounted inside the providers on the first toast. */
export function NotificationHost({ rtl }: { rtl: boolean }) {
  const [api, holder] = notification.useNotification({ placement: rtl ? 'topLeft' : 'topRight' });
  useEffect(() => setNotificationApi(api), [api]);
  return holder;
}
