import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router';
import common from '../src/locales/en/common.json';
import documents from '../src/locales/en/documents.json';
import errors from '../src/locales/en/errors.json';
import imports from '../src/locales/en/imports.json';
import masterData from '../src/locales/en/masterData.json';
import products from '../src/locales/en/products.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { PermissionProvider, registerPermissions } from '../src/shared/lib/permissions.tsx';

/**
 * What the web kit's component tests share: English texts loaded in memory (no lazy chunks, no suspense) and
 * the browser features antd asks of happy-dom. A test adds the namespaces of its own area.
 */
export async function setUpUi(): Promise<void> {
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
    ns: ['common', 'documents', 'errors', 'imports', 'masterData', 'products'],
    defaultNS: 'common',
    resources: { en: { common, documents, errors, imports, masterData, products } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/**
 * A screen's frame: a router at `url`, a fresh query client, antd's App (for dialogs), and the permissions held
 * (registered before rendering, as sign-in does).
 */
export function renderUi(ui: ReactNode, { url = '/', permissions = [] as readonly string[] } = {}) {
  registerPermissions(permissions);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Frame>{ui}</Frame>
    </MemoryRouter>,
  );
}

function Frame({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <App>
        <PermissionProvider>{children}</PermissionProvider>
      </App>
    </QueryClientProvider>
  );
}
