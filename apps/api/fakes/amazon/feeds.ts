import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { contractPath } from '../kit/contracts-dir.ts';
import { loadJsonSchema } from '../kit/openapi.ts';
import type { ExtraRoute, FakeHandler, FakeReply, FakeRequest } from '../kit/server.ts';
import { type AmazonOrderRecord, amazonError } from './orders.ts';

/**
 * Feeds 2021-06-30 as the fake plays them: documents uploaded to an address of its own, feeds processed at once
 * (or held until the test lets them go), a JSON_LISTINGS_FEED checked against Amazon's listings feed schemas and
 * answered with a processing report of the published shape; invoices and payment adjustments kept per order.
 */

export interface AmazonFeed {
  feedId: string;
  feedType: string;
  marketplaceIds: string[];
  createdTime: string;
  processingStatus: 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';
  processingStartTime?: string;
  processingEndTime?: string;
  resultFeedDocumentId?: string;
}

export interface FeedsState {
  sellerId: string;
  marketplaceId: string;
  orders: Map<string, AmazonOrderRecord>;
  documents: Map<string, { contentType: string; content: Buffer | null }>;
  feeds: Map<string, AmazonFeed & { input: string; feedOptions: Record<string, string> }>;
  quantities: Map<string, number>;
  refunds: Map<string, { amount: string; reference: string }[]>;
  invoices: { orderId: string; invoiceNumber: string; totalAmount: string; vatAmount: string; bytes: number }[];
  /** The SKUs the seller lists (a feed naming another is refused for it); null: any SKU. */
  listings: Set<string> | null;
  /** Feeds wait IN_QUEUE until processFeeds() when set. */
  holdFeeds: boolean;
  counter: number;
}

type Check = (value: unknown) => string[];
interface Checks {
  feed: Check;
  message: Check;
  report: Check;
}

let schemas: Promise<Checks> | null = null;
function listingsSchemas(): Promise<Checks> {
  schemas ??= Promise.all(
    [
      'listings-feed-schema-v2.json',
      'listings-feed-message-schema-v2.json',
      'listings-feed-processing-report-schema-v2.json',
    ].map((f) => loadJsonSchema(contractPath('amazon-sp-api', f))),
  ).then(([feed, message, report]) => ({ feed: feed!, message: message!, report: report! }));
  return schemas;
}

/** The storage service's own error answer (the pre-signed addresses are not the API's). */
const s3Error = (status: number, code: string): FakeReply => ({
  status,
  body: `<Error><Code>${code}</Code></Error>`,
  headers: { 'content-type': 'application/xml' },
});

const refuse = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: amazonError(code, message),
});

interface Issue {
  messageId?: number;
  sku?: string;
  code: string;
  severity: 'ERROR' | 'WARNING';
  message: string;
}

interface ListingsMessage {
  messageId: number;
  sku: string;
  operationType: string;
  patches?: { op: string; path: string; value?: { quantity?: number }[] }[];
}

function processListings(s: FeedsState, checks: Checks, feedId: string, text: string, violation: (t: string) => void) {
  let doc: { header?: { sellerId?: string }; messages?: ListingsMessage[] };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch {
    violation(`JSON_LISTINGS_FEED ${feedId} is not JSON`);
    return null;
  }
  const broken = checks.feed(doc);
  for (const v of broken) violation(`JSON_LISTINGS_FEED ${feedId}: ${v}`);
  for (const m of doc.messages ?? [])
    for (const v of checks.message(m)) violation(`JSON_LISTINGS_FEED ${feedId}: message ${m.messageId}: ${v}`);
  if (broken.length || doc.header?.sellerId !== s.sellerId) return null;
  const issues: Issue[] = [];
  let accepted = 0;
  for (const m of doc.messages ?? []) {
    if (s.listings && !s.listings.has(m.sku)) {
      issues.push({
        messageId: m.messageId,
        sku: m.sku,
        code: '8541',
        severity: 'ERROR',
        message: `SKU ${m.sku} is not listed by this seller.`,
      });
      continue;
    }
    accepted += 1;
    for (const p of m.patches ?? [])
      if (p.path === '/attributes/fulfillment_availability' && typeof p.value?.[0]?.quantity === 'number')
        s.quantities.set(m.sku, p.value[0].quantity);
  }
  const messages = doc.messages?.length ?? 0;
  const report = {
    header: { sellerId: s.sellerId, version: '2.0', feedId },
    issues,
    summary: {
      errors: issues.length,
      warnings: 0,
      messagesProcessed: messages,
      messagesAccepted: accepted,
      messagesInvalid: messages - accepted,
    },
  };
  for (const v of checks.report(report)) violation(`the fake's processing report: ${v}`);
  return report;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['Message', 'AdjustedItem', 'Component'].includes(name),
});

