// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ShortMarker } from '../src/features/inventory/index.ts';
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
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('ShortMarker', () => {
  it('says how many reserved units a loss left without stock', () => {
    render(<ShortMarker value="2.5" />);
    expect(screen.getByTestId('short-marker').textContent).toBe('2.5 short');
  });

  it('shows nothing while every reservation has its stock', () => {
    const { container } = render(
      <>
        <ShortMarker value="0" />
        <ShortMarker value={undefined} />
      </>,
    );
    expect(container.textContent).toBe('');
  });

  it('speaks the reader’s language, with the reader’s decimal sign', async () => {
    await i18n.changeLanguage('de');
    render(<ShortMarker value="1.5" />);
    expect(screen.getByTestId('short-marker').textContent).toBe('1,5 fehlen');
  });
});
