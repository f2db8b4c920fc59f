import { inflateSync } from 'node:zlib';

/**
 * Reads back what a printout says, for tests: the text of each text object of each page, as the
 * standard fonts write it (WinAnsi bytes in hex or literal strings, in TJ arrays or Tj). Compressed
 * page contents are inflated first, so a PDF as the API answers it can be read too.
 */

/** The WinAnsi bytes 0x80–0x9F that are not Latin-1, back to Unicode. */
const WIN_ANSI_HIGH: Record<number, number> = {
  128: 0x20ac,
  130: 0x201a,
  131: 0x192,
  132: 0x201e,
  133: 0x2026,
  134: 0x2020,
  135: 0x2021,
  136: 0x2c6,
  137: 0x2030,
  138: 0x160,
  139: 0x2039,
  140: 0x152,
  142: 0x17d,
  145: 0x2018,
  146: 0x2019,
  147: 0x201c,
  148: 0x201d,
  149: 0x2022,
  150: 0x2013,
  151: 0x2014,
  152: 0x2dc,
  153: 0x2122,
  154: 0x161,
  155: 0x203a,
  156: 0x153,
  158: 0x17e,
  159: 0x178,
};

function fromWinAnsi(bytes: number[]): string {
  return String.fromCodePoint(...bytes.map((b) => WIN_ANSI_HIGH[b] ?? b));
}

function hexBytes(hex: string): number[] {
  const clean = hex.replace(/\s+/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i += 2) bytes.push(Number.parseInt(clean.slice(i, i + 2).padEnd(2, '0'), 16));
  return bytes;
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

function literalBytes(body: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    if (c !== '\\') {
      bytes.push(c.charCodeAt(0));
      continue;
    }
    const next = body[i + 1] ?? '';
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1))?.[0];
    if (octal) {
      bytes.push(Number.parseInt(octal, 8));
      i += octal.length;
    } else {
      if (next in ESCAPES) bytes.push(ESCAPES[next] ?? 0);
      i += 1;
    }
  }
  return bytes;
}

/** Every stream of the file, inflated when it is deflated. */
export function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  const marker = /stream\r?\n/g;
  for (let m = marker.exec(text); m; m = marker.exec(text)) {
    if (text.slice(m.index - 3, m.index) === 'end') continue;
    const dictStart = text.lastIndexOf('<<', m.index);
    const dict = text.slice(dictStart, m.index);
    const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1] ?? Number.NaN);
    const start = m.index + m[0].length;
    const end = Number.isFinite(length) ? start + length : text.indexOf('endstream', start);
    const data = pdf.subarray(start, end);
    let body: Buffer = data;
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(data);
      } catch {
        continue;
      }
    }
    out.push(body.toString('latin1'));
    marker.lastIndex = end;
  }
  return out;
}

/** The text of each text object (BT … ET), in the order written; a wrapped cell is one object a line. */
export function pdfTextRuns(pdf: Buffer): string[] {
  const runs: string[] = [];
  for (const stream of pdfStreams(pdf)) {
    for (const block of stream.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let run = '';
      for (const op of (block[1] ?? '').matchAll(
        /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^()\\]|\\.)*\))\s*Tj/g,
      )) {
        const strings = op[1] ?? op[2] ?? '';
        for (const s of strings.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^()\\]|\\.)*)\)/g))
          run += fromWinAnsi(s[1] !== undefined ? hexBytes(s[1]) : literalBytes(s[2] ?? ''));
      }
      if (run) runs.push(run);
    }
  }
  return runs;
}

/** All the text of the file, one text object a line. */
export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf).join('\n');
}

/** How many pages the file has. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
}
