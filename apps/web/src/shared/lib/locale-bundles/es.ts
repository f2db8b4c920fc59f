import type { LocaleBundles, LocaleModule } from './types.ts';

/** The es namespaces' loaders: a chunk of its own, fetched only by someone reading es (see ../i18n.ts). */
export const bundles: LocaleBundles = import.meta.glob<LocaleModule>('../../../locales/es/*.json');
