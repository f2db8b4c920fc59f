import { useSyncExternalStore } from 'react';

/** The languages the product speaks; the first is the default and the fallback. */
export const LANGUAGES = ['en', 'es', 'pt', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Direction = 'ltr' | 'rtl';

/** The sidebar widths the customizer offers (specification section 2.5): medium is the default. */
export const SIDEBAR_WIDTHS = ['small', 'medium', 'large'] as const;
export type SidebarWidth = (typeof SIDEBAR_WIDTHS)[number];

/** The number of sidebar background images (specification section 9). */
export const SIDEBAR_IMAGE_COUNT = 6;

export interface Settings {
  language: Language;
  /** Left-to-right by default (specification section 9). */
  direction: Direction;
  /** Slug of the sidebar colour (`shell/shell.css`); an unknown one shows the default. */
  sidebarColor: string;
  /** Which background image (1 to 6) the sidebar shows when `sidebarImageOn`. */
  sidebarImage: number;
  sidebarImageOn: boolean;
  /** The compact (collapsed, icons only) menu on large screens. */
  compactMenu: boolean;
  sidebarWidth: SidebarWidth;
}

// Session storage is the product's default persistence (specification section 9).
const LANGUAGE_KEY = 'backoffice-language';
const DIRECTION_KEY = 'backoffice-direction';
const SIDEBAR_KEY = 'backoffice-sidebar';

export const DEFAULT_SIDEBAR_COLOR = 'solid-dark';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isSidebarWidth(value: unknown): value is SidebarWidth {
  return typeof value === 'string' && (SIDEBAR_WIDTHS as readonly string[]).includes(value);
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

/** The sidebar's stored choices, each checked: whatever is missing or odd takes its default. */
function readSidebar(): Omit<Settings, 'language' | 'direction'> {
  let stored: Partial<Record<keyof Settings, unknown>> = {};
  try {
    stored = Object(JSON.parse(read(SIDEBAR_KEY) ?? '{}'));
  } catch {
    // Unreadable: the defaults.
  }
  const { sidebarColor: color, sidebarImage: image, sidebarImageOn: imageOn, compactMenu: compact } = stored;
  return {
    sidebarColor: typeof color === 'string' && /^[a-z-]{1,40}$/.test(color) ? color : DEFAULT_SIDEBAR_COLOR,
    sidebarImage:
      Number.isInteger(image) && Number(image) >= 1 && Number(image) <= SIDEBAR_IMAGE_COUNT ? Number(image) : 1,
    sidebarImageOn: imageOn !== false,
    compactMenu: compact === true,
    sidebarWidth: isSidebarWidth(stored.sidebarWidth) ? stored.sidebarWidth : 'medium',
  };
}

function initial(): Settings {
  const language = read(LANGUAGE_KEY);
  const direction = read(DIRECTION_KEY);
  return {
    language: isLanguage(language) ? language : browserLanguage(),
    direction: direction === 'rtl' ? 'rtl' : 'ltr',
    ...readSidebar(),
  };
}

/** The sidebar colour is a CSS matter (shell/shell.css): <html data-sidebar-color> carries it. */
function applySidebarColor() {
  document.documentElement.dataset.sidebarColor = current.sidebarColor;
}

let current: Settings = initial();
applySidebarColor();
const listeners = new Set<() => void>();

export function getSettings(): Settings {
  return current;
}

export function updateSettings(patch: Partial<Settings>) {
  current = { ...current, ...patch };
  if (patch.language) write(LANGUAGE_KEY, patch.language);
  if (patch.direction) write(DIRECTION_KEY, patch.direction);
  const { language, direction, ...sidebar } = current;
  write(SIDEBAR_KEY, JSON.stringify(sidebar));
  applySidebarColor();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings);
}

/** The window event that announces a new page direction; `event.detail` is `'ltr'` or `'rtl'`. */
export const DIRECTION_EVENT = 'directionchange';

declare global {
  interface WindowEventMap {
    [DIRECTION_EVENT]: CustomEvent<Direction>;
  }
}

/**
 * Changes the direction of the whole page (the customizer's toggle, specification section 2.5):
 * 1. stores it for the session and re-renders every `useSettings()`/`useDirection()` reader, which
 *    mirrors antd (ConfigProvider `direction`) and the shell;
 * 2. sets `<html dir>` at once, so plain CSS (logical properties, `:dir()`) follows too;
 * 3. emits it: `window.dispatchEvent(new CustomEvent('directionchange', { detail: direction }))`,
 *    for code outside React (e.g. `window.addEventListener('directionchange', (e) => e.detail)`).
 */
export function setDirection(direction: Direction) {
  if (current.direction === direction) return;
  updateSettings({ direction });
  document.documentElement.dir = direction;
  window.dispatchEvent(new CustomEvent(DIRECTION_EVENT, { detail: direction }));
}
