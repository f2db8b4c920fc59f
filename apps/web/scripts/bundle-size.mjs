// Gzipped size of the JavaScript the first screen needs. Run `npm run size` (builds with a manifest).
//  1. initial: the entry chunk and everything it imports statically (transitively);
//  2. dashboard: also what the landing page loads before it shows (its area chunk and static
//     imports, the query cache, and the English translations of common, menu and errors).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) throw new Error('no dist/.vite/manifest.json: build with `vite build --manifest`');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

function report(title, files) {
  let total = 0;
  console.log(title);
  for (const file of files) {
    const size = gz(file);
    total += size;
    console.log(`  ${kb(size)}  ${file}`);
  }
  console.log(`  ${kb(total)}  total`);
  return total;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const initial = closure([entryKey]);
report('Initial JavaScript (entry + static imports), gzipped:', initial);

const dashboard = closure(
  [
    'src/features/dashboard/routes.tsx',
    'src/locales/en/common.json',
    'src/locales/en/menu.json',
    'src/locales/en/errors.json',
  ],
  new Set(),
);
const extra = [...dashboard].filter((file) => !initial.has(file));
const more = report('\nFetched after it before the dashboard shows (lazy, in parallel), gzipped:', extra);
const first = [...initial].reduce((sum, file) => sum + gz(file), 0);
console.log(`\nEverything before the dashboard shows: ${kb(first + more).trim()}`);

const lazy = readdirSync(path.join(dist, 'assets'))
  .map((file) => `assets/${file}`)
  .filter((file) => file.endsWith('.js') && !initial.has(file) && !dashboard.has(file))
  .map((file) => [file, gz(file)])
  .sort((a, b) => b[1] - a[1]);
console.log('\nLargest other lazy chunks, gzipped:');
for (const [file, size] of lazy.slice(0, 10)) console.log(`  ${kb(size)}  ${file}`);
