import { describe, expect, it } from 'vitest';
import type { PdfDocument, PdfLine } from './document.ts';
import { formatMoney, formatQuantity, toWinAnsi } from './format.ts';
import { fill, PDF_LABELS, PDF_LANGUAGES, type PdfLanguage, pickPdfLanguage } from './labels.ts';
import { pdfPageCount, pdfText, pdfTextRuns } from './pdf-text.ts';
import { renderPdf } from './render.ts';

const lines = (n: number): PdfLine[] =>
  Array.from({ length: n }, (_, i) => ({
    sku: `SKU-${String(i + 1).padStart(4, '0')}`,
    name:
      i % 5 === 4
        ? `Product ${i + 1} with a name long enough to wrap onto a second line of its cell`
        : `Product ${i + 1}`,
    bin: `A-${i % 9}`,
    quantity: String(i + 1),
    counted: 'never shown',
  }));

function document(overrides: Partial<PdfDocument> = {}): PdfDocument {
  return {
    language: 'en',
    company: {
      name: 'Acme Trading Ltd',
      address: { line1: '1 High Street', city: 'Leeds', postcode: 'LS1 4AB', country: 'GB' },
      vatNumber: 'GB123456789',
      companyNumber: '01234567',
    },
    title: 'Dispatch note',
    number: 'TRF-2026-00042',
    dates: [
      { label: 'Created', value: '2026-11-25T10:31:00Z' },
      { label: 'Expected arrival', value: '2026-11-28' },
      { label: 'Dispatched', value: null },
    ],
    parties: [
      { label: 'From', name: 'Leeds warehouse', address: { line1: '2 Mill Lane', country: 'GB' }, lines: ['LDS'] },
      { label: 'To', name: 'Almacén de Madrid', lines: ['MAD'] },
    ],
    details: [{ label: 'Status', value: 'Draft' }],
    columns: [
      { key: 'sku', label: 'SKU', width: 15 },
      { key: 'name', label: 'Name', width: 40 },
      { key: 'bin', label: 'Bin', width: 12 },
      { key: 'quantity', label: 'Quantity', width: 12, kind: 'quantity' },
      { key: 'counted', label: 'Counted', width: 12, kind: 'blank' },
    ],
    lines: lines(3),
    totals: [{ label: 'Total', values: { quantity: '1234.5' } }],
    notes: 'Fragile: handle with care.',
    signatures: ['Dispatched by', 'Received by'],
    printedAt: new Date('2026-11-25T14:00:00Z'),
    ...overrides,
  };
}

const render = (overrides: Partial<PdfDocument> = {}) => renderPdf(document(overrides), { compress: false });

/** The text of each page, one page a content stream, in order. */
function pages(pdf: Buffer): string[] {
  const text = pdfText(pdf);
  const count = pdfPageCount(pdf);
  // Every page ends with its footer, "Page n of m": split after each.
  const out: string[] = [];
  let rest = text;
  for (let page = 1; page <= count; page++) {
    const footer = `Page ${page} of ${count}`;
    const at = rest.indexOf(footer);
    if (at < 0) break;
    out.push(rest.slice(0, at + footer.length));
    rest = rest.slice(at + footer.length);
  }
  return out;
}

