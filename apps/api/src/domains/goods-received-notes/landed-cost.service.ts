import {
  type CurrencyCode,
  GoodReceivedNoteErrorCode,
  GRN_SOURCE_TYPE,
  goodReceivedNoteDocument,
  type LandedCostBasis,
  type LandedCostCharge,
  type LandedCostInput,
  type LandedCostPreview,
  type LandedCostShare,
  StockErrorCode,
  todayInLondon,
} from '@backoffice/contracts';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { auditDocument, found, quantityText as qty, userRef } from '../../platform/documents.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/routes.ts';
import { rateOn } from '../currencies/index.ts';
import { type ApportionBasis, apportion, revalueReceipts } from '../stock/index.ts';
import * as repo from './grn.repository.ts';

/**
 * Landed costs on a posted goods received note (DOMAIN.md "Purchasing rules … (decided)"): the charge in GBP (its
 * currency at the charge date's rate, or the rate typed), apportioned over the note's accepted lines by the stock
 * core's `apportion` (value at receipt in GBP, quantity, weight = accepted × the product's weight, or equally; to
 * the penny, the residual penny to the largest line), then applied by `revalueReceipts` in the request's
 * transaction: the share of units still in stock raises their layers, the share of units gone is cost of sales.
 */

type Values = z.output<typeof LandedCostInput>;

const ZERO = new Decimal(0);
const BASES: Record<LandedCostBasis, ApportionBasis> = {
  VALUE: 'value',
  QUANTITY: 'quantity',
  WEIGHT: 'weight',
  EQUAL: 'equal',
};

