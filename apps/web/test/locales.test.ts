import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../src/locales');
const LANGUAGES = ['en', 'es', 'pt', 'de'];

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else flatten(value, name, out);
  }
  return out;
}
const read = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(path.join(root, lang, ns), 'utf8')) as Tree);
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('exist for exactly en, es, pt and de, each with the same namespaces', () => {
    expect(readdirSync(root).sort()).toEqual([...LANGUAGES].sort());
    const namespaces = readdirSync(path.join(root, 'en')).sort();
    expect(namespaces.length).toBeGreaterThan(3);
    for (const lang of LANGUAGES) expect(readdirSync(path.join(root, lang)).sort(), lang).toEqual(namespaces);
  });

  for (const ns of readdirSync(path.join(root, 'en'))) {
    it(`${ns}: every language has the same keys and placeholders as English, none empty`, () => {
      const en = read('en', ns);
      for (const lang of LANGUAGES) {
        const other = read(lang, ns);
        expect([...other.keys()].sort(), `${lang}/${ns}`).toEqual([...en.keys()].sort());
        for (const [key, text] of other) {
          expect(text.trim(), `${lang}/${ns}: ${key} is empty`).not.toBe('');
          expect(placeholders(text), `${lang}/${ns}: ${key}`).toEqual(placeholders(en.get(key) ?? ''));
        }
      }
    });
  }
});
