import type PDFDocument from 'pdfkit';
import type { PdfColumn, PdfDocument, PdfLine, PdfParty } from './document.ts';
import { addressLines, formatDate, formatMoney, formatQuantity, localeOf, toWinAnsi } from './format.ts';
import { fill, PDF_LABELS, type PdfLabels, type PdfLanguage } from './labels.ts';

/**
 * The one document renderer: a document description in, an A4 PDF out. The standard fonts
 * (Helvetica) need nothing installed and write every letter of English, Spanish, Portuguese and
 * German, and £. Pages are kept in memory until the end so that each can say "Page n of m".
 */

export interface RenderOptions {
  /** Deflate the page contents (the default); tests turn it off to read the text. */
  compress?: boolean;
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const COLOR = { text: '#1f1f1f', muted: '#666666', rule: '#b8b8b8', head: '#e6e6e6', stripe: '#f5f5f5' };
const MARGIN = 40;
/** The footer's band above the bottom margin; content stops above it. */
const FOOTER = 28;
const CELL_PAD = 4;
const BODY_SIZE = 9;
const MIN_ROW = 16;
/** A ruled cell is tall enough to write a figure in by hand. */
const MIN_WRITING_ROW = 22;
/** A row taller than this (a very long name) is cut with an ellipsis, so a row always fits a page. */
const MAX_ROW = 160;

interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Cut to this height, with an ellipsis. */
  height?: number;
}

interface PlacedColumn extends PdfColumn {
  x: number;
  w: number;
}

/**
 * pdfkit (with its fonts and the parsers behind them) loads on the first printout, not at start-up: a restart
 * should not pay for a library most runs never use.
 */
let pdfkit: Promise<typeof PDFDocument> | undefined;
function loadPdfkit() {
  pdfkit ??= import('pdfkit').then((m) => m.default);
  return pdfkit;
}

export function renderPdf(document: PdfDocument, options: RenderOptions = {}): Promise<Buffer> {
  return renderPdfs([document], options);
}

/**
 * Several documents in one file (a ship list's packing slips): each starts on a page of its own and its footers
 * count its own pages ("Page n of m" of that document). The file's title is the first document's.
 */
