import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleBundles, LocaleModule } from './locale-bundles/types.ts';
import { getSettings, LANGUAGES, type Language, updateSettings } from './settings.ts';

/** Namespaces: one per area, plus common and menu which every screen needs, and errors (see loadAfterFirstPage). */
export const NAMESPACES = [
  'common',
  'menu',
  'users',
  'logs',
  'errors',
  'shell',
  'masterData',
  'products',
  'imports',
  'warehouses',
  'configuration',
  'currencies',
  'carriers',
  'channels',
  'partners',
  'inventory',
  'bundles',
  'transfers',
  'purchasing',
  'receiving',
  'purchaseInvoices',
  'consignmentInvoices',
  'rmas',
  'settlements',
  'salesInvoices',
  'salesInvoiceUpload',
  'pickLists',
  'shipLists',
  'returnTickets',
  'creditNotes',
  'shippingClaims',
  'drafts',
  'stockCounts',
  'reports',
  'dashboards',
  'documents',
  'notifications',
  'permissions',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
const PRELOADED: Namespace[] = ['common', 'menu'];

/** Asked for once the first page is on screen: what every screen may need, but none needs to show. */
export function loadAfterFirstPage(): void {
  void i18next.loadNamespaces(['errors']).catch(() => undefined);
}

// Each language's namespaces are their own small chunks, fetched when first needed. English, the fallback every
// reader loads, has its loaders here; another language's loaders are a chunk of their own, asked for alongside
// English's first namespaces, so the first screen carries a quarter of the table, not all four.
const english: LocaleBundles = import.meta.glob<LocaleModule>('../../locales/en/*.json');
const others: Record<Exclude<Language, 'en'>, () => Promise<{ bundles: LocaleBundles }>> = {
  de: () => import('./locale-bundles/de.ts'),
  es: () => import('./locale-bundles/es.ts'),
  pt: () => import('./locale-bundles/pt.ts'),
};

/** A namespace's loader; the tables are keyed by the files' paths as seen from where each was written. */
async function loader(language: string, namespace: string) {
  const known = LANGUAGES.find((l) => l === language);
  if (known === 'en') return english[`../../locales/en/${namespace}.json`];
  if (!known) return undefined;
  return (await others[known]()).bundles[`../../../locales/${known}/${namespace}.json`];
}

const lazyBundles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    loader(language, namespace)
      .then((load) => {
        if (!load) throw new Error(`No translations for ${language}/${namespace}`);
        return load();
      })
      .then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

export const i18n = i18next;

export async function initI18n(): Promise<void> {
  await i18next
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: getSettings().language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: PRELOADED,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  document.documentElement.lang = getSettings().language;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  updateSettings({ language });
}
