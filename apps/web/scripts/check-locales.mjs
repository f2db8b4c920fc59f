// Every language has the same namespaces, keys (in the same order) and interpolation placeholders
// as English. Usage: node scripts/check-locales.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../src/locales');
const languages = readdirSync(root);
const namespaces = readdirSync(path.join(root, 'en'));
const problems = [];

function flatten(value, prefix = '', out = new Map()) {
  for (const [key, child] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') flatten(child, name, out);
    else out.set(name, String(child));
  }
  return out;
}
const placeholders = (text) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

for (const ns of namespaces) {
  const reference = flatten(JSON.parse(readFileSync(path.join(root, 'en', ns), 'utf8')));
  for (const lang of languages.filter((l) => l !== 'en')) {
    let other;
    try {
      other = flatten(JSON.parse(readFileSync(path.join(root, lang, ns), 'utf8')));
    } catch (error) {
      problems.push(`${lang}/${ns}: ${error.message}`);
      continue;
    }
    if ([...reference.keys()].join('\n') !== [...other.keys()].join('\n'))
      problems.push(`${lang}/${ns}: keys differ from en/${ns}`);
    for (const [key, text] of reference)
      if (other.has(key) && placeholders(text) !== placeholders(other.get(key) ?? ''))
        problems.push(`${lang}/${ns}: ${key} has other placeholders than English`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`${languages.length} languages × ${namespaces.length} namespaces: same keys and placeholders`);
