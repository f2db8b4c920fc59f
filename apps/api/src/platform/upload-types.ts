import { UploadErrorCode, type UploadKind } from '@backoffice/contracts';
import { AppError } from './errors.ts';

/**
 * The upload type rules, one copy for every area that takes a file: what a file really is (by its bytes,
 * never by its name or the browser's word), which kinds are accepted (contracts' UPLOAD_KINDS), and a
 * name safe to show. Reading a zip's directory lives here too, for .xlsx and .docx and the import reader.
 */

/** The content type of an .xlsx workbook (uploads, imports and every export). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Detected {
  kind: UploadKind;
  contentType: string;
  extensions: readonly string[];
}

const TYPES: Record<UploadKind, Omit<Detected, 'kind'>> = {
  png: { contentType: 'image/png', extensions: ['png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jfif'] },
  gif: { contentType: 'image/gif', extensions: ['gif'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
  bmp: { contentType: 'image/bmp', extensions: ['bmp'] },
  tiff: { contentType: 'image/tiff', extensions: ['tif', 'tiff'] },
  avif: { contentType: 'image/avif', extensions: ['avif'] },
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  xlsx: { contentType: XLSX_CONTENT_TYPE, extensions: ['xlsx'] },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
};

const startsWith = (b: Buffer, bytes: readonly number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => b.subarray(at, at + text.length).toString('latin1') === text;

/** What a file really is, from its first bytes (and, for Office files, the names inside the zip). */
export function detectFileType(b: Buffer): Detected | undefined {
  const kind = detectKind(b);
  return kind && { kind, ...TYPES[kind] };
}

/**
 * What an uploaded file is, or 415: FILE_TYPE_NOT_ACCEPTED for any kind not accepted, FILE_NAME_MISMATCH when
 * its name's extension says something else than its content (a renamed file is refused, not guessed at).
 */
export function acceptedFileType(name: string, content: Buffer): Detected {
  const detected = detectFileType(content);
  if (!detected)
    throw new AppError(
      415,
      UploadErrorCode.FILE_TYPE_NOT_ACCEPTED,
      'This kind of file is not accepted: upload an image (PNG, JPEG, GIF, WebP, BMP, TIFF, AVIF), a PDF, an Excel .xlsx or a Word .docx file.',
    );
  const ext = extensionOf(name);
  if (!detected.extensions.includes(ext))
    throw new AppError(
      415,
      UploadErrorCode.FILE_NAME_MISMATCH,
      `The file's content is ${detected.kind.toUpperCase()} but its name ends in ".${ext}". Rename it to .${detected.extensions[0]} and try again.`,
      { detected: detected.kind, extension: ext },
    );
  return detected;
}

function detectKind(b: Buffer): UploadKind | undefined {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(b, 'GIF87a') || ascii(b, 'GIF89a')) return 'gif';
  if (ascii(b, 'RIFF') && ascii(b, 'WEBP', 8)) return 'webp';
  if (ascii(b, 'BM') && b.length > 26 && b.readUInt32LE(2) === b.length) return 'bmp';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(b, 'ftyp', 4) && (ascii(b, 'avif', 8) || ascii(b, 'avis', 8))) return 'avif';
  if (ascii(b, '%PDF-')) return 'pdf';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(b);
    if (!names?.has('[Content_Types].xml')) return undefined;
    if (names.has('xl/workbook.xml')) return 'xlsx';
    if (names.has('word/document.xml')) return 'docx';
  }
  return undefined;
}

export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * The entries of a zip archive as its central directory declares them, read without inflating
 * anything (so a zip bomb costs nothing here). Undefined when the archive is malformed.
 */
export function zipEntries(b: Buffer): ZipEntry[] | undefined {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  if (b.length < 22) return undefined;
  const floor = Math.max(0, b.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = b.length - 22; i >= floor; i--) {
    if (b.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== CENTRAL) return undefined;
    const nameLength = b.readUInt16LE(at + 28);
    const extraLength = b.readUInt16LE(at + 30);
    const commentLength = b.readUInt16LE(at + 32);
    if (at + 46 + nameLength > b.length) return undefined;
    entries.push({
      name: b.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      compressedSize: b.readUInt32LE(at + 20),
      uncompressedSize: b.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export function zipEntryNames(b: Buffer): Set<string> | undefined {
  const entries = zipEntries(b);
  return entries && new Set(entries.map((e) => e.name));
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m?.[1]?.toLowerCase() ?? '';
}

/** A name safe to show and to put in a Content-Disposition header. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_').trim();
  return (cleaned || 'file').slice(0, 200);
}
