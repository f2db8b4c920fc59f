import { XMLBuilder } from 'fast-xml-parser';
import { ConnectorError } from '../../../../platform/connectors/http.ts';
import { explained } from '../access-token.ts';
import { channelLineId, moneyText, pennies } from '../money.ts';
import type { ChannelRefund, StockLevel, StockPushResult } from '../types.ts';
import type { AmazonApi } from './client.ts';

/**
 * Feeds 2021-06-30: a document is created, its content put to the pre-signed address Amazon answers, then the
 * feed is made of it. Amazon processes it later; a feed's processing report says per message what became of it.
 */

const FEEDS = '/feeds/2021-06-30';

export async function submitFeed(
  api: AmazonApi,
  f: { feedType: string; contentType: string; content: Buffer | string; feedOptions?: Record<string, string> },
): Promise<string> {
  const doc = await api
    .call({
      operation: 'createFeedDocument',
      method: 'POST',
      path: `${FEEDS}/documents`,
      json: { contentType: f.contentType },
    })
    .catch((e: unknown) => {
      throw explained(e, `Amazon did not open a ${f.feedType} feed document`);
    });
  const { feedDocumentId, url } = doc.json<{ feedDocumentId: string; url: string }>();
  await api.upload(url, f.contentType, f.content).catch((e: unknown) => {
    throw explained(e, `The ${f.feedType} feed document could not be uploaded to Amazon`);
  });
  const feed = await api
    .call({
      operation: 'createFeed',
      method: 'POST',
      path: `${FEEDS}/feeds`,
      json: {
        feedType: f.feedType,
        marketplaceIds: [api.marketplaceId],
        inputFeedDocumentId: feedDocumentId,
        ...(f.feedOptions ? { feedOptions: f.feedOptions } : {}),
      },
    })
    .catch((e: unknown) => {
      throw explained(e, `Amazon refused the ${f.feedType} feed`);
    });
  return feed.json<{ feedId: string }>().feedId;
}

function sellerIdOf(sellerId: string | undefined, what: string): string {
  if (!sellerId)
    throw new ConnectorError(`Amazon needs the seller id (merchant token) of the account for ${what}.`, {
      retryable: false,
    });
  return sellerId;
}

/** Quantities as a JSON_LISTINGS_FEED: one PATCH of `fulfillment_availability` per SKU. */
export async function pushStockFeed(
  api: AmazonApi,
  sellerId: string | undefined,
  levels: StockLevel[],
): Promise<{ feedId: string | null; results: StockPushResult[] }> {
  if (!levels.length) return { feedId: null, results: [] };
  const document = {
    header: { sellerId: sellerIdOf(sellerId, 'stock feeds'), version: '2.0', issueLocale: 'en_GB' },
    messages: levels.map((l, i) => ({
      messageId: i + 1,
      sku: l.listing.sku,
      operationType: 'PATCH',
      // A patch of offer attributes only: Amazon takes the generic product type when the listing's is not known.
      productType: l.listing.externalRef ?? 'PRODUCT',
      patches: [
        {
          op: 'replace',
          path: '/attributes/fulfillment_availability',
          value: [{ fulfillment_channel_code: 'DEFAULT', quantity: Math.max(0, Math.trunc(l.quantity)) }],
        },
      ],
    })),
  };
  const feedId = await submitFeed(api, {
    feedType: 'JSON_LISTINGS_FEED',
    contentType: 'application/json; charset=UTF-8',
    content: JSON.stringify(document),
  });
  // The feed is taken whole; what Amazon refuses per SKU comes in its processing report (feedResult).
  return { feedId, results: levels.map((l) => ({ sku: l.listing.sku, ok: true, error: null, retryable: false })) };
}

interface ProcessingReport {
  issues: { messageId?: number; sku?: string; code?: string; severity: string; message: string }[];
  summary: { messagesProcessed: number; messagesAccepted: number; messagesInvalid: number };
}

export interface FeedResult {
  status: 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';
  /** Messages Amazon accepted (null until done). */
  accepted: number | null;
  /** SKUs Amazon refused, with its words. */
  refused: StockPushResult[];
}

