import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CHANNEL_MESSAGE_OPERATIONS,
  CHANNEL_MESSAGE_STATUSES,
  CHANNEL_STREAMS,
  FAILED_PROCESS_TYPE,
} from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { PROCESS_TYPES } from '../src/features/api/sync/process-types.ts';
import { SYNC_SCREENS } from '../src/features/api/sync/screens.ts';
import { menuLeavesOfArea } from '../src/shell/menu.ts';

const root = path.resolve(import.meta.dirname, '../src/locales');
type Tree = { [key: string]: string | Tree };
const channels = (lang: string) =>
  JSON.parse(readFileSync(path.join(root, lang, 'channels.json'), 'utf8')) as { sync: Record<string, Tree> };

describe('channel sync screens', () => {
  it('name every process type, stream, status and operation in all four languages', () => {
    for (const lang of ['en', 'es', 'pt', 'de']) {
      const sync = channels(lang).sync;
      for (const type of PROCESS_TYPES) expect(sync.processTypes?.[type], `${lang} ${type}`).toBeTruthy();
      for (const s of CHANNEL_STREAMS) expect(sync.streams?.[s], `${lang} ${s}`).toBeTruthy();
      for (const s of CHANNEL_MESSAGE_STATUSES) expect(sync.statuses?.[s], `${lang} ${s}`).toBeTruthy();
      for (const o of CHANNEL_MESSAGE_OPERATIONS) expect(sync.operations?.[o], `${lang} ${o}`).toBeTruthy();
    }
    expect(channels('en').sync.processTypes?.CREATE_ORDER).toBe('Order created');
    expect(channels('en').sync.processTypes?.FAILED_CREATE_ORDER).toBe('Order not created');
    expect(channels('en').sync.processTypes?.STATUS_SHIPPED).toBe('Shipment confirmed');
  });

  it("know the contract's failed variants", () => {
    for (const [type, failed] of Object.entries(FAILED_PROCESS_TYPE)) {
      expect(PROCESS_TYPES).toContain(type);
      expect(PROCESS_TYPES).toContain(failed);
    }
  });

  it('have a screen for every entry of the menu under /api/ except Api Config', () => {
    const ids = new Set(Object.values(SYNC_SCREENS).map((s) => s.id));
    const paths = menuLeavesOfArea('api')
      .map((item) => item.path.slice('/api/'.length))
      .filter((p) => p !== 'api-configuration');
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(ids.has(p), p).toBe(true);
  });

  it('show one of messages, stock or labels; stock only where listings are pushed, labels only for carriers', () => {
    for (const screen of Object.values(SYNC_SCREENS)) {
      const hasStock = 'stock' in screen && !!screen.stock;
      const hasMessages = 'messages' in screen && !!screen.messages;
      const hasLabels = 'labels' in screen && !!screen.labels;
      expect([hasStock, hasMessages, hasLabels].filter(Boolean), screen.id).toHaveLength(1);
      if (hasStock) expect(screen.streams).toEqual(['STOCK']);
      if (hasLabels)
        for (const type of 'types' in screen ? screen.types : [])
          expect(['ROYAL_MAIL', 'DHL', 'DPD', 'PARCELFORCE'], screen.id).toContain(type);
    }
  });
});
