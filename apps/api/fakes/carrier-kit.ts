import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ChannelAccountType } from '@backoffice/contracts';
import type { CarrierShipmentRequest, ConnectorContext } from '../src/domains/channels/connectors/types.ts';
import type { CallRecord } from '../src/platform/connectors/http.ts';
import type { Fault } from './kit/types.ts';

/**
 * What the carrier fakes share: label documents (a small valid PDF per shipment with its tracking numbers as
 * text, a ZPL label), made-up tracking numbers in each carrier's style, and for the fakes that do not speak JSON
 * (Parcelforce's SOAP) the plumbing the kit's server gives the JSON ones: a fault queue, a body reader, a port;
 * and for tests, a carrier account pointed at a fake and a sample shipment.
 */

function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
}

/** A PDF of 4×6 inch pages, one per parcel label, each its lines of text in Helvetica. */
export function labelPdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font; each page is a page object followed by its content stream.
  for (const [i, lines] of pages.entries()) {
    const pageId = 4 + i * 2;
    pageIds.push(pageId);
    const content = ['BT', '/F1 14 Tf', '24 380 Td', '18 TL', ...lines.map((l) => `(${pdfText(l)}) Tj T*`), 'ET'].join(
      '\n',
    );
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 4×6 inch ZPL label per tracking number, with its barcode. */
export function labelZpl(carrier: string, trackingNumbers: string[]): string {
  return trackingNumbers
    .map((t) => `^XA^CF0,40^FO40,40^FD${carrier}^FS^FO40,120^BCN,120,Y,N,N^FD${t}^FS^XZ`)
    .join('\n');
}

/** Numbered from a start, in a carrier's format: prefix, digits, suffix. */
export function numberMaker(prefix: string, digits: number, suffix = ''): () => string {
  let next = 1;
  const start = Date.now() % 10 ** (digits - 2);
  return () => `${prefix}${String(start + next++).padStart(digits, '0')}${suffix}`;
}

/** The misbehaviours queued by `inject`, taken one call at a time, for fakes not built on the kit's server. */
export class FaultQueue {
  private readonly queue: { fault: Fault; left: number }[] = [];

  inject(fault: Fault): void {
    this.queue.push({ fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.queue.length = 0;
  }

  /** The fault for this call of an operation, if one is queued for it (or for every operation). */
  take(operation: string): Fault | null {
    const i = this.queue.findIndex((q) => q.fault.operation === operation || q.fault.operation === '*');
    const q = this.queue[i];
    if (!q) return null;
    q.left -= 1;
    if (q.left <= 0) this.queue.splice(i, 1);
    return q.fault;
  }
}

/**
 * Plays a fault: waits its delay, hangs up, or answers its status (its body, else the provider's error shape).
 * Resolves true when the call is answered (or dropped), false when the real answer is to follow the delay.
 */
export async function playFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  providerError: (status: number) => { contentType: string; body: string },
): Promise<boolean> {
  if (fault.delayMs) await sleep(fault.delayMs);
  if (fault.hangUp) {
    req.socket.destroy();
    return true;
  }
  if (fault.status === undefined) return false;
  const shaped = providerError(fault.status);
  const body =
    fault.body === undefined ? shaped.body : typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
  res.writeHead(fault.status, { 'content-type': shaped.contentType, ...fault.headers });
  res.end(body);
  return true;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Listens on a free port of 127.0.0.1 (or the one asked for); answers its address and how to close it. */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  port = 0,
): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A carrier account pointed at a fake, with quick retries, and the call records its connector writes. */
export function fakeCarrierContext(
  type: ChannelAccountType,
  url: string,
  credentials: Record<string, string>,
): { ctx: ConnectorContext; records: CallRecord[] } {
  const records: CallRecord[] = [];
  const ctx: ConnectorContext = {
    account: {
      id: randomUUID(),
      type,
      name: `${type} (fake)`,
      environment: 'SANDBOX',
      baseUrl: url,
      marketplace: null,
      credentials,
      locations: [],
    },
    sink: (r) => records.push(r),
    http: { backoffBaseMs: 1, maxRetries: 2, timeoutMs: 500 },
  };
  return { ctx, records };
}

/** A two-parcel shipment to a UK address, as the product asks for one. */
export function sampleShipment(reference: string, over: Partial<CarrierShipmentRequest> = {}): CarrierShipmentRequest {
  return {
    reference,
    serviceCode: 'SND',
    shipTo: {
      name: 'Ada Lovelace',
      company: null,
      line1: '12 Analytical Row',
      line2: 'Flat 3',
      line3: null,
      city: 'London',
      county: 'Greater London',
      postcode: 'N1 9GU',
      countryCode: 'GB',
      phone: '020 7946 0000',
      email: 'ada@example.co.uk',
    },
    parcels: [
      { weightKg: '0.750', lengthCm: 30, widthCm: 20, heightCm: 10 },
      { weightKg: '1.5', lengthCm: null, widthCm: null, heightCm: null },
    ],
    value: '42.50',
    currency: 'GBP',
    contents: [{ sku: 'MUG-01', description: 'Mug', quantity: 2, unitValue: '21.25', weightKg: '0.375' }],
    shippingDate: new Date('2026-03-02T09:00:00Z'),
    ...over,
  };
}
