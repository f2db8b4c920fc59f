import { ADDRESS_COUNTRIES } from '@backoffice/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const namesByLanguage = new Map<string, Intl.DisplayNames>();

/** A country's name in a language ("GB" → "United Kingdom"), or its code when the browser has no name. */
export function countryName(code: string, language: string): string {
  let names = namesByLanguage.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    namesByLanguage.set(language, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country as a picker option, named in the reader's language and sorted by that name. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    return ADDRESS_COUNTRIES.map((code) => ({ value: code, label: countryName(code, language) })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [language]);
}

/** The reader's language, for country names. */
export function useLanguage(): string {
  return useTranslation().i18n.language;
}
