import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STOCK_DELIVERIES } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { SYNC_SCREENS } from '../src/features/api/sync/screens.ts';

const root = path.resolve(import.meta.dirname, '../src/locales');
type Tree = { [key: string]: string | Tree };
const channels = (lang: string) => JSON.parse(readFileSync(path.join(root, lang, 'channels.json'), 'utf8')) as Tree;
const at = (tree: Tree, ...keys: string[]) =>
  keys.reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);
const LANGUAGES = ['en', 'de', 'es', 'pt'];

describe('stock files', () => {
  it('name where stock goes and every text of the Stock files panel in all four languages', () => {
    const keys = Object.keys(at(channels('en'), 'stockFiles') as Tree);
    expect(keys).toEqual(
      expect.arrayContaining(['title', 'help', 'runNow', 'producedAt', 'rows', 'download', 'empty']),
    );
    for (const lang of LANGUAGES) {
      const tree = channels(lang);
      expect(at(tree, 'form', 'stockDelivery'), lang).toBeTruthy();
      for (const d of STOCK_DELIVERIES) expect(at(tree, 'form', 'stockDeliveries', d), `${lang} ${d}`).toBeTruthy();
      for (const k of keys) expect(at(tree, 'stockFiles', k), `${lang} stockFiles.${k}`).toBeTruthy();
      expect(at(tree, 'stockFiles', 'help'), lang).toContain('{{kept}}');
      expect(at(tree, 'stockFiles', 'title'), lang).toContain('{{account}}');
    }
  });

  it('say on the empty Samsung screen that its stock goes to the API or to a stock file', () => {
    expect(SYNC_SCREENS.samsungStockUpdate).toMatchObject({ stock: true, streams: ['STOCK'], empty: 'samsung' });
    for (const lang of LANGUAGES) {
      const text = at(channels(lang), 'sync', 'empty', 'samsung');
      expect(text, lang).toContain('Samsung');
      expect(text, lang).toContain('API');
      expect(text, lang).toContain('.xlsx');
    }
  });
});
