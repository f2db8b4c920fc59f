// Writes .br and .gz beside each built script, style and markup file, so the server sends them
// compressed without spending CPU per request (@fastify/static preCompressed). Each copy is written under
// another name and then renamed, so a server reading the folder meanwhile (`npm start` runs this in the
// background after a build) never sends half a file; a file without its copies is sent as it is. The marker
// `.compressed` is written last.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The folder built into: apps/web/dist, or the one given (scripts/web-up-to-date.mjs passes WEB_DIST_DIR's).
const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;
let count = 0;
let before = 0;
let after = 0;
function writeAtomically(file, content) {
  writeFileSync(`${file}.tmp`, content);
  renameSync(`${file}.tmp`, file);
}
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(name)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeAtomically(`${file}.br`, br);
      writeAtomically(`${file}.gz`, gzipSync(content, { level: 9 }));
      count += 1;
      before += content.length;
      after += br.length;
    }
  }
}
walk(dist);
writeFileSync(path.join(dist, '.compressed'), `${new Date().toISOString()}\n`);
console.log(
  `compressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`,
);
