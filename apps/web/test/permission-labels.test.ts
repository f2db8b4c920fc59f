import { ALL_PERMISSIONS } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import de from '../src/locales/de/permissions.json';
import en from '../src/locales/en/permissions.json';
import es from '../src/locales/es/permissions.json';
import pt from '../src/locales/pt/permissions.json';

describe('permission labels (locales/<lang>/permissions.json, keyed by code)', () => {
  it('name every permission of the catalogue in words in each language, and nothing else', () => {
    for (const [lang, labels] of Object.entries({ en, es, pt, de })) {
      expect(Object.keys(labels).sort(), lang).toEqual([...ALL_PERMISSIONS].sort());
      for (const [code, label] of Object.entries(labels)) expect(label, `${lang}: ${code}`).not.toMatch(/_/);
    }
  });
});
