import type { LocaleBundles, LocaleModule } from './types.ts';

/** The pt namespaces' loaders: a chunk of its own, fetched only by someone reading pt (see ../i18n.ts). */
export const bundles: LocaleBundles = import.meta.glob<LocaleModule>('../../../locales/pt/*.json');
