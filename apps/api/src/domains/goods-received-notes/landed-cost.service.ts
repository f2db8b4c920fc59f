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

/** One charge to apply: the receipt's own form, or a landed charge of a supplier invoice (currency, rate, basis). */
export interface LandedChargeSpec {
  chargeType: Values['chargeType'];
  description: string;
  /** In `currency`, above zero. */
  amount: string;
  currency: string;
  /** The rate to GBP; null: the charge date's rate. */
  exchangeRate: string | null;
  basis: LandedCostBasis;
  /** null: today. Never before a receipt's day (per receipt). */
  chargeDate: string | null;
}

/** Where a charge came from when not typed on the receipt: a supplier invoice's landed charge. */
export interface LandedChargeOrigin {
  invoiceId: string;
  invoiceNumber: string;
  invoiceChargeId: string;
}

export type PlannedShare = LandedCostShare & { noteId: string; noteNumber: string };

export interface LandedChargePlan {
  chargeType: LandedCostPreview['chargeType'];
  amount: string;
  currency: string;
  exchangeRate: string;
  amountGbp: string;
  basis: LandedCostBasis;
  /** The day asked for (each receipt's own day is never before its receipt). */
  chargeDate: string;
  notes: { id: string; number: string; chargeDate: string }[];
  shares: PlannedShare[];
}

const ZERO = new Decimal(0);
const BASES: Record<LandedCostBasis, ApportionBasis> = {
  VALUE: 'value',
  QUANTITY: 'quantity',
  WEIGHT: 'weight',
  EQUAL: 'equal',
};

/**
 * The one plan of a landed cost, whether typed on a receipt or carried by a supplier invoice: the charge in GBP,
 * shared by its basis over the accepted lines of all the receipts named (posted, with a supplier), to the penny.
 */
