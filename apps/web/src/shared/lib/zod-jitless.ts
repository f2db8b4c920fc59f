/**
 * The content security policy forbids eval. zod would probe for it (`new Function('')`) when it builds its
 * first object schema, and the browser reports every refused probe as a policy violation; jitless mode never
 * probes. zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod), so
 * setting it here, the entry's first import, configures zod before any schema is built without pulling zod
 * into the first chunk (`config({ jitless: true })` from 'zod' would cost about 4 KB there).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
