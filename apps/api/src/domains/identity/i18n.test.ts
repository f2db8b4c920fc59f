import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, pickLocale, translate, translations } from './i18n.ts';
import { escapeHtml, renderMessage, renderSignIn } from './views.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('sign-in translations', () => {
  const reference = Object.keys(translations.en).sort();

  it('has the same keys in every language', () => {
    expect(Object.keys(translations).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(Object.keys(translations[locale]).sort(), locale).toEqual(reference);
  });

  it('has no empty text and the same placeholders in every language', () => {
    for (const locale of LOCALES) {
      for (const key of reference as (keyof typeof translations.en)[]) {
        const text = translations[locale][key];
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(translations.en[key]));
      }
      expect(['ltr', 'rtl']).toContain(translations[locale].dir);
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'tooManyAttemptsOther', { minutes: 12 })).toBe(
      'Too many attempts. Try again in 12 minutes.',
    );
    expect(translate('de', 'tooManyAttemptsOne', { minutes: 1 })).toContain('1 Minute');
  });
});

describe('pickLocale', () => {
  it('prefers an explicit choice, then ui_locales, then Accept-Language, then English', () => {
    expect(pickLocale({ explicit: 'pt', uiLocales: 'de', acceptLanguage: 'es' })).toBe('pt');
    expect(pickLocale({ explicit: 'xx', uiLocales: 'fr de-AT', acceptLanguage: 'es' })).toBe('de');
    expect(pickLocale({ uiLocales: 'fr', acceptLanguage: 'fr-FR,es;q=0.5,de;q=0.7' })).toBe('de');
    expect(pickLocale({ acceptLanguage: 'pt-BR' })).toBe('pt');
    expect(pickLocale({ acceptLanguage: '*, fr;q=0.8' })).toBe(DEFAULT_LOCALE);
    expect(pickLocale({ acceptLanguage: 'es;q=0' })).toBe('en');
    expect(pickLocale({})).toBe('en');
  });
});

describe('sign-in views', () => {
  it('escapes everything they echo', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    const html = renderSignIn({
      locale: 'es',
      action: '/realms/r/login-actions/a"b',
      username: '"><img src=x onerror=alert(1)>',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('action="/realms/r/login-actions/a&quot;b"');
    expect(html).toMatch(/<html lang="es" dir="ltr">/);
    const page = renderMessage({ locale: 'de', title: 'errorTitle', text: 'errorText', code: '<script>' });
    expect(page).toContain('&lt;script&gt;');
    expect(page).not.toContain('<script>');
  });

  it('keeps the Keycloak-compatible ids and labels every field', () => {
    const html = renderSignIn({ locale: 'en', action: '/x', error: { key: 'invalidCredentials' } });
    for (const id of ['username', 'password', 'kc-login', 'kc-form-login', 'input-error'])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain('<label for="username">');
    expect(html).toContain('<label for="password">');
    expect(html).toContain('role="alert"');
    expect(html).toContain('type="password"');
  });
});
