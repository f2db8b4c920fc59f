import { SYSTEM_LOG_ACTIONS, SYSTEM_LOG_ENTITIES } from '@backoffice/contracts';
import { describe, expect, it } from 'vitest';
import { codeOptions } from '../src/features/log/system-logs/log-words.ts';
import de from '../src/locales/de/logs.json';
import en from '../src/locales/en/logs.json';
import es from '../src/locales/es/logs.json';
import pt from '../src/locales/pt/logs.json';

describe('system-log words (locales/<lang>/logs.json)', () => {
  it('name every entity and action the API can write (the contracts lists) in each language, and nothing else', () => {
    for (const [lang, labels] of Object.entries({ en, es, pt, de })) {
      expect(Object.keys(labels.entities).sort(), `${lang}: entities`).toEqual([...SYSTEM_LOG_ENTITIES].sort());
      expect(Object.keys(labels.actions).sort(), `${lang}: actions`).toEqual([...SYSTEM_LOG_ACTIONS].sort());
      // Words, not codes.
      for (const [code, label] of [...Object.entries(labels.entities), ...Object.entries(labels.actions)])
        expect(label, `${lang}: ${code}`).not.toMatch(/_|^[a-z]/);
    }
  });

  it('offers the filter in words, in the language’s order, with the code as value and tooltip', () => {
    const words: Record<string, string> = { warehouse: 'Lager', user: 'Benutzer', zebra_code: 'zebra_code' };
    const options = codeOptions(['warehouse', 'zebra_code', 'user'], (code) => words[code] ?? code, 'de');
    expect(options).toEqual([
      { value: 'user', label: 'Benutzer', title: 'user' },
      { value: 'warehouse', label: 'Lager', title: 'warehouse' },
      { value: 'zebra_code', label: 'zebra_code', title: 'zebra_code' },
    ]);
  });
});