interface Adjustment {
  AmazonOrderID?: string;
  AdjustedItem?: {
    AmazonOrderItemCode?: string | number;
    MerchantAdjustmentItemID?: string;
    ItemPriceAdjustments?: { Component?: { Amount?: { '#text'?: string | number } }[] };
  }[];
}

/** The modelled OrderAdjustment document: refunds recorded once per credit note (MerchantAdjustmentItemID). */
function processAdjustments(s: FeedsState, feedId: string, text: string, violation: (t: string) => void) {
  const doc = xml.parse(text) as {
    AmazonEnvelope?: {
      Header?: { MerchantIdentifier?: string };
      MessageType?: string;
      Message?: { OrderAdjustment?: Adjustment }[];
    };
  };
  const env = doc.AmazonEnvelope;
  if (env?.MessageType !== 'OrderAdjustment' || !env.Message?.length) {
    violation(`POST_PAYMENT_ADJUSTMENT_DATA ${feedId} is no OrderAdjustment envelope`);
    return false;
  }
  if (env.Header?.MerchantIdentifier !== s.sellerId) return false;
  for (const m of env.Message) {
    const a = m.OrderAdjustment;
    const order = a?.AmazonOrderID ? s.orders.get(a.AmazonOrderID) : undefined;
    if (!a || !order || !a.AdjustedItem?.length) {
      violation(`POST_PAYMENT_ADJUSTMENT_DATA ${feedId}: an adjustment names no known order or no item`);
      continue;
    }
    let amount = new Decimal(0);
    for (const item of a.AdjustedItem) {
      if (!order.items.some((i) => i.OrderItemId === String(item.AmazonOrderItemCode)))
        violation(`POST_PAYMENT_ADJUSTMENT_DATA ${feedId}: no item ${item.AmazonOrderItemCode} in ${a.AmazonOrderID}`);
      for (const c of item.ItemPriceAdjustments?.Component ?? [])
        amount = amount.plus(String(c.Amount?.['#text'] ?? 0));
    }
    const reference = String(a.AdjustedItem[0]?.MerchantAdjustmentItemID ?? '').replace(/-\d+$/, '');
    const list = s.refunds.get(a.AmazonOrderID ?? '') ?? [];
    if (!list.some((r) => r.reference === reference)) list.push({ amount: amount.toFixed(2), reference });
    s.refunds.set(a.AmazonOrderID ?? '', list);
  }
  return true;
}

function processInvoice(s: FeedsState, feed: { feedOptions: Record<string, string> }, content: Buffer) {
  const o = feed.feedOptions;
  if (content.subarray(0, 4).toString('latin1') !== '%PDF') return false;
  s.invoices.push({
    orderId: o['metadata:orderid'] ?? '',
    invoiceNumber: o['metadata:invoicenumber'] ?? '',
    totalAmount: o['metadata:totalamount'] ?? '',
    vatAmount: o['metadata:totalvatamount'] ?? '',
    bytes: content.length,
  });
  return true;
}

async function process(s: FeedsState, feedId: string, violation: (t: string) => void) {
  const feed = s.feeds.get(feedId);
  const input = feed ? s.documents.get(feed.input) : undefined;
  if (!feed || !input?.content) return;
  const text = input.content.toString('utf8');
  let report: unknown = null;
  let ok = false;
  if (feed.feedType === 'JSON_LISTINGS_FEED') {
    report = processListings(s, await listingsSchemas(), feedId, text, violation);
    ok = report !== null;
  } else if (feed.feedType === 'POST_PAYMENT_ADJUSTMENT_DATA') ok = processAdjustments(s, feedId, text, violation);
  else if (feed.feedType === 'UPLOAD_VAT_INVOICE') ok = processInvoice(s, feed, input.content);
  const resultId = `amzn1.tortuga.4.eu.${randomUUID()}`;
  s.documents.set(resultId, {
    contentType: 'application/json',
    content: Buffer.from(JSON.stringify(report ?? { status: ok ? 'DONE' : 'FATAL' })),
  });
  const now = new Date().toISOString();
  Object.assign(feed, {
    processingStatus: ok ? 'DONE' : 'FATAL',
    processingStartTime: now,
    processingEndTime: now,
    resultFeedDocumentId: resultId,
  });
}

