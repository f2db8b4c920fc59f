import { useSyncExternalStore } from 'react';

/** The languages the product speaks; the first is the default and the fallback. */
export const LANGUAGES = ['en', 'es', 'pt', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Direction = 'ltr' | 'rtl';

export interface Settings {
  language: Language;
  direction: Direction;
}

// Session storage is the product's default persistence (specification section 9).
const LANGUAGE_KEY = 'backoffice-language';
const DIRECTION_KEY = 'backoffice-direction';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The browser's preferred language among those supported, else English. */
export function browserLanguage(): Language {
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage may be full or forbidden; the setting then lasts for this page only.
  }
}

function initial(): Settings {
  const language = read(LANGUAGE_KEY);
  const direction = read(DIRECTION_KEY);
  return {
    language: isLanguage(language) ? language : browserLanguage(),
    direction: direction === 'rtl' ? 'rtl' : 'ltr',
  };
}

let current: Settings = initial();
const listeners = new Set<() => void>();

export function getSettings(): Settings {
  return current;
}

export function updateSettings(patch: Partial<Settings>) {
  current = { ...current, ...patch };
  if (patch.language) write(LANGUAGE_KEY, patch.language);
  if (patch.direction) write(DIRECTION_KEY, patch.direction);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings);
}
