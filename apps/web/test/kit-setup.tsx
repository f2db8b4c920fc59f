import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import common from '../src/locales/en/common.json';
import errors from '../src/locales/en/errors.json';
import imports from '../src/locales/en/imports.json';
import masterData from '../src/locales/en/masterData.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { PermissionProvider, registerPermissions } from '../src/shared/lib/permissions.tsx';

/** English texts in memory (no lazy chunks, no suspense) and the browser features antd asks of happy-dom. */
export async function setUpKit(): Promise<void> {
  if (!window.matchMedia)
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  if (i18n.isInitialized) return;
  const { initReactI18next } = await import('react-i18next');
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['common', 'errors', 'imports', 'masterData'],
    defaultNS: 'common',
    resources: { en: { common, errors, imports, masterData } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/** A screen's frame: a router at `url`, antd's App (for dialogs), and the permissions held. */
export function renderKit(ui: ReactNode, { url = '/', permissions = [] as readonly string[] } = {}) {
  registerPermissions(permissions);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <App>
        <PermissionProvider>{ui}</PermissionProvider>
      </App>
    </MemoryRouter>,
  );
}