const INVOICE_OPTIONS = [
  'metadata:orderid',
  'metadata:invoicenumber',
  'metadata:totalamount',
  'metadata:totalvatamount',
];

export function feedsModule(s: FeedsState): {
  handlers: Record<string, FakeHandler>;
  routes: ExtraRoute[];
  processFeeds(violation: (t: string) => void): Promise<void>;
} {
  const origin = (req: FakeRequest) => `http://${req.headers.host}`;
  const publicFeed = (f: AmazonFeed & { input: string; feedOptions: Record<string, string> }): AmazonFeed => {
    const { input: _input, feedOptions: _options, ...rest } = f;
    return rest;
  };
  return {
    handlers: {
      createFeedDocument(req) {
        const id = `amzn1.tortuga.4.eu.${randomUUID()}`;
        s.documents.set(id, { contentType: (req.body as { contentType: string }).contentType, content: null });
        return {
          status: 201,
          body: { feedDocumentId: id, url: `${origin(req)}/feed-uploads/${id}?X-Amz-Signature=${randomUUID()}` },
        };
      },
      async createFeed(req) {
        const b = req.body as {
          feedType: string;
          marketplaceIds: string[];
          inputFeedDocumentId: string;
          feedOptions?: Record<string, string>;
        };
        const input = s.documents.get(b.inputFeedDocumentId);
        if (!input?.content)
          return refuse(400, 'InvalidInput', `Feed document ${b.inputFeedDocumentId} has no content.`);
        if (!b.marketplaceIds.includes(s.marketplaceId)) return refuse(400, 'InvalidInput', 'Invalid marketplaceIds.');
        const options = b.feedOptions ?? {};
        if (b.feedType === 'UPLOAD_VAT_INVOICE') {
          const missing = INVOICE_OPTIONS.filter((k) => !options[k]);
          if (missing.length) return refuse(400, 'InvalidInput', `feedOptions lack ${missing.join(', ')}.`);
          if (!s.orders.has(options['metadata:orderid'] ?? ''))
            return refuse(400, 'InvalidInput', 'Invalid metadata:orderid.');
        }
        s.counter += 1;
        const feedId = String(50_000_000_000 + s.counter);
        s.feeds.set(feedId, {
          feedId,
          feedType: b.feedType,
          marketplaceIds: b.marketplaceIds,
          createdTime: new Date().toISOString(),
          processingStatus: 'IN_QUEUE',
          input: b.inputFeedDocumentId,
          feedOptions: options,
        });
        if (!s.holdFeeds) await process(s, feedId, req.violation);
        return { status: 202, body: { feedId } };
      },
      getFeed(req) {
        const f = s.feeds.get(req.params.feedId ?? '');
        return f ? { status: 200, body: publicFeed(f) } : refuse(404, 'NotFound', `No feed ${req.params.feedId}.`);
      },
      getFeedDocument(req) {
        const id = req.params.feedDocumentId ?? '';
        if (!s.documents.has(id)) return refuse(404, 'NotFound', `No document ${id}.`);
        return {
          status: 200,
          body: { feedDocumentId: id, url: `${origin(req)}/feed-results/${id}?X-Amz-Signature=${randomUUID()}` },
        };
      },
    },
    routes: [
      {
        name: 'uploadFeedDocument',
        method: 'PUT',
        path: '/feed-uploads/{id}',
        handler(req): FakeReply {
          const d = s.documents.get(req.params.id ?? '');
          if (!d) return s3Error(404, 'NoSuchKey');
          // The address is signed for the content type given to createFeedDocument.
          if (req.headers['content-type'] !== d.contentType) {
            req.violation(`feed document uploaded as ${req.headers['content-type']}, created as ${d.contentType}`);
            return s3Error(403, 'SignatureDoesNotMatch');
          }
          d.content = req.raw;
          return { status: 200, headers: { etag: `"${randomUUID()}"` } };
        },
      },
      {
        name: 'downloadFeedDocument',
        method: 'GET',
        path: '/feed-results/{id}',
        handler(req) {
          const d = s.documents.get(req.params.id ?? '');
          return d?.content
            ? { status: 200, body: d.content, headers: { 'content-type': d.contentType } }
            : s3Error(404, 'NoSuchKey');
        },
      },
    ],
    async processFeeds(violation) {
      for (const [id, f] of s.feeds) if (f.processingStatus === 'IN_QUEUE') await process(s, id, violation);
    },
  };
}
