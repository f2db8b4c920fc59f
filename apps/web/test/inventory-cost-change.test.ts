// @vitest-environment happy-dom
import type { StockMovement } from '@backoffice/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { costChangeText } from '../src/features/inventory/index.ts';
import inventoryDe from '../src/locales/de/inventory.json';
import inventoryEn from '../src/locales/en/inventory.json';
import inventoryEs from '../src/locales/es/inventory.json';
import inventoryPt from '../src/locales/pt/inventory.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { setUpUi } from './ui-setup.tsx';

beforeAll(async () => {
  await setUpUi();
  for (const [lng, texts] of Object.entries({ en: inventoryEn, es: inventoryEs, pt: inventoryPt, de: inventoryDe }))
    i18n.addResourceBundle(lng, 'inventory', texts, true, true);
});

type Row = Pick<StockMovement, 'kind' | 'value' | 'sourceNumber' | 'sourceType' | 'sourceId' | 'sourceLine'>;
const row = (extra: Partial<Row>): Row => ({
  kind: 'LANDED_COST',
  value: '12.40',
  sourceNumber: 'GRN-2026-00003',
  sourceType: 'goods_received_note',
  sourceId: '7d0c1a52-0000-4000-8000-000000000001',
  sourceLine: '1',
  ...extra,
});
const text = (r: Row, lng: string) => costChangeText(r, i18n.getFixedT(lng, 'inventory'), lng);

describe('a landed cost or price difference on the stock card', () => {
  it('says what it was, on which receipt, and the signed amount, in each language', () => {
    expect(text(row({}), 'en')).toBe('Landed cost GRN-2026-00003: +£12.40');
    expect(text(row({ kind: 'PRICE_DIFFERENCE', value: '-3.5' }), 'en')).toBe(
      'Price difference GRN-2026-00003: -£3.50',
    );
    expect(text(row({}), 'de')).toMatch(/^Bezugskosten GRN-2026-00003: \+12,40\s£$/);
    expect(text(row({}), 'es')).toMatch(/^Costes en destino GRN-2026-00003: \+12,40\s£$/);
    expect(text(row({ kind: 'PRICE_DIFFERENCE' }), 'pt')).toMatch(/^Diferença de preço GRN-2026-00003: \+12,40\s£$/);
  });

  it('names the source when no number was given (never an internal id), and nothing for other kinds', () => {
    expect(text(row({ sourceNumber: null }), 'en')).toBe('Landed cost Goods received note: +£12.40');
    expect(text(row({ kind: 'RECEIPT' }), 'en')).toBeNull();
    expect(text(row({ kind: 'REVALUATION' }), 'en')).toBeNull();
  });
});
