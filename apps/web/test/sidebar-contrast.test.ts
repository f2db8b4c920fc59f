import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The sidebar menu's words keep 4.5:1 (WCAG 2.2 AA) over every sidebar colour of the customizer, at both
 * ends of each gradient (axe cannot judge a gradient, so this does): the colours are read from shell.css
 * and sidebar-menu.css as they are shipped.
 */
const shell = readFileSync(path.join(import.meta.dirname, '../src/shell/shell.css'), 'utf8');
const menuCss = readFileSync(path.join(import.meta.dirname, '../src/shell/sidebar-menu.css'), 'utf8');

type Rgb = [number, number, number];
type Rgba = [number, number, number, number];

function parseColour(text: string): Rgba {
  const hex = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(text.trim());
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(text.trim());
  if (rgba?.[1]) {
    const [r = 0, g = 0, b = 0, a = 1] = rgba[1].split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  }
  throw new Error(`not a colour: ${text}`);
}

/** A colour painted over an opaque one. */
function over([r, g, b, a]: Rgba, ground: Rgb): Rgb {
  return [r * a + ground[0] * (1 - a), g * a + ground[1] * (1 - a), b * a + ground[2] * (1 - a)];
}

function luminance(rgb: Rgb): number {
  const [r = 0, g = 0, b = 0] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: Rgb, b: Rgb): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Every sidebar ground: each base colour and each gradient stop of shell.css. */
function grounds(): Rgb[] {
  const found = new Set<string>();
  for (const match of shell.matchAll(/--bo-sidebar-base:\s*(#[0-9a-f]{3,6})/gi)) found.add(match[1] as string);
  for (const match of shell.matchAll(/--bo-sidebar-gradient:\s*linear-gradient\(([^;]+)\);/gi))
    for (const stop of (match[1] as string).matchAll(/#[0-9a-f]{6}/gi)) found.add(stop[0]);
  return [...found].map((hex) => parseColour(hex).slice(0, 3) as Rgb);
}

function menuColour(name: string): Rgba {
  const match = new RegExp(`--bo-menu-${name}:\\s*([^;]+);`).exec(menuCss);
  if (!match?.[1]) throw new Error(`sidebar-menu.css has no --bo-menu-${name}`);
  return parseColour(match[1]);
}

describe('the sidebar menu’s contrast', () => {
  const all = grounds();
  const text = menuColour('text');
  const strong = menuColour('text-strong');
  const sub = menuColour('sub-bg');

  it('reads every sidebar colour of shell.css (both ends of the six gradients)', () => {
    expect(all.length).toBeGreaterThanOrEqual(12 + 6);
  });

  it.each([
    ['an entry', () => ({ fg: text, bg: (g: Rgb) => g })],
    ['an entry of an open group', () => ({ fg: text, bg: (g: Rgb) => over(sub, g) })],
    ['an entry two groups deep', () => ({ fg: text, bg: (g: Rgb) => over(sub, over(sub, g)) })],
    ['the entry under the pointer', () => ({ fg: strong, bg: (g: Rgb) => over(menuColour('hover-bg'), g) })],
    ['the current page', () => ({ fg: strong, bg: (g: Rgb) => over(menuColour('selected-bg'), g) })],
    [
      'the current page in an open group',
      () => ({ fg: strong, bg: (g: Rgb) => over(menuColour('selected-bg'), over(sub, g)) }),
    ],
  ])('%s: at least 4.5:1 on every ground', (_, make) => {
    const { fg, bg } = make();
    for (const ground of all) {
      const back = bg(ground);
      expect(contrast(over(fg, back), back), `on ${ground.join(',')}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