/** What became of a feed: its status and, once done, the SKUs its processing report refuses. */
export async function feedResult(api: AmazonApi, feedId: string): Promise<FeedResult> {
  const feed = (
    await api
      .call({ operation: 'getFeed', method: 'GET', path: `${FEEDS}/feeds/${encodeURIComponent(feedId)}` })
      .catch((e: unknown) => {
        throw explained(e, `Amazon did not say what became of feed ${feedId}`);
      })
  ).json<{ processingStatus: FeedResult['status']; resultFeedDocumentId?: string }>();
  if (feed.processingStatus !== 'DONE' || !feed.resultFeedDocumentId)
    return { status: feed.processingStatus, accepted: null, refused: [] };
  const doc = (
    await api.call({
      operation: 'getFeedDocument',
      method: 'GET',
      path: `${FEEDS}/documents/${encodeURIComponent(feed.resultFeedDocumentId)}`,
    })
  ).json<{ url: string; compressionAlgorithm?: string }>();
  const report = JSON.parse(await api.download(doc.url, doc.compressionAlgorithm === 'GZIP')) as ProcessingReport;
  const refused = new Map<string, string[]>();
  for (const issue of report.issues) {
    if (issue.severity !== 'ERROR' || !issue.sku) continue;
    refused.set(issue.sku, [...(refused.get(issue.sku) ?? []), issue.message]);
  }
  return {
    status: 'DONE',
    accepted: report.summary.messagesAccepted,
    refused: [...refused].map(([sku, messages]) => ({ sku, ok: false, error: messages.join(' '), retryable: false })),
  };
}

export async function uploadInvoice(
  api: AmazonApi,
  i: { externalOrderId: string; invoiceNumber: string; pdf: Buffer; totalAmount: string; vatAmount: string },
): Promise<void> {
  await submitFeed(api, {
    feedType: 'UPLOAD_VAT_INVOICE',
    contentType: 'application/pdf',
    content: i.pdf,
    feedOptions: {
      'metadata:orderid': i.externalOrderId,
      'metadata:invoicenumber': i.invoiceNumber,
      'metadata:documenttype': 'Invoice',
      'metadata:totalamount': i.totalAmount,
      'metadata:totalvatamount': i.vatAmount,
    },
  });
}

function adjustmentReason(reason: string | null): string {
  if (reason && /return/i.test(reason)) return 'CustomerReturn';
  if (reason && /cancel/i.test(reason)) return 'CustomerCancel';
  return 'GeneralAdjustment';
}

/**
 * A refund as a POST_PAYMENT_ADJUSTMENT_DATA feed. The document is modelled on Amazon's OrderAdjustment XML
 * message (the feed's schema is not among the published files): one adjusted item per order item, its amount as
 * the item's principal; a line naming no item and no SKU is the shipping charge, refunded on the first item.
 * Each item's MerchantAdjustmentItemID is the credit note's number and a counter, so Amazon refuses a repeat.
 */
export async function refund(api: AmazonApi, sellerId: string | undefined, r: ChannelRefund): Promise<string> {
  const principal = new Map<string, bigint>();
  let shipping = 0n;
  for (const l of r.lines) {
    if (l.externalLineId) {
      const id = channelLineId(l.externalLineId);
      principal.set(id, (principal.get(id) ?? 0n) + pennies(l.grossAmount));
    } else if (!l.sku) shipping += pennies(l.grossAmount);
    else
      throw new ConnectorError(`Amazon refunds name the order item: the line of ${l.sku} has no Amazon item id.`, {
        retryable: false,
      });
  }
  if (!principal.size)
    throw new ConnectorError(`Amazon refunds name the order items: refund ${r.reference} has none.`, {
      retryable: false,
    });
  const amount = (p: bigint) => ({ '#text': moneyText(p), '@_currency': r.currency });
  const items = [...principal].map(([id, p], n) => ({
    AmazonOrderItemCode: id,
    MerchantAdjustmentItemID: `${r.reference}-${n + 1}`,
    AdjustmentReason: adjustmentReason(r.reason),
    ItemPriceAdjustments: {
      Component: [
        { Type: 'Principal', Amount: amount(p) },
        ...(n === 0 && shipping > 0n ? [{ Type: 'Shipping', Amount: amount(shipping) }] : []),
      ],
    },
  }));
  const xml = new XMLBuilder({ ignoreAttributes: false, format: true }).build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    AmazonEnvelope: {
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:noNamespaceSchemaLocation': 'amzn-envelope.xsd',
      Header: { DocumentVersion: '1.01', MerchantIdentifier: sellerIdOf(sellerId, 'refunds') },
      MessageType: 'OrderAdjustment',
      Message: { MessageID: 1, OrderAdjustment: { AmazonOrderID: r.externalOrderId, AdjustedItem: items } },
    },
  }) as string;
  return submitFeed(api, {
    feedType: 'POST_PAYMENT_ADJUSTMENT_DATA',
    contentType: 'text/xml; charset=UTF-8',
    content: xml,
  });
}
