import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Methods and paths of the API come from the generated descriptors (src/shared/api/endpoints/*.gen.ts,
 * `npm run endpoints --workspace apps/web`), so a changed contract fails `tsc` instead of a screen.
 */
const src = path.resolve(import.meta.dirname, '../src');
const exempt = path.join(src, 'shared/api');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === exempt ? [] : files(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** A quote or backtick opening a string that starts with /api/. */
const API_PATH = /['"`]\/api\//;
/** A call of endpointRef, with or without type arguments. */
const ENDPOINT_REF_CALL = /\bendpointRef\s*(<[^()]*>)?\s*\(/;
/** The specification's menu routes (in-app addresses that happen to begin with /api/), not API calls. */
const MENU_ROUTE = /^\s*link\('\w+', '\/api\//;
/** A comment line: a path written there as an example calls nothing. */
const COMMENT = /^\s*(\/\/|\/\*|\*)/;

function offences(): string[] {
  const found: string[] = [];
  for (const file of files(src)) {
    const name = path.relative(src, file);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (COMMENT.test(line)) return;
        if (name === path.join('shell', 'menu-config.ts') && MENU_ROUTE.test(line)) return;
        if (API_PATH.test(line) || ENDPOINT_REF_CALL.test(line)) found.push(`${name}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('API addresses', () => {
  it('are typed nowhere under src but in the generated descriptors', () => {
    expect(offences()).toEqual([]);
  });

  it('are looked for in every form a path or a descriptor could be written', () => {
    expect(API_PATH.test("const p = '/api/brands';")).toBe(true);
    expect(API_PATH.test('path: `/api/stock-counts/:id/pdf`')).toBe(true);
    expect(ENDPOINT_REF_CALL.test("endpointRef<typeof x.y>('GET', p)")).toBe(true);
    expect(ENDPOINT_REF_CALL.test('endpointRef (')).toBe(true);
    expect(API_PATH.test("import { api } from './api.ts';")).toBe(false);
  });
});