export async function renderPdfs(documents: readonly PdfDocument[], options: RenderOptions = {}): Promise<Buffer> {
  const document = documents[0];
  if (!document) throw new Error('renderPdfs needs at least one document');
  const PdfKitDocument = await loadPdfkit();
  const pdf = new PdfKitDocument({
    size: 'A4',
    // pdfkit adds a page for text below its bottom margin: a small one lets the footers sit in the band.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 16 },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: localeOf(document.language),
    displayTitle: true,
    info: {
      Title: toWinAnsi(`${document.title} ${document.number}`),
      Author: toWinAnsi(document.company.name),
      CreationDate: document.printedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  documents.forEach((d, i) => {
    if (i > 0) pdf.addPage();
    new Layout(pdf, d, pdf.bufferedPageRange().start + pdf.bufferedPageRange().count - 1).render();
  });
  pdf.end();
  return done;
}

class Layout {
  private y = MARGIN;
  private readonly labels: PdfLabels;
  private readonly language: PdfLanguage;
  private readonly left = MARGIN;
  private readonly width: number;
  private readonly bottom: number;
  private readonly columns: PlacedColumn[];

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly doc: PdfDocument,
    /** The index of this document's first page in the file (several documents in one file). */
    private readonly firstPage = 0,
  ) {
    this.language = doc.language;
    this.labels = PDF_LABELS[doc.language];
    this.width = pdf.page.width - 2 * MARGIN;
    this.bottom = pdf.page.height - MARGIN - FOOTER;
    const weights = doc.columns.reduce((s, c) => s + Math.max(c.width, 0), 0) || 1;
    let x = this.left;
    this.columns = doc.columns.map((c) => {
      const w = (Math.max(c.width, 0) / weights) * this.width;
      const placed = { ...c, x, w };
      x += w;
      return placed;
    });
  }

  render() {
    this.firstPageHeader();
    this.parties(this.doc.parties);
    this.details();
    this.table();
    this.notes();
    this.signatures();
    this.footers();
  }

  // Text

  private style(s: TextStyle) {
    this.pdf
      .font(s.font ?? FONT)
      .fontSize(s.size ?? BODY_SIZE)
      .fillColor(s.color ?? COLOR.text);
  }

  private heightOf(text: string, width: number, s: TextStyle = {}): number {
    this.style(s);
    const h = this.pdf.heightOfString(toWinAnsi(text) || ' ', { width, lineGap: 1 });
    return s.height === undefined ? h : Math.min(h, s.height);
  }

  /** Writes wrapped text at (x, y) and answers the height it took. */
  private write(text: string, x: number, y: number, width: number, s: TextStyle = {}): number {
    const h = this.heightOf(text, width, s);
    this.style(s);
    this.pdf.text(toWinAnsi(text), x, y, {
      width,
      align: s.align ?? 'left',
      lineGap: 1,
      ...(s.height === undefined ? {} : { height: s.height, ellipsis: true }),
    });
    return h;
  }

  private rule(y: number, x = this.left, width = this.width, color = COLOR.rule, thickness = 0.5) {
    this.pdf
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }

  // Pages

  /** Room for `height` more on this page, else a new page (with the table's header again when in it). */
  private ensure(height: number, repeatTableHeader = false) {
    if (this.y + height <= this.bottom) return;
    this.pdf.addPage();
    this.continuationHeader();
    if (repeatTableHeader) this.tableHeader();
  }

  private firstPageHeader() {
    const { company } = this.doc;
    const leftWidth = this.width * 0.55;
    const rightWidth = this.width - leftWidth - 12;
    const rightX = this.left + leftWidth + 12;
    let ly = MARGIN;
    if (company.name.trim()) ly += this.write(company.name, this.left, ly, leftWidth, { font: BOLD, size: 13 }) + 2;
    for (const line of addressLines(company.address, this.language))
      ly += this.write(line, this.left, ly, leftWidth, { size: 8.5 });
    const ids = [
      company.vatNumber ? `${this.labels.vatNumber} ${company.vatNumber}` : '',
      company.companyNumber ? `${this.labels.companyNumber} ${company.companyNumber}` : '',
    ].filter(Boolean);
    const contact = [
      company.phone ? `${this.labels.phone} ${company.phone}` : '',
      company.email ? `${this.labels.email} ${company.email}` : '',
    ].filter(Boolean);
    if (ids.length || contact.length) ly += 3;
    for (const line of [ids.join('   '), contact.join('   ')].filter(Boolean))
      ly += this.write(line, this.left, ly, leftWidth, { size: 8.5, color: COLOR.muted });

    let ry = MARGIN;
    ry += this.write(this.doc.title, rightX, ry, rightWidth, { font: BOLD, size: 17, align: 'right' }) + 2;
    ry += this.write(this.doc.number, rightX, ry, rightWidth, { font: BOLD, size: 12, align: 'right' }) + 6;
    for (const date of this.doc.dates) {
      const value = date.value ? formatDate(date.value, this.language) : this.labels.none;
      ry += this.write(`${date.label}: ${value}`, rightX, ry, rightWidth, { size: 8.5, align: 'right' });
    }
    this.y = Math.max(ly, ry) + 10;
    this.rule(this.y, this.left, this.width, COLOR.text, 1);
    this.y += 10;
  }

  private continuationHeader() {
    this.y = MARGIN;
    const half = this.width / 2;
    this.write(this.doc.company.name, this.left, this.y, half, { font: BOLD, size: 9 });
    const title = `${this.doc.title} ${this.doc.number} (${this.labels.continued})`;
    const h = this.write(title, this.left + half, this.y, half, { font: BOLD, size: 9, align: 'right' });
    this.y += h + 6;
    this.rule(this.y, this.left, this.width, COLOR.text, 1);
    this.y += 8;
  }

  /** Parties side by side in boxes, at most three to a row. */
  private parties(parties: readonly PdfParty[]) {
    for (let i = 0; i < parties.length; i += 3) {
      const row = parties.slice(i, i + 3);
      const gap = 10;
      const boxWidth = (this.width - gap * 2) / 3;
      const inner = boxWidth - 2 * 6;
      const contents = row.map((p) => [
        p.name,
        ...(p.address ? addressLines(p.address, this.language) : []),
        ...(p.lines ?? []),
      ]);
      const heights = row.map((p, k) => {
        const [name = '', ...rest] = contents[k] ?? [];
        return (
          this.heightOf(p.label.toUpperCase(), inner, { font: BOLD, size: 7 }) +
          2 +
          this.heightOf(name, inner, { font: BOLD, size: 10 }) +
          rest.reduce((s, line) => s + this.heightOf(line, inner, { size: 8.5 }), 0)
        );
      });
      const height = Math.max(...heights) + 12;
      this.ensure(height + 8);
      row.forEach((p, k) => {
        const x = this.left + k * (boxWidth + gap);
        this.pdf.roundedRect(x, this.y, boxWidth, height, 3).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
        let y = this.y + 6;
        y += this.write(p.label.toUpperCase(), x + 6, y, inner, { font: BOLD, size: 7, color: COLOR.muted }) + 2;
        const [name = '', ...rest] = contents[k] ?? [];
        y += this.write(name || this.labels.none, x + 6, y, inner, { font: BOLD, size: 10 });
        for (const line of rest) y += this.write(line, x + 6, y, inner, { size: 8.5 });
      });
      this.y += height + 8;
    }
  }

  /** Other facts as label over value, four to a row. */
  private details() {
    const details = this.doc.details ?? [];
    const perRow = 4;
    const gap = 10;
    const cell = (this.width - gap * (perRow - 1)) / perRow;
    for (let i = 0; i < details.length; i += perRow) {
      const row = details.slice(i, i + perRow);
      const height = Math.max(
        ...row.map(
          (d) =>
            this.heightOf(d.label.toUpperCase(), cell, { font: BOLD, size: 7 }) +
            1 +
            this.heightOf(d.value || this.labels.none, cell, { size: 9.5 }),
        ),
      );
      this.ensure(height + 6);
      row.forEach((d, k) => {
        const x = this.left + k * (cell + gap);
        const h = this.write(d.label.toUpperCase(), x, this.y, cell, { font: BOLD, size: 7, color: COLOR.muted });
        this.write(d.value || this.labels.none, x, this.y + h + 1, cell, { size: 9.5 });
      });
      this.y += height + 6;
    }
    if (details.length) this.y += 4;
  }

  // The lines

  private alignOf(c: PdfColumn): 'left' | 'center' | 'right' {
    return c.align ?? (c.kind === 'quantity' || c.kind === 'money' ? 'right' : 'left');
  }

  private cellText(c: PdfColumn, value: string | null | undefined): string {
    if (value === null || value === undefined || value === '' || c.kind === 'blank') return '';
    if (c.kind === 'quantity') return formatQuantity(value, this.language);
    if (c.kind === 'money') return formatMoney(value, this.language, this.doc.currency, c.places);
    return value;
  }

  private tableHeaderHeight(): number {
    return (
      Math.max(
        MIN_ROW,
        ...this.columns.map((c) => this.heightOf(c.label, c.w - 2 * CELL_PAD, { font: BOLD, size: 8 })),
      ) +
      2 * CELL_PAD
    );
  }

  private tableHeader() {
    const height = this.tableHeaderHeight();
    this.pdf.rect(this.left, this.y, this.width, height).fillColor(COLOR.head).fill();
    for (const c of this.columns)
      this.write(c.label, c.x + CELL_PAD, this.y + CELL_PAD, c.w - 2 * CELL_PAD, {
        font: BOLD,
        size: 8,
        align: this.alignOf(c),
      });
    this.y += height;
    this.rule(this.y, this.left, this.width, COLOR.text, 0.75);
  }

  private rowHeight(texts: string[], bold = false): number {
    const contentHeight = Math.max(
      0,
      ...this.columns.map((c, i) => this.heightOf(texts[i] ?? '', c.w - 2 * CELL_PAD, { font: bold ? BOLD : FONT })),
    );
    const min = this.columns.some((c) => c.kind === 'blank') && !bold ? MIN_WRITING_ROW : MIN_ROW;
    return Math.min(Math.max(contentHeight + 2 * CELL_PAD, min), MAX_ROW);
  }

  private row(texts: string[], index: number, bold = false) {
    const height = this.rowHeight(texts, bold);
    this.ensure(height, true);
    if (!bold && index % 2 === 1) this.pdf.rect(this.left, this.y, this.width, height).fillColor(COLOR.stripe).fill();
    this.columns.forEach((c, i) => {
      if (c.kind === 'blank' && !bold) {
        // A line to write on, at the foot of the cell.
        this.rule(this.y + height - 5, c.x + CELL_PAD, c.w - 2 * CELL_PAD, COLOR.muted, 0.5);
        return;
      }
      const text = texts[i] ?? '';
      if (text)
        this.write(text, c.x + CELL_PAD, this.y + CELL_PAD, c.w - 2 * CELL_PAD, {
          font: bold ? BOLD : FONT,
          align: this.alignOf(c),
          height: height - 2 * CELL_PAD,
        });
    });
    this.y += height;
    this.rule(this.y);
  }

  private table() {
    if (this.columns.length === 0) return;
    const lines: readonly PdfLine[] = this.doc.lines;
    const rows = lines.length
      ? lines.map((line) => this.columns.map((c) => this.cellText(c, line[c.key])))
      : [[this.labels.none]];
    // The header never stands alone at the foot of a page: it starts where its first row fits too.
    this.ensure(this.tableHeaderHeight() + this.rowHeight(rows[0] ?? []));
    this.tableHeader();
    rows.forEach((texts, index) => {
      this.row(texts, index);
    });
    for (const total of this.doc.totals ?? []) this.totalRow(total.label, total.values);
    this.y += 12;
  }

  /** A totals row: the label over the columns before the first figure, the figures under their columns. */
  private totalRow(label: string, values: Readonly<Record<string, string>>) {
    const first = this.columns.findIndex((c) => values[c.key] !== undefined);
    const labelWidth = first === -1 ? this.width : (this.columns[first]?.x ?? this.left) - this.left;
    const texts = this.columns.map((c) =>
      values[c.key] === undefined
        ? ''
        : this.cellText({ ...c, kind: c.kind === 'blank' ? 'text' : c.kind }, values[c.key]),
    );
    // A figure in the first column leaves no room beside it: the label goes before the figure.
    if (first === 0) texts[0] = `${label} ${texts[0] ?? ''}`;
    const ownLabel = first === 0 ? '' : label;
    const height = Math.max(
      this.rowHeight(texts, true),
      ownLabel ? this.heightOf(ownLabel, labelWidth - 2 * CELL_PAD, { font: BOLD }) + 2 * CELL_PAD : 0,
    );
    this.ensure(height, true);
    if (ownLabel)
      this.write(ownLabel, this.left + CELL_PAD, this.y + CELL_PAD, labelWidth - 2 * CELL_PAD, { font: BOLD });
    this.columns.forEach((c, i) => {
      const text = texts[i];
      if (text)
        this.write(text, c.x + CELL_PAD, this.y + CELL_PAD, c.w - 2 * CELL_PAD, {
          font: BOLD,
          align: c.kind === 'blank' ? 'right' : this.alignOf(c),
        });
    });
    this.y += height;
    this.rule(this.y, this.left, this.width, COLOR.text, 0.75);
  }

  // After the lines

  private notes() {
    const notes = this.doc.notes?.trim();
    if (!notes) return;
    const labelHeight = this.heightOf(this.labels.notes, this.width, { font: BOLD });
    const textHeight = this.heightOf(notes, this.width);
    // Notes start on a new page rather than leave only a line or two at the foot of this one.
    this.ensure(labelHeight + 2 + Math.min(textHeight, 60));
    this.y += this.write(this.labels.notes, this.left, this.y, this.width, { font: BOLD }) + 2;
    const room = this.bottom - this.y;
    this.y += this.write(notes, this.left, this.y, this.width, textHeight > room ? { height: room } : {}) + 12;
  }

  /** Boxes to sign, side by side: a heading, then name, signature and date lines. */
  private signatures() {
    const boxes = this.doc.signatures ?? [];
    if (boxes.length === 0) return;
    const gap = 16;
    const boxWidth = (this.width - gap * (boxes.length - 1)) / boxes.length;
    const height = 92;
    this.ensure(height + 4);
    boxes.forEach((label, k) => {
      const x = this.left + k * (boxWidth + gap);
      this.pdf.roundedRect(x, this.y, boxWidth, height, 3).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
      this.write(label, x + 8, this.y + 7, boxWidth - 16, { font: BOLD, size: 9, height: 12 });
      [this.labels.name, this.labels.signature, this.labels.date].forEach((field, i) => {
        const lineY = this.y + 36 + i * 22;
        this.style({ size: 8, color: COLOR.muted });
        const labelWidth = Math.min(this.pdf.widthOfString(toWinAnsi(field)) + 6, boxWidth / 2);
        this.write(field, x + 8, lineY - 9, labelWidth, { size: 8, color: COLOR.muted, height: 10 });
        this.rule(lineY, x + 8 + labelWidth, boxWidth - 16 - labelWidth, COLOR.muted);
      });
    });
    this.y += height + 4;
  }

  /** Every page's footer: the number, when it was printed, and "Page n of m". */
  private footers() {
    const all = this.pdf.bufferedPageRange();
    const range = { start: this.firstPage, count: all.start + all.count - this.firstPage };
    const printed = `${this.labels.printed} ${formatDate(this.doc.printedAt, this.language)}`;
    const third = this.width / 3;
    for (let i = 0; i < range.count; i++) {
      this.pdf.switchToPage(range.start + i);
      const y = this.pdf.page.height - MARGIN - 4;
      this.rule(y - 6);
      const style = { size: 8, color: COLOR.muted, height: 10 };
      this.write(`${this.doc.title} ${this.doc.number}`, this.left, y, third, style);
      this.write(printed, this.left + third, y, third, { ...style, align: 'center' });
      this.write(fill(this.labels.pageOf, { page: i + 1, pages: range.count }), this.left + 2 * third, y, third, {
        ...style,
        align: 'right',
      });
    }
  }
}