describe('the document renderer', () => {
  it('writes an A4 PDF with the company, title, number, dates, parties, lines, totals, notes and signatures', async () => {
    const pdf = await render();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(pdfPageCount(pdf)).toBe(1);
    const runs = pdfTextRuns(pdf);
    for (const text of [
      'Acme Trading Ltd',
      '1 High Street',
      'United Kingdom',
      'Dispatch note',
      'TRF-2026-00042',
      'Created: 25 Nov 2026, 10:31',
      'Expected arrival: 28 Nov 2026',
      'Dispatched: —',
      'FROM',
      'Leeds warehouse',
      'Almacén de Madrid',
      'STATUS',
      'Draft',
      'SKU-0001',
      'Product 3',
      'Total',
      '1,234.5',
      'Notes',
      'Fragile: handle with care.',
      'Dispatched by',
      'Received by',
      'Signature',
      'Page 1 of 1',
    ])
      expect(runs, text).toContain(text);
    expect(runs.join(' ')).toContain('VAT no. GB123456789');
    expect(runs.join(' ')).toContain('Company no. 01234567');
    // In November London is on GMT: 14:00Z is printed as 14:00.
    expect(runs).toContain('Printed 25 Nov 2026, 14:00');
  });

  it('leaves a blank column empty, whatever the line holds', async () => {
    const text = pdfText(await render());
    expect(text).toContain('Counted');
    expect(text).not.toContain('never shown');
  });

  it('breaks the lines across pages, repeating the table header, with "Page n of m" on each', async () => {
    const n = 120;
    const pdf = await render({ lines: lines(n) });
    const count = pdfPageCount(pdf);
    expect(count).toBeGreaterThanOrEqual(4);
    const perPage = pages(pdf);
    expect(perPage).toHaveLength(count);
    perPage.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${count}`);
      // The header row on every page with lines, the full company block on the first only.
      if (page.includes('SKU-0')) expect(page.split('\n')).toContain('Quantity');
      if (i > 0) expect(page).toContain('Dispatch note TRF-2026-00042 (continued)');
      else expect(page).not.toContain('(continued)');
    });
    // Each line once, in order; the totals after the last line, on the last page.
    const runs = pdfTextRuns(pdf);
    const positions = Array.from({ length: n }, (_, i) => runs.indexOf(`SKU-${String(i + 1).padStart(4, '0')}`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (let i = 1; i <= n; i++) expect(runs.filter((r) => r === `SKU-${String(i).padStart(4, '0')}`)).toHaveLength(1);
    expect(runs.indexOf('Total')).toBeGreaterThan(positions.at(-1) ?? 0);
    expect(runs.indexOf('1,234.5')).toBeGreaterThan(runs.indexOf('Total'));
    // Notes and signatures close the document, after the lines.
    expect(runs.indexOf('Received by')).toBeGreaterThan(runs.indexOf('Total'));
    expect(perPage.at(-1)).toContain('Received by');
  });

  it('keeps a row whole: a very long cell is cut rather than spill over the page', async () => {
    const long = 'word '.repeat(2000).trim();
    const pdf = await render({ lines: [{ sku: 'LONG-1', name: long, quantity: '1' }, ...lines(2)] });
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfText(pdf)).toContain('LONG-1');
    expect(pdfText(pdf)).toContain('SKU-0002');
  });

  it('writes several totals rows, each figure under its column in its kind', async () => {
    const pdf = await render({
      columns: [
        { key: 'sku', label: 'SKU', width: 20 },
        { key: 'quantity', label: 'Quantity', width: 10, kind: 'quantity' },
        { key: 'value', label: 'Value', width: 10, kind: 'money' },
      ],
      lines: [{ sku: 'A', quantity: '2', value: '10.5' }],
      totals: [
        { label: 'Total', values: { quantity: '2', value: '10.5' } },
        { label: 'Written off', values: { value: '-0.25' } },
        { label: 'One line', values: {} },
      ],
    });
    const runs = pdfTextRuns(pdf);
    expect(runs).toContain('One line');
    expect(runs).toContain('£10.50');
    expect(runs.filter((r) => r === '£10.50')).toHaveLength(2);
    expect(runs).toContain('Written off');
    expect(runs).toContain('-£0.25');
  });

  it('puts the label before a figure of the first column', async () => {
    const pdf = await render({
      columns: [
        { key: 'quantity', label: 'Quantity', width: 10, kind: 'quantity' },
        { key: 'sku', label: 'SKU', width: 20 },
      ],
      lines: [{ sku: 'A', quantity: '2' }],
      totals: [{ label: 'Total', values: { quantity: '1234' } }],
    });
    expect(pdfTextRuns(pdf)).toContain('Total 1,234');
  });

  it('reads back from a compressed file too (as the API answers it)', async () => {
    const pdf = await renderPdf(document({ lines: lines(40) }));
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdf.toString('latin1')).not.toContain('SKU-0001');
    expect(pdfText(pdf)).toContain('SKU-0040');
    expect(pdfText(pdf)).toContain('Page 1 of ');
  });

  it('writes an empty document with a dash for the lines', async () => {
    const pdf = await render({ lines: [], totals: [], notes: '', signatures: [], details: [] });
    expect(pdfPageCount(pdf)).toBe(1);
    expect(pdfTextRuns(pdf)).toContain('—');
  });

  it('renders 2 and 20 pages in reasonable time', async () => {
    const timed = async (n: number) => {
      const start = performance.now();
      const pdf = await renderPdf(document({ lines: lines(n) }));
      return { ms: performance.now() - start, pages: pdfPageCount(pdf) };
    };
    await timed(5);
    const two = await timed(40);
    const twenty = await timed(530);
    expect(two.pages).toBe(2);
    expect(twenty.pages).toBe(20);
    // Generous bounds (the machine is shared): a printout is a request a person waits for.
    expect(two.ms).toBeLessThan(3000);
    expect(twenty.ms).toBeLessThan(10_000);
  });
});

describe('the languages of a printout', () => {
  const samples: Record<PdfLanguage, { page: string; vat: string; quantity: string; money: string; day: string }> = {
    en: { page: 'Page 2 of 4', vat: 'VAT no.', quantity: '1,234.5', money: '£1,234.50', day: '28 Nov 2026' },
    es: { page: 'Página 2 de 4', vat: 'N.º de IVA', quantity: '1234,5', money: '1234,50 £', day: '28 nov 2026' },
    pt: { page: 'Página 2 de 4', vat: 'N.º de IVA', quantity: '1234,5', money: '1234,50 £', day: '28/11/2026' },
    de: { page: 'Seite 2 von 4', vat: 'USt-IdNr.', quantity: '1.234,5', money: '1.234,50 £', day: '28.11.2026' },
  };

  it.each(PDF_LANGUAGES)('writes the labels, figures and dates in %s', async (language) => {
    const sample = samples[language];
    const labels = PDF_LABELS[language];
    const pdf = await render({ language, lines: lines(90) });
    const runs = pdfTextRuns(pdf);
    const text = runs.join('\n').replace(/\u00a0/g, ' ');
    expect(pdfPageCount(pdf)).toBe(4);
    expect(text).toContain(sample.page);
    expect(text).toContain(fill(labels.pageOf, { page: 4, pages: 4 }));
    expect(text).toContain(`${sample.vat} GB123456789`);
    expect(text).toContain(labels.notes);
    expect(text).toContain(labels.signature);
    expect(text).toContain(`(${labels.continued})`);
    expect(text).toContain(sample.quantity);
    expect(text).toContain(sample.day);
    expect(formatMoney('1234.5', language).replace(/\u00a0/g, ' ')).toBe(sample.money);
  });

  it('writes money in the document’s currency, a unit cost with the places it was quoted in', async () => {
    expect(formatMoney('1234.5', 'en', 'EUR')).toBe('€1,234.50');
    expect(formatMoney('0.335', 'en', 'GBP', 6)).toBe('£0.335');
    expect(formatMoney('0.1234567', 'en', 'GBP', 6)).toBe('£0.123457');
    expect(formatMoney('2', 'de', 'USD', 6).replace(/\u00a0/g, ' ')).toBe('2,00 $');
    const pdf = await render({
      language: 'en',
      currency: 'EUR',
      columns: [
        { key: 'sku', label: 'SKU', width: 20 },
        { key: 'cost', label: 'Unit cost', width: 10, kind: 'money', places: 6 },
        { key: 'net', label: 'Net', width: 10, kind: 'money' },
      ],
      lines: [{ sku: 'A-1', cost: '0.335', net: '1.005' }],
    });
    const text = pdfTextRuns(pdf).join('\n');
    expect(text).toContain('€0.335');
    expect(text).toContain('€1.01');
  });

  it('has every label in every language', () => {
    const keys = Object.keys(PDF_LABELS.en).sort();
    for (const language of PDF_LANGUAGES) {
      const labels = PDF_LABELS[language];
      expect(Object.keys(labels).sort(), language).toEqual(keys);
      expect(Object.keys(labels.units).sort(), language).toEqual(Object.keys(PDF_LABELS.en.units).sort());
      expect(labels.pageOf).toMatch(/\{page\}.*\{pages\}/);
      for (const [key, value] of Object.entries(labels))
        if (typeof value === 'string') expect(value.trim(), `${language}.${key}`).not.toBe('');
      // Every label can be written by the standard fonts as it is.
      expect(toWinAnsi(JSON.stringify(labels))).toBe(JSON.stringify(labels));
    }
  });

  it('takes lang first, then Accept-Language by preference, then English', () => {
    expect(pickPdfLanguage('de', 'es')).toBe('de');
    expect(pickPdfLanguage(undefined, 'fr-FR,pt-PT;q=0.8,es;q=0.9')).toBe('es');
    expect(pickPdfLanguage(undefined, 'pt-BR')).toBe('pt');
    expect(pickPdfLanguage('fr', 'de-AT')).toBe('de');
    expect(pickPdfLanguage(undefined, 'fr, *;q=0.5')).toBe('en');
    expect(pickPdfLanguage(undefined, 'es;q=0')).toBe('en');
    expect(pickPdfLanguage(undefined, undefined)).toBe('en');
  });
});

describe('figures and text on a printout', () => {
  it('writes quantities exactly, as decimal strings', () => {
    expect(formatQuantity('12345678901234.1234', 'en')).toBe('12,345,678,901,234.1234');
    expect(formatQuantity('0.0001', 'de')).toBe('0,0001');
    expect(formatQuantity('-3', 'en')).toBe('-3');
    expect(formatQuantity('not a number', 'en')).toBe('not a number');
  });

  it('keeps text to what the standard fonts write', () => {
    expect(toWinAnsi('Ação, Überraschung, ñandú, £5 – “ok” €')).toBe('Ação, Überraschung, ñandú, £5 – “ok” €');
    expect(toWinAnsi('Łódź')).toBe('?ódz');
    expect(toWinAnsi('a\tb\u2009c\r\nd\u0007')).toBe('a b c\nd');
    expect(toWinAnsi('box 📦')).toBe('box ?');
  });
});
