import { readFileSync } from 'node:fs';
import { DEFAULT_PDF_LANGUAGE as DEFAULT_UI_LANGUAGE, type PdfLanguage as UiLanguage } from './pdf/labels.ts';

/**
 * The web app's own words, read from its locale files (`apps/web/src/locales/<lang>/<namespace>.json`), so
 * that what the server writes for a person (an export's column titles, a status word) is word for word what
 * the screen shows. The server runs beside the web app's sources (`npm start` builds the app from them).
 * A key is `namespace:path.to.text`, as the web app's `t()` takes it; `{{name}}` placeholders are filled.
 */

export type { UiLanguage };
export { DEFAULT_UI_LANGUAGE };

const LOCALES_DIR = new URL('../../../web/src/locales/', import.meta.url);
type Tree = { [key: string]: string | Tree };
const namespaces = new Map<string, Tree | null>();

function namespace(language: UiLanguage, name: string): Tree | null {
  const id = `${language}/${name}`;
  if (namespaces.has(id)) return namespaces.get(id) ?? null;
  let tree: Tree | null = null;
  try {
    if (/^[A-Za-z]+$/.test(name))
      tree = JSON.parse(readFileSync(new URL(`${language}/${name}.json`, LOCALES_DIR), 'utf8')) as Tree;
  } catch {
    tree = null;
  }
  namespaces.set(id, tree);
  return tree;
}

function lookup(language: UiLanguage, key: string): string | undefined {
  const [ns, path] = key.split(':', 2);
  if (!ns || !path) return undefined;
  let node: string | Tree | undefined = namespace(language, ns) ?? undefined;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Whether the web app has this text in English (every language has the same keys: a web test keeps them so). */
export const hasUiText = (key: string) => lookup(DEFAULT_UI_LANGUAGE, key) !== undefined;

/** The text in the language, else in English, else undefined. */
export function uiText(language: UiLanguage, key: string, values: Record<string, string> = {}): string | undefined {
  const text = lookup(language, key) ?? lookup(DEFAULT_UI_LANGUAGE, key);
  return text?.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
