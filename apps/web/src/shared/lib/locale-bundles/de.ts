import type { LocaleBundles, LocaleModule } from './types.ts';

/** The de namespaces' loaders: a chunk of its own, fetched only by someone reading de (see ../i18n.ts). */
export const bundles: LocaleBundles = import.meta.glob<LocaleModule>('../../../locales/de/*.json');