export async function planLandedCharge(
  db: Kysely<Database>,
  noteIds: readonly string[],
  input: LandedChargeSpec,
): Promise<LandedChargePlan> {
  const heads = [];
  for (const id of noteIds) {
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
    heads.push(head);
  }
  const today = todayInLondon();
  const day = input.chargeDate ?? today;
  if (day > today)
    throw unprocessable(
      StockErrorCode.POSTING_DATE_IN_FUTURE,
      `A cost cannot be posted on ${day}, a day still to come. Post it on or before ${today}.`,
      { postedOn: day, today },
    );
  // One receipt: the rate of its own charge day (never before the goods arrived); several: the charge's day.
  const rateDay = heads.length === 1 ? ([day, heads[0]?.received_date ?? day].sort()[1] as string) : day;
  const rate = input.exchangeRate ?? (await rateOn(db, input.currency as CurrencyCode, rateDay)).rate;
  const amountGbp = new Decimal(input.amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const numbers = heads.map((h) => h.number).join(', ');

  const byId = new Map(heads.map((h) => [h.id, h]));
  const lines = (await repo.findLines(db, [...noteIds]))
    .filter((l) => new Decimal(l.accepted_quantity).gt(0))
    .sort((a, b) => noteIds.indexOf(a.note_id) - noteIds.indexOf(b.note_id) || a.line_no - b.line_no);
  if (!lines.length)
    throw unprocessable(
      GoodReceivedNoteErrorCode.LANDED_COST_NOTHING_TO_SHARE,
      `${numbers} accepted nothing into stock: there is nothing to share the charge over.`,
      { number: numbers },
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
        return byId.get(l.note_id)?.consigned
          ? ZERO
          : accepted.times(l.unit_cost_gbp ?? '0').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
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
      `The lines of ${numbers} add up to nothing by ${input.basis.toLowerCase()}: share the charge another way.`,
      { number: numbers, basis: input.basis },
    );
  const key = BASES[input.basis];
  const shares = apportion(
    amountGbp,
    basisValues.map((v) => ({ [key]: v })),
    key,
  );
  return {
    chargeType: input.chargeType,
    amount: new Decimal(input.amount).toFixed(2),
    currency: input.currency,
    exchangeRate: new Decimal(rate).toFixed(),
    amountGbp: amountGbp.toFixed(2),
    basis: input.basis,
    chargeDate: day,
    // Never before the goods arrived (revalueReceipts dates it at the receipt anyway).
    notes: heads.map((h) => ({ id: h.id, number: h.number, chargeDate: [day, h.received_date].sort()[1] as string })),
    shares: lines.map(
      (l, i): PlannedShare => ({
        noteId: l.note_id,
        noteNumber: byId.get(l.note_id)?.number ?? '',
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

const specOf = (input: Values): LandedChargeSpec => ({
  chargeType: input.chargeType,
  description: input.description,
  amount: input.amount,
  currency: input.currency,
  exchangeRate: input.exchangeRate,
  basis: input.basis,
  chargeDate: input.chargeDate,
});

export async function previewLandedCost(db: Kysely<Database>, id: string, input: Values): Promise<LandedCostPreview> {
  const p = await planLandedCharge(db, [id], specOf(input));
  return {
    chargeType: p.chargeType,
    amount: p.amount,
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    amountGbp: p.amountGbp,
    basis: p.basis,
    chargeDate: p.notes[0]?.chargeDate ?? p.chargeDate,
    shares: p.shares.map(({ noteId: _n, noteNumber: _m, ...s }) => s),
  };
}

/**
 * Applies a landed charge over one or more posted receipts in the request's transaction (the receipts locked, in
 * id order): plans it, revalues each receipt's lines by their shares (layers still in stock, the rest cost of
 * sales) and writes one landed cost row per receipt, its part of the amount in the charge's currency shared as
 * its GBP part. Returns the rows' ids in the order of `noteIds`.
 */
export async function applyLandedCharge(
  ctx: Ctx,
  noteIds: readonly string[],
  input: LandedChargeSpec,
  origin: LandedChargeOrigin | null = null,
): Promise<string[]> {
  // The notes locked: two charges on one note are applied one after the other.
  await ctx.db
    .selectFrom('goods_received_notes')
    .select('id')
    .where('id', 'in', [...noteIds].sort())
    .orderBy('id')
    .forUpdate()
    .execute();
  const p = await planLandedCharge(ctx.db, noteIds, input);
  const gbpOf = p.notes.map((n) =>
    p.shares.filter((s) => s.noteId === n.id).reduce((sum, s) => sum.add(s.share), ZERO),
  );
  // The charge's own currency shared over the receipts as its GBP (one receipt: all of it).
  const amounts =
    p.notes.length === 1 || gbpOf.every((g) => g.isZero())
      ? apportion(
          p.amount,
          p.notes.map(() => ({})),
          'equal',
        )
      : apportion(
          p.amount,
          gbpOf.map((g) => ({ value: g })),
          'value',
        );
  const ids: string[] = [];
  for (const [n, note] of p.notes.entries()) {
    const shares = p.shares.filter((s) => s.noteId === note.id);
    const withShare = shares.filter((s) => !new Decimal(s.share).isZero());
    const reason = origin ? `${p.chargeType} ${origin.invoiceNumber} ${note.number}` : `${p.chargeType} ${note.number}`;
    const revalued = await revalueReceipts(ctx, {
      source: { type: GRN_SOURCE_TYPE, id: note.id, number: note.number },
      lines: withShare.map((s) => ({ sourceLine: String(s.lineNo), amount: s.share })),
      postedOn: note.chargeDate,
      reason: [reason, input.description].filter(Boolean).join(': ').slice(0, 500),
      kind: 'LANDED_COST',
    });
    const split = new Map<string, { inStock: Decimal; costOfSales: Decimal }>();
    for (const r of revalued) {
      const s = split.get(r.sourceLine) ?? { inStock: ZERO, costOfSales: ZERO };
      split.set(r.sourceLine, { inStock: s.inStock.add(r.inStock), costOfSales: s.costOfSales.add(r.costOfSales) });
    }
    const lines = shares.map((s) => {
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
    const amountGbp = (gbpOf[n] as Decimal).toFixed(2);
    const amount = (amounts[n] as Decimal).toFixed(2);
    ids.push(
      await repo.insertCharge(ctx.db, {
        noteId: note.id,
        chargeType: input.chargeType,
        description: input.description,
        amount,
        currency: p.currency,
        exchangeRate: p.exchangeRate,
        amountGbp,
        basis: input.basis,
        chargeDate: note.chargeDate,
        inStock: lines.reduce((s, l) => s.add(l.inStock), ZERO).toFixed(),
        costOfSales: lines.reduce((s, l) => s.add(l.costOfSales), ZERO).toFixed(),
        userId: ctx.user.id,
        purchaseInvoiceId: origin?.invoiceId ?? null,
        invoiceChargeId: origin?.invoiceChargeId ?? null,
        lines,
      }),
    );
    await auditDocument(ctx, goodReceivedNoteDocument, {
      number: note.number,
      action: 'add_landed_cost',
      after: {
        chargeType: p.chargeType,
        amount,
        currency: p.currency,
        exchangeRate: p.exchangeRate,
        amountGbp,
        basis: p.basis,
        chargeDate: note.chargeDate,
        ...(origin ? { supplierInvoice: origin.invoiceNumber } : {}),
        shares: lines.map((l) => ({
          lineNo: l.lineNo,
          share: l.share,
          inStock: l.inStock,
          costOfSales: l.costOfSales,
        })),
      },
    });
  }
  return ids;
}

export async function applyLandedCost(ctx: Ctx, id: string, input: Values): Promise<LandedCostCharge> {
  const [chargeId] = await applyLandedCharge(ctx, [id], specOf(input));
  const [charge] = await chargesOf(ctx.db, id, chargeId);
  return charge as LandedCostCharge;
}

/**
 * Takes back the landed costs a supplier invoice applied (the invoice cancelled after booking), today: each
 * receipt line's share out of the layers still in stock, the rest a negative cost of sales adjustment. Returns
 * what was taken back per receipt.
 */
export async function reverseInvoiceLandedCosts(ctx: Ctx, invoiceId: string, invoiceNumber: string) {
  const { charges, lines } = await repo.findInvoiceCharges(ctx.db, invoiceId);
  const out: { receipt: string; amountGbp: string; inStock: string; costOfSales: string }[] = [];
  for (const c of charges) {
    const mine = lines.filter((l) => l.charge_id === c.id && !new Decimal(l.share).isZero());
    const revalued = await revalueReceipts(ctx, {
      source: { type: GRN_SOURCE_TYPE, id: c.note_id, number: c.note_number },
      lines: mine.map((l) => ({ sourceLine: String(l.line_no), amount: new Decimal(l.share).neg().toFixed() })),
      postedOn: null,
      reason: `${c.charge_type} ${invoiceNumber} ${c.note_number}: cancelled`.slice(0, 500),
      kind: 'LANDED_COST',
    });
    const inStock = revalued.reduce((s, r) => s.add(r.inStock), ZERO);
    const costOfSales = revalued.reduce((s, r) => s.add(r.costOfSales), ZERO);
    await repo.markChargeReversed(ctx.db, c.id, inStock.toFixed(), costOfSales.toFixed());
    await auditDocument(ctx, goodReceivedNoteDocument, {
      number: c.note_number,
      action: 'reverse',
      after: {
        supplierInvoice: invoiceNumber,
        chargeType: c.charge_type,
        amountGbp: new Decimal(c.amount_gbp).neg().toFixed(2),
        inStock: inStock.toFixed(),
        costOfSales: costOfSales.toFixed(),
      },
    });
    out.push({
      receipt: c.note_number,
      amountGbp: new Decimal(c.amount_gbp).neg().toFixed(2),
      inStock: inStock.toFixed(),
      costOfSales: costOfSales.toFixed(),
    });
  }
  return out;
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
    sourceInvoice: c.purchase_invoice_id ? { id: c.purchase_invoice_id, number: c.invoice_number ?? '' } : null,
    reversedAt: c.reversed_at ? c.reversed_at.toISOString() : null,
    reversedInStock: new Decimal(c.reversed_in_stock).toFixed(2),
    reversedCostOfSales: new Decimal(c.reversed_cost_of_sales).toFixed(2),
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
