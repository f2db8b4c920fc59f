import { ConfigProvider, type ThemeConfig } from 'antd';
import './focus.css';
import './bidi.css';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { DirectionProvider } from '../shared/lib/direction.tsx';
import { keepTabInsideDialogs } from '../shared/lib/modal-focus.ts';
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

/**
 * Coloured tags write in their palette's seventh shade on its first; where that is below 4.5:1 it takes a
 * darker shade. antd reads both spellings of a shade (`gold7` and the CSS variable's `gold-7`).
 */
const TAG_TEXT = Object.fromEntries(
  Object.entries({
    volcano: '#ad2102',
    orange: '#ad4e00',
    gold: '#874d00',
    yellow: '#876800',
    lime: '#3f6600',
    green: '#237804',
    cyan: '#006d75',
  }).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
);

/**
 * The product's theme: antd's look with every text colour at least 4.5:1 on white and on the grey page
 * (WCAG 2.2 AA, checked with axe in e2e/tests/accessibility.spec.ts). antd's own blue (#1677ff, 4.1:1)
 * becomes its seventh shade; secondary text, links, error, success and warning words darken to match.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorSuccess: '#237804',
    // The light shades antd derives from these dark seeds are greyish (#adb8a5): a success or warning tag's text
    // fell to 2.7:1 on it. Their own light backgrounds keep tags and alerts above 4.5:1.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorWarning: '#874d00',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    ...TAG_TEXT,
  },
};

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
  useEffect(() => keepTabInsideDialogs(), []);
  return (
    <ConfigProvider locale={locale} direction={direction} theme={THEME}>
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
