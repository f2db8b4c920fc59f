import Decimal from 'decimal.js';
import type { CostBasis } from './stock-count.repository.ts';

/**
 * The value of a session's differences before they are posted, as the posting service would value them:
 * a loss takes the warehouse's oldest units first (FIFO, each layer's value pro rata), a gain comes in at the
 * cost of units found (the newest layer's cost in the warehouse, else the product's standard cost). Losses of
 * one product are taken from its layers one after the other, in the order given, so the lines of a product
 * in several bins add up to what one posting of them all would take. Beyond the layers (a warehouse that
 * allows negative stock), the cost of units found is used. Pure: the caller reads the layers.
 */

export interface VarianceInput {
  key: string;
  productId: string;
  difference: Decimal;
}

export interface Valued {
  /** Per unit: the value divided by the difference (null when nothing could value it). */
  unitCost: Decimal | null;
  /** Signed like the difference, 8 places; null for a gain of a product that has no cost at all yet. */
  value: Decimal | null;
}

const ZERO = new Decimal(0);
const VALUE_PLACES = 8;

function foundCost(basis: CostBasis | undefined): Decimal | null {
  if (!basis) return null;
  if (basis.lastUnitCost) return basis.lastUnitCost;
  return basis.standardCost.gt(0) ? basis.standardCost : null;
}

export function valueVariances(lines: readonly VarianceInput[], bases: Map<string, CostBasis>): Map<string, Valued> {
  const out = new Map<string, Valued>();
  // What is left of each product's layers as the losses take from them.
  const left = new Map<string, { remaining: Decimal; remainingValue: Decimal }[]>();
  for (const line of lines) {
    const basis = bases.get(line.productId);
    const fallback = foundCost(basis);
    if (line.difference.isZero()) {
      out.set(line.key, { unitCost: fallback, value: ZERO });
      continue;
    }
    if (line.difference.isPositive()) {
      out.set(line.key, {
        unitCost: fallback,
        value: fallback ? line.difference.mul(fallback).toDecimalPlaces(VALUE_PLACES) : null,
      });
      continue;
    }
    let layers = left.get(line.productId);
    if (!layers) {
      layers = (basis?.layers ?? []).map((l) => ({ ...l }));
      left.set(line.productId, layers);
    }
    let want = line.difference.neg();
    let value = ZERO;
    for (const layer of layers) {
      if (want.isZero()) break;
      if (!layer.remaining.gt(0)) continue;
      const take = Decimal.min(want, layer.remaining);
      const taken = take.eq(layer.remaining)
        ? layer.remainingValue
        : layer.remainingValue.mul(take).div(layer.remaining).toDecimalPlaces(VALUE_PLACES);
      value = value.add(taken);
      layer.remaining = layer.remaining.sub(take);
      layer.remainingValue = layer.remainingValue.sub(taken);
      want = want.sub(take);
    }
    // Units beyond the layers: at the cost of units found (nothing to value them by otherwise).
    if (want.gt(0) && fallback) value = value.add(want.mul(fallback));
    out.set(line.key, {
      unitCost: value.div(line.difference.neg()).toDecimalPlaces(4),
      value: value.neg().toDecimalPlaces(VALUE_PLACES),
    });
  }
  return out;
}