async function plan(db: Kysely<Database>, id: string, input: Values): Promise<LandedCostPreview & { number: string }> {
  const head = found(await repo.findNote(db, id), goodReceivedNoteDocument.label, id);
  if (head.status !== 'POSTED')
    throw conflict(
      GoodReceivedNoteErrorCode.LANDED_COST_NOTE_NOT_POSTED,
      `${head.number} is not posted: a landed cost goes on a receipt whose goods are in stock.`,
      { number: head.number, status: head.status },
    );
  if (!head.supplier_id)
    throw unprocessable(
      GoodReceivedNoteErrorCode.LANDED_COST_NOTHING_TO_SHARE,
      `${head.number} receives own stock sent from another warehouse: its cost is what it left with. Put the charge on the receipt that bought it.`,
      { number: head.number },
    );
  const today = todayInLondon();
  const day = input.chargeDate ?? today;
  if (day > today)
    throw unprocessable(
      StockErrorCode.POSTING_DATE_IN_FUTURE,
      `A cost cannot be posted on ${day}, a day still to come. Post it on or before ${today}.`,
      { postedOn: day, today },
    );
  // Never before the goods arrived (revalueReceipts dates it at the receipt anyway).
  const chargeDate = [day, head.received_date].sort()[1] as string;
  const rate = input.exchangeRate ?? (await rateOn(db, input.currency as CurrencyCode, chargeDate)).rate;
  const amountGbp = new Decimal(input.amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

  const lines = (await repo.findLines(db, [id])).filter((l) => new Decimal(l.accepted_quantity).gt(0));
  if (!lines.length)
    throw unprocessable(
      GoodReceivedNoteErrorCode.LANDED_COST_NOTHING_TO_SHARE,
      `${head.number} accepted nothing into stock: there is nothing to share the charge over.`,
      { number: head.number },
    );
  const weights =
    input.basis === 'WEIGHT'
      ? await repo.productWeights(
          db,
          lines.map((l) => l.product_id),
        )
      : null;
  if (weights) {
    const missing = lines.filter((l) => weights.get(l.product_id) == null).map((l) => l.sku);
    if (missing.length)
      throw unprocessable(
        GoodReceivedNoteErrorCode.LANDED_COST_WEIGHT_MISSING,
        `Shared by weight, but ${[...new Set(missing)].join(', ')} ${missing.length > 1 ? 'have' : 'has'} no weight: enter it on the product, or share the charge another way.`,
        { skus: [...new Set(missing)].join(', ') },
      );
  }
  const basisOf = (l: repo.NoteLineRow): Decimal => {
    const accepted = new Decimal(l.accepted_quantity);
    switch (input.basis) {
      case 'VALUE':
        // The line's value at receipt, as posted (zero for supplier-owned stock).
        return head.consigned ? ZERO : accepted.times(l.unit_cost_gbp ?? '0').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      case 'QUANTITY':
        return accepted;
      case 'WEIGHT':
        return accepted.times(weights?.get(l.product_id) ?? '0');
      default:
        return new Decimal(1);
    }
  };
  const basisValues = lines.map(basisOf);
  if (basisValues.every((v) => v.isZero()))
    throw unprocessable(
      GoodReceivedNoteErrorCode.LANDED_COST_NOTHING_TO_SHARE,
      `The lines of ${head.number} add up to nothing by ${input.basis.toLowerCase()}: share the charge another way.`,
      { number: head.number, basis: input.basis },
    );
  const key = BASES[input.basis];
  const shares = apportion(
    amountGbp,
    basisValues.map((v) => ({ [key]: v })),
    key,
  );
  return {
    number: head.number,
    chargeType: input.chargeType,
    amount: new Decimal(input.amount).toFixed(2),
    currency: input.currency,
    exchangeRate: new Decimal(rate).toFixed(),
    amountGbp: amountGbp.toFixed(2),
    basis: input.basis,
    chargeDate,
    shares: lines.map(
      (l, i): LandedCostShare => ({
        lineNo: l.line_no,
        product: { id: l.product_id, sku: l.sku, name: l.name },
        acceptedQuantity: qty(l.accepted_quantity),
        basisValue: (basisValues[i] as Decimal).toFixed(),
        share: (shares[i] as Decimal).toFixed(2),
        inStock: null,
        costOfSales: null,
      }),
    ),
  };
}

export async function previewLandedCost(db: Kysely<Database>, id: string, input: Values): Promise<LandedCostPreview> {
  const { number: _number, ...preview } = await plan(db, id, input);
  return preview;
}

export async function applyLandedCost(ctx: Ctx, id: string, input: Values): Promise<LandedCostCharge> {
  // The note locked: two charges on one note are applied one after the other.
  await ctx.db.selectFrom('goods_received_notes').select('id').where('id', '=', id).forUpdate().execute();
  const p = await plan(ctx.db, id, input);
  const withShare = p.shares.filter((s) => !new Decimal(s.share).isZero());
  const revalued = await revalueReceipts(ctx, {
    source: { type: GRN_SOURCE_TYPE, id, number: p.number },
    lines: withShare.map((s) => ({ sourceLine: String(s.lineNo), amount: s.share })),
    postedOn: p.chargeDate,
    reason: [`${p.chargeType} ${p.number}`, input.description].filter(Boolean).join(': ').slice(0, 500),
    kind: 'LANDED_COST',
  });
  const split = new Map<string, { inStock: Decimal; costOfSales: Decimal }>();
  for (const r of revalued) {
    const s = split.get(r.sourceLine) ?? { inStock: ZERO, costOfSales: ZERO };
    split.set(r.sourceLine, { inStock: s.inStock.add(r.inStock), costOfSales: s.costOfSales.add(r.costOfSales) });
  }
  const lines = p.shares.map((s) => {
    const x = split.get(String(s.lineNo)) ?? { inStock: ZERO, costOfSales: ZERO };
    return {
      lineNo: s.lineNo,
      productId: s.product.id,
      accepted: s.acceptedQuantity,
      basisValue: s.basisValue,
      share: s.share,
      inStock: x.inStock.toFixed(),
      costOfSales: x.costOfSales.toFixed(),
    };
  });
  const chargeId = await repo.insertCharge(ctx.db, {
    noteId: id,
    chargeType: input.chargeType,
    description: input.description,
    amount: p.amount,
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    amountGbp: p.amountGbp,
    basis: input.basis,
    chargeDate: p.chargeDate,
    inStock: lines.reduce((s, l) => s.add(l.inStock), ZERO).toFixed(),
    costOfSales: lines.reduce((s, l) => s.add(l.costOfSales), ZERO).toFixed(),
    userId: ctx.user.id,
    lines,
  });
  const [charge] = await chargesOf(ctx.db, id, chargeId);
  await auditDocument(ctx, goodReceivedNoteDocument, {
    number: p.number,
    action: 'add_landed_cost',
    after: {
      chargeType: p.chargeType,
      amount: p.amount,
      currency: p.currency,
      exchangeRate: p.exchangeRate,
      amountGbp: p.amountGbp,
      basis: p.basis,
      chargeDate: p.chargeDate,
      shares: lines.map((l) => ({ lineNo: l.lineNo, share: l.share, inStock: l.inStock, costOfSales: l.costOfSales })),
    },
  });
  return charge as LandedCostCharge;
}

export async function chargesOf(db: Kysely<Database>, id: string, chargeId?: string): Promise<LandedCostCharge[]> {
  if (!chargeId) found(await repo.findNote(db, id), goodReceivedNoteDocument.label, id);
  const { charges, lines } = await repo.findCharges(db, id, chargeId);
  return charges.map((c) => ({
    id: c.id,
    chargeType: c.charge_type as LandedCostCharge['chargeType'],
    description: c.description,
    amount: new Decimal(c.amount).toFixed(2),
    currency: c.currency,
    exchangeRate: new Decimal(c.exchange_rate).toFixed(),
    amountGbp: new Decimal(c.amount_gbp).toFixed(2),
    basis: c.basis as LandedCostBasis,
    chargeDate: c.charge_date,
    inStock: new Decimal(c.in_stock).toFixed(2),
    costOfSales: new Decimal(c.cost_of_sales).toFixed(2),
    createdAt: c.created_at.toISOString(),
    createdBy: userRef(c.created_by, c.created_by_name),
    shares: lines
      .filter((l) => l.charge_id === c.id)
      .map((l) => ({
        lineNo: l.line_no,
        product: { id: l.product_id, sku: l.sku, name: l.name },
        acceptedQuantity: qty(l.accepted_quantity),
        basisValue: new Decimal(l.basis_value).toFixed(),
        share: new Decimal(l.share).toFixed(2),
        inStock: new Decimal(l.in_stock).toFixed(2),
        costOfSales: new Decimal(l.cost_of_sales).toFixed(2),
      })),
  }));
}
