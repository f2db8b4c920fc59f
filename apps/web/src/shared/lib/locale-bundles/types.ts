/** One namespace's translations, as its chunk exports them. */
export type LocaleModule = { default: Record<string, unknown> };
/** One language's namespaces, each a loader of its own small chunk, keyed by the file's path. */
export type LocaleBundles = Record<string, () => Promise<LocaleModule>>;
