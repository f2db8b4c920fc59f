import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { DirectionProvider } from '../shared/lib/direction.tsx';
import { useNotificationsWanted } from '../shared/lib/notify.ts';
import { PermissionProvider } from '../shared/lib/permissions.tsx';
import { type Language, useSettings } from '../shared/lib/settings.ts';

/** antd's own texts (pagination, pickers, empty states) follow the language; English is built in, others load when chosen. */
const ANTD_LOCALES: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => Promise.resolve({ default: enUS }),
  es: () => import('antd/es/locale/es_ES'),
  pt: () => import('antd/es/locale/pt_PT'),
  de: () => import('antd/es/locale/de_DE'),
};

function useAntdLocale(language: Language): Locale {
  const [locale, setLocale] = useState<Locale>(enUS);
  useEffect(() => {
    let current = true;
    ANTD_LOCALES[language]().then(
      (module) => {
        if (current) setLocale(module.default);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}

const NotificationHost = lazy(() =>
  import('./notification-host.tsx').then((module) => ({ default: module.NotificationHost })),
);

/**
 * Theme, locale and direction (right-to-left is a session setting, left-to-right by default): antd
 * follows it through ConfigProvider, the page through `<html dir>`, React code through `useDirection()`.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { language, direction } = useSettings();
  const locale = useAntdLocale(language);
  const notificationsWanted = useNotificationsWanted();
  useEffect(() => {
    document.documentElement.dir = direction;
  }, [direction]);
  return (
    <ConfigProvider locale={locale} direction={direction} theme={{ token: { colorPrimary: '#1677ff' } }}>
      {notificationsWanted ? (
        <Suspense fallback={null}>
          <NotificationHost rtl={direction === 'rtl'} />
        </Suspense>
      ) : null}
      <DirectionProvider>
        <PermissionProvider>{children}</PermissionProvider>
      </DirectionProvider>
    </ConfigProvider>
  );
}
