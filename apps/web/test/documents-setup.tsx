import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import common from '../src/locales/en/common.json';
import documents from '../src/locales/en/documents.json';
import errors from '../src/locales/en/errors.json';
import products from '../src/locales/en/products.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { PermissionProvider, registerPermissions } from '../src/shared/lib/permissions.tsx';

/**
 * What the documents kit's tests share: English texts loaded in memory (no lazy chunks, no suspense), the
 * browser features antd asks of happy-dom, and a frame with the user's permissions and a query client.
 */
export async function setUpDocumentsKit(): Promise<void> {
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
    ns: ['common', 'documents', 'errors', 'products'],
    defaultNS: 'common',
    resources: { en: { common, documents, errors, products } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/** The page frame of a test: the permissions held (registered before rendering, as sign-in does), a fresh query client. */
export function renderInFrame(ui: ReactNode, permissions: readonly string[] = []) {
  registerPermissions(permissions);
  return render(<Frame>{ui}</Frame>);
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
