import Decimal from 'decimal.js';

/**
 * The FIFO valuation of one product, as a pure step function over its ledger rows in posting order.
 *
 * The same code values a new posting (applied to the open layers the database keeps) and replays a
 * product's whole history (after a backdated posting, and in the FIFO stock process report), so the two
 * can never disagree. Rules:
 * - An inbound row with its own cost (receipt, opening, adjustment, count, bundle produce) makes one layer.
 *   Supplier-owned (consignment) stock comes in at zero cost.
 * - An outbound row takes the oldest layers of its warehouse and bucket first (received date, then the row
 *   that made the layer, then its sequence), whoever owns them. A partial take of a layer is valued pro rata,
 *   8 places half up; the take that empties a layer carries what value it has left, so values add up exactly.
 * - A linked inbound row (transfer into transit, arrival from transit, return) brings back what its outbound
 *   row took, slice by slice, with the original cost, received date and owner. A return takes the slices its
 *   issue has not yet given back, in order.
 * - Negative stock, only where the warehouse allows it: what an outbound row takes beyond the layers becomes
 *   a deficit layer valued at a provisional unit cost: the unit cost of the newest own (not consigned) layer
 *   made or taken in that warehouse and bucket, a layer wholly absorbed by a deficit included (kept as
 *   stock_levels.last_unit_cost); when there is none, the row's fallback cost (the product's cost price when it
 *   was posted), else zero. The next inbound rows settle deficits first, oldest first; the difference between
 *   what the units cost and the provisional value is posted as a revaluation of the outbound row, dated when it
 *   is settled, and the row's deficit slice is worth the settled value from then on, so what comes back of it
 *   (a return) comes back at what the units really cost.
 */

Decimal.set({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

export type Bucket = 'STOCK' | 'TRANSIT';
export const VALUE_PLACES = 8;

export interface Layer {
  originMovementId: string;
  seq: number;
  warehouseId: string;
  bucket: Bucket;
  ownerId: string | null;
  receivedAt: string;
  unitCost: Decimal;
  quantity: Decimal;
  remaining: Decimal;
  remainingValue: Decimal;
  /**
   * The inbound row with its own cost these units came in by (a receipt), through any transfers and returns since:
   * what a landed cost or price difference of that row revalues. Known in replays (kept layers do not store it).
   */
  root?: string;
}

/** What an outbound row took from one layer (positive quantity and value). */
export interface Slice {
  seq: number;
  layerMovementId: string;
  layerSeq: number;
  ownerId: string | null;
  receivedAt: string;
  unitCost: Decimal;
  quantity: Decimal;
  value: Decimal;
  isDeficit: boolean;
  /** The layer's root (Layer.root), in replays. */
  root?: string;
}

export type InboundCost =
  /** A unit cost in GBP (zero for consignment stock). */
  | { unitCost: Decimal }
  /** A total value in GBP (a bundle: what its components cost). */
  | { value: Decimal }
  /** The layers the linked outbound row took come back. */
  | { linkedTo: string };

export interface EngineMovement {
  id: string;
  postedAt: string;
  warehouseId: string;
  bucket: Bucket;
  /** Signed, never zero. */
  quantity: Decimal;
  /** Inbound rows: how their cost is found. */
  cost?: InboundCost;
  /** Inbound rows with their own cost: the supplier owning the stock (consignment), else null. */
  ownerId?: string | null;
  /** Outbound rows: may go below zero (the warehouse allows negative stock). */
  allowDeficit?: boolean;
  /**
   * Outbound rows that reverse an inbound row: they take back exactly the layers that row made (its id), at
   * their value, never other layers and never below zero.
   */
  takesFrom?: string;
  /**
   * Outbound rows: the unit cost a deficit takes when its warehouse and bucket have no last cost. A posting
   * gives the product's cost price; a replay gives what the row's deficit was valued at when it was posted
   * (its deficit slice), so that a later change of the cost price never rewrites history.
   */
  fallbackUnitCost?: Decimal;
  /**
   * A landed cost or price difference (quantity zero): `amount` (GBP, signed) added to what is left of the units
   * `receiptId` brought in, pro rata by quantity; the share of the units gone is a cost of sales adjustment.
   */
  revalue?: { eventId: string; kind: CostChangeKind; receiptId: string; amount: Decimal };
}

export type CostChangeKind = 'LANDED_COST' | 'PRICE_DIFFERENCE';
/** Why a share of a cost change went to cost of sales: units gone, supplier-owned units, or a layer at zero. */
export type CostOfSalesCause = 'SOLD' | 'CONSIGNED' | 'BELOW_ZERO';

export interface CostOfSalesShare {
  eventId: string;
  /** Where the units are (consigned, at zero) or where they left (sold). */
  warehouseId: string;
  cause: CostOfSalesCause;
  amount: Decimal;
  /** The outbound rows that took the units gone (SOLD). */
  movementIds: string[];
}

/** What a cost change did: value added to layers (per warehouse and bucket), and what went to cost of sales. */
export interface CostChangeResult {
  layers: { warehouseId: string; bucket: Bucket; value: Decimal }[];
  costOfSales: CostOfSalesShare[];
}

/** The ledger key of a cost change's rows in one warehouse and bucket (ReplayEntry.movementId). */
export const costChangeKey = (kind: CostChangeKind, receiptId: string, warehouseId: string, bucket: Bucket) =>
  `${kind}:${receiptId}:${warehouseId}:${bucket}`;

export function parseCostChangeKey(
  key: string,
): { kind: CostChangeKind; receiptId: string; warehouseId: string; bucket: Bucket } | null {
  const parts = key.split(':');
  if (parts.length !== 4) return null;
  const [kind, receiptId, warehouseId, bucket] = parts as [CostChangeKind, string, string, Bucket];
  return { kind, receiptId, warehouseId, bucket };
}

/** A change of value of an earlier row, effective at `effectiveAt`. */
export interface Revaluation {
  movementId: string;
  warehouseId: string;
  bucket: Bucket;
  effectiveAt: string;
  value: Decimal;
}

export interface StepResult {
  /** The row's own value (signed: negative for outbound). */
  value: Decimal;
  slices: Slice[];
  revaluations: Revaluation[];
  /** Layers this row made (still open ones only). */
  created: Layer[];
  /** A cost change (EngineMovement.revalue): what it did. */
  costChange?: CostChangeResult;
  /** A linked inbound row: the supplier-owned units it brought back, by owner and root (consignment returns). */
  consignedBack?: { ownerId: string; root: string | null; quantity: Decimal }[];
}

export class FifoError extends Error {
  constructor(
    readonly code:
      | 'INSUFFICIENT_STOCK'
      | 'RETURN_EXCEEDS_ISSUE'
      | 'LINK_NOT_FOUND'
      | 'UNIT_COST_REQUIRED'
      | 'RECEIPT_NOT_FOUND',
    message: string,
    readonly details: Record<string, string> = {},
    /** The row that could not be valued (in a replay, possibly a later row than the one being posted). */
    readonly at?: { movementId: string; postedAt: string; quantity: Decimal },
  ) {
    super(message);
  }
}

const ZERO = new Decimal(0);
export const roundValue = (d: Decimal) => d.toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_HALF_UP);

function compareLayers(a: Layer, b: Layer): number {
  if (a.receivedAt !== b.receivedAt) return a.receivedAt < b.receivedAt ? -1 : 1;
  const ao = BigInt(a.originMovementId);
  const bo = BigInt(b.originMovementId);
  if (ao !== bo) return ao < bo ? -1 : 1;
  return a.seq - b.seq;
}

const keyOf = (warehouseId: string, bucket: Bucket) => `${warehouseId}|${bucket}`;

/** Takes `quantity` (≤ remaining) of a layer: its exact share of the layer's remaining value. */
function take(layer: Layer, quantity: Decimal): Decimal {
  const value = quantity.eq(layer.remaining)
    ? layer.remainingValue
    : roundValue(layer.remainingValue.mul(quantity).div(layer.remaining));
  layer.remaining = layer.remaining.sub(quantity);
  layer.remainingValue = layer.remainingValue.sub(value);
  return value;
}

/** Takes `quantity` of a layer as the next slice of an outbound row (its unit cost and exact value). */
function takeSlice(layer: Layer, quantity: Decimal, seq: number): Slice {
  return {
    seq,
    layerMovementId: layer.originMovementId,
    layerSeq: layer.seq,
    ownerId: layer.ownerId,
    receivedAt: layer.receivedAt,
    unitCost: layer.unitCost,
    quantity,
    value: take(layer, quantity),
    isDeficit: false,
    ...(layer.root ? { root: layer.root } : {}),
  };
}

/**
 * The open layers of one product and what the engine needs to know of past outbound rows. Load it from the
 * database for one posting (`fromStored`) or start empty for a replay.
 */
export class FifoState {
  /** Open layers per warehouse|bucket, FIFO order; deficits (negative remaining) kept apart. */
  private readonly layers = new Map<string, Layer[]>();
  private readonly deficits = new Map<string, Layer[]>();
  /** Outbound rows' slices, for linked inbound rows (filled by replays, or loaded for one posting). */
  private readonly slicesOf = new Map<string, Slice[]>();
  /** Quantity already brought back per outbound row. */
  private readonly linkedBack = new Map<string, Decimal>();
  /** The newest own layer cost made or taken per warehouse|bucket: the provisional cost of a deficit. */
  private readonly lastCost = new Map<string, Decimal>();
  /** Inbound rows with their own cost (roots): what they brought in, where, and whose. Replays only. */
  private readonly roots = new Map<string, { quantity: Decimal; warehouseId: string; ownerId: string | null }>();
  /** Where each outbound row took its units from. */
  private readonly outWarehouse = new Map<string, string>();
  /** Units of a root that settled a deficit at once (gone with the deficit's outbound row). */
  private readonly absorbed = new Map<string, { movementId: string; quantity: Decimal }[]>();

  static fromStored(
    layers: Layer[],
    linked: { movementId: string; slices: Slice[]; broughtBack: Decimal }[] = [],
    lastCosts: { warehouseId: string; bucket: Bucket; unitCost: Decimal }[] = [],
  ): FifoState {
    const s = new FifoState();
    for (const l of layers) s.insert(l);
    for (const l of linked) {
      s.slicesOf.set(l.movementId, l.slices);
      s.linkedBack.set(l.movementId, l.broughtBack);
    }
    for (const c of lastCosts) s.lastCost.set(keyOf(c.warehouseId, c.bucket), c.unitCost);
    return s;
  }

  private insert(layer: Layer) {
    const map = layer.remaining.isNegative() ? this.deficits : this.layers;
    const key = keyOf(layer.warehouseId, layer.bucket);
    const list = map.get(key) ?? [];
    list.push(layer);
    list.sort(compareLayers);
    map.set(key, list);
  }

  /** The provisional deficit cost per warehouse|bucket, to keep (stock_levels.last_unit_cost). */
  lastCosts(): { warehouseId: string; bucket: Bucket; unitCost: Decimal }[] {
    return [...this.lastCost].map(([key, unitCost]) => {
      const [warehouseId, bucket] = key.split('|') as [string, Bucket];
      return { warehouseId, bucket, unitCost };
    });
  }

  /** The slices of every outbound row this state took or was given, as they are now (settlements included). */
  takenSlices(): Map<string, Slice[]> {
    return new Map([...this.slicesOf].filter(([, slices]) => slices.length > 0));
  }

  /** Every open layer (deficits included), in a stable order. */
  openLayers(): Layer[] {
    const all = [...this.layers.values(), ...this.deficits.values()].flat().filter((l) => !l.remaining.isZero());
    return all.sort((a, b) =>
      a.warehouseId !== b.warehouseId
        ? a.warehouseId < b.warehouseId
          ? -1
          : 1
        : a.bucket !== b.bucket
          ? a.bucket < b.bucket
            ? -1
            : 1
          : compareLayers(a, b),
    );
  }

  /** Applies one ledger row; throws FifoError when it cannot be valued (nothing is changed then). */
  apply(m: EngineMovement): StepResult {
    if (m.revalue) return this.revalue(m.revalue);
    if (m.quantity.isZero()) throw new Error('a ledger row moves a quantity');
    if (m.quantity.isNegative()) this.outWarehouse.set(m.id, m.warehouseId);
    return m.quantity.isNegative() ? this.outbound(m) : this.inbound(m);
  }

  /**
   * A landed cost or price difference of a root (a receipt): split pro rata by quantity between its units still
   * in stock (in any warehouse or bucket, moved there by transfers) and those gone. The in-stock share is laid on
   * the open layers pro rata by what is left of each, the last taking the rounding remainder; a supplier-owned
   * layer stays at zero (its share is cost of sales, CONSIGNED), and a credit never takes a layer below zero (the
   * excess is cost of sales, BELOW_ZERO). The share of the units gone is cost of sales (SOLD), split over the
   * warehouses they left by quantity. Everything adds up to the amount exactly.
   */
  private revalue(r: NonNullable<EngineMovement['revalue']>): StepResult {
    const root = this.roots.get(r.receiptId);
    if (!root) throw new FifoError('RECEIPT_NOT_FOUND', `Movement ${r.receiptId} is not a receipt of this product.`);
    const open = [...this.layers.values()].flat().filter((l) => l.root === r.receiptId && l.remaining.gt(0));
    const inStock = open.reduce((sum, l) => sum.add(l.remaining), ZERO);
    const inShare = inStock.eq(root.quantity) ? r.amount : roundValue(r.amount.mul(inStock).div(root.quantity));
    const layerValue = new Map<string, Decimal>();
    const cos = new Map<string, CostOfSalesShare>();
    const toCos = (warehouseId: string, cause: CostOfSalesCause, amount: Decimal, movementIds: string[] = []) => {
      if (amount.isZero()) return;
      const key = `${warehouseId}|${cause}`;
      const had = cos.get(key);
      if (had) {
        had.amount = had.amount.add(amount);
        had.movementIds.push(...movementIds.filter((id) => !had.movementIds.includes(id)));
      } else cos.set(key, { eventId: r.eventId, warehouseId, cause, amount, movementIds: [...movementIds] });
    };
    let left = inShare;
    let leftQuantity = inStock;
    for (const layer of open) {
      const share = layer.remaining.eq(leftQuantity) ? left : roundValue(inShare.mul(layer.remaining).div(inStock));
      left = left.sub(share);
      leftQuantity = leftQuantity.sub(layer.remaining);
      if (layer.ownerId) {
        toCos(layer.warehouseId, 'CONSIGNED', share);
        continue;
      }
      const after = layer.remainingValue.add(share);
      const applied = after.isNegative() ? layer.remainingValue.neg() : share;
      if (after.isNegative()) toCos(layer.warehouseId, 'BELOW_ZERO', share.sub(applied));
      layer.remainingValue = layer.remainingValue.add(applied);
      layer.unitCost = unitCostOf(layer.remainingValue, layer.remaining);
      const key = keyOf(layer.warehouseId, layer.bucket);
      layerValue.set(key, (layerValue.get(key) ?? ZERO).add(applied));
    }
    // The units gone: by the outbound rows that took them and did not bring them back, per warehouse they left.
    const goneShare = r.amount.sub(inShare);
    const gone = this.goneOf(r.receiptId);
    const byWarehouse = new Map<string, { quantity: Decimal; movementIds: string[] }>();
    for (const g of gone) {
      const warehouseId = this.outWarehouse.get(g.movementId) ?? root.warehouseId;
      const had = byWarehouse.get(warehouseId) ?? { quantity: ZERO, movementIds: [] };
      had.quantity = had.quantity.add(g.quantity);
      if (!had.movementIds.includes(g.movementId)) had.movementIds.push(g.movementId);
      byWarehouse.set(warehouseId, had);
    }
    const goneTotal = [...byWarehouse.values()].reduce((sum, g) => sum.add(g.quantity), ZERO);
    if (goneTotal.isZero()) toCos(root.warehouseId, 'SOLD', goneShare);
    else {
      let rest = goneShare;
      let restQuantity = goneTotal;
      for (const [warehouseId, g] of [...byWarehouse].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const share = g.quantity.eq(restQuantity) ? rest : roundValue(goneShare.mul(g.quantity).div(goneTotal));
        rest = rest.sub(share);
        restQuantity = restQuantity.sub(g.quantity);
        toCos(warehouseId, 'SOLD', share, g.movementIds);
      }
    }
    const layers = [...layerValue]
      .filter(([, value]) => !value.isZero())
      .map(([key, value]) => {
        const [warehouseId, bucket] = key.split('|') as [string, Bucket];
        return { warehouseId, bucket, value };
      });
    return {
      value: layers.reduce((sum, l) => sum.add(l.value), ZERO),
      slices: [],
      revaluations: [],
      created: [],
      costChange: { layers, costOfSales: [...cos.values()] },
    };
  }

  /** The units of a root gone for good: taken by outbound rows and not brought back, or settling a deficit. */
  private goneOf(rootId: string): { movementId: string; quantity: Decimal }[] {
    const out: { movementId: string; quantity: Decimal }[] = [...(this.absorbed.get(rootId) ?? [])];
    for (const [movementId, slices] of this.slicesOf) {
      // What has come back of a row came back slice by slice, in order (linkedPieces).
      let back = this.linkedBack.get(movementId) ?? ZERO;
      for (const s of slices) {
        const returned = Decimal.min(back, s.quantity);
        back = back.sub(returned);
        const q = s.quantity.sub(returned);
        if (s.root === rootId && q.gt(0)) out.push({ movementId, quantity: q });
      }
    }
    return out;
  }

  private outbound(m: EngineMovement): StepResult {
    if (m.takesFrom) return this.takeBack(m, m.takesFrom);
    const key = keyOf(m.warehouseId, m.bucket);
    const list = this.layers.get(key) ?? [];
    const want = m.quantity.neg();
    const open = list.reduce((sum, l) => sum.add(l.remaining), ZERO);
    if (open.lt(want) && !m.allowDeficit)
      throw new FifoError(
        'INSUFFICIENT_STOCK',
        `Only ${open.toFixed()} in stock, ${want.toFixed()} asked for.`,
        { available: open.toFixed(), requested: want.toFixed() },
        { movementId: m.id, postedAt: m.postedAt, quantity: m.quantity },
      );
    const slices: Slice[] = [];
    let left = want;
    let total = ZERO;
    while (left.gt(0) && list.length > 0) {
      const layer = list[0] as Layer;
      const q = Decimal.min(left, layer.remaining);
      const slice = takeSlice(layer, q, slices.length);
      slices.push(slice);
      total = total.add(slice.value);
      left = left.sub(q);
      if (!layer.ownerId) this.lastCost.set(key, layer.unitCost);
      if (layer.remaining.isZero()) list.shift();
    }
    const created: Layer[] = [];
    if (left.gt(0)) {
      const unitCost = this.lastCost.get(key) ?? m.fallbackUnitCost ?? ZERO;
      const value = roundValue(left.mul(unitCost));
      const deficit: Layer = {
        originMovementId: m.id,
        seq: 0,
        warehouseId: m.warehouseId,
        bucket: m.bucket,
        ownerId: null,
        receivedAt: m.postedAt,
        unitCost,
        quantity: left.neg(),
        remaining: left.neg(),
        remainingValue: value.neg(),
        root: m.id,
      };
      this.insert(deficit);
      created.push(deficit);
      slices.push({
        seq: slices.length,
        layerMovementId: m.id,
        layerSeq: 0,
        ownerId: null,
        receivedAt: m.postedAt,
        unitCost,
        quantity: left,
        value,
        isDeficit: true,
        root: m.id,
      });
      total = total.add(value);
    }
    this.slicesOf.set(m.id, slices);
    // Copies: a settlement later changes the kept deficit slice, not what this step answered.
    return { value: total.neg(), slices: slices.map((x) => ({ ...x })), revaluations: [], created };
  }

  /** A reversal of an inbound row: the layers that row made are taken back whole, whatever is older. */
  private takeBack(m: EngineMovement, originId: string): StepResult {
    const key = keyOf(m.warehouseId, m.bucket);
    const all = this.layers.get(key) ?? [];
    const own = all.filter((l) => l.originMovementId === originId);
    const want = m.quantity.neg();
    const open = own.reduce((sum, l) => sum.add(l.remaining), ZERO);
    if (open.lt(want))
      throw new FifoError(
        'RETURN_EXCEEDS_ISSUE',
        `Only ${open.toFixed()} of what movement ${originId} brought in is still in stock, ${want.toFixed()} asked for.`,
        { movementId: originId, remaining: open.toFixed(), requested: want.toFixed() },
        { movementId: m.id, postedAt: m.postedAt, quantity: m.quantity },
      );
    const slices: Slice[] = [];
    let left = want;
    let total = ZERO;
    for (const layer of own) {
      if (left.isZero()) break;
      const q = Decimal.min(left, layer.remaining);
      const slice = takeSlice(layer, q, slices.length);
      slices.push(slice);
      total = total.add(slice.value);
      left = left.sub(q);
    }
    this.layers.set(
      key,
      all.filter((l) => !l.remaining.isZero()),
    );
    this.slicesOf.set(m.id, slices);
    return { value: total.neg(), slices: slices.map((x) => ({ ...x })), revaluations: [], created: [] };
  }

  private inbound(m: EngineMovement): StepResult {
    const cost = m.cost;
    if (!cost) throw new FifoError('UNIT_COST_REQUIRED', 'An increase of stock needs a unit cost.');
    // The pieces coming in, each with its cost, date and owner.
    let pieces: {
      quantity: Decimal;
      value: Decimal;
      unitCost: Decimal;
      receivedAt: string;
      ownerId: string | null;
      root?: string;
    }[];
    if ('linkedTo' in cost) {
      const slices = this.slicesOf.get(cost.linkedTo);
      if (!slices) throw new FifoError('LINK_NOT_FOUND', `Movement ${cost.linkedTo} took no stock to bring back.`);
      pieces = this.linkedPieces(cost.linkedTo, slices, m.quantity);
    } else {
      const value =
        'unitCost' in cost ? roundValue(m.quantity.mul(m.ownerId ? ZERO : cost.unitCost)) : roundValue(cost.value);
      const unitCost = 'unitCost' in cost && !m.ownerId ? cost.unitCost : unitCostOf(value, m.quantity);
      pieces = [
        { quantity: m.quantity, value, unitCost, receivedAt: m.postedAt, ownerId: m.ownerId ?? null, root: m.id },
      ];
      this.roots.set(m.id, { quantity: m.quantity, warehouseId: m.warehouseId, ownerId: m.ownerId ?? null });
    }
    const key = keyOf(m.warehouseId, m.bucket);
    const value = pieces.reduce((sum, p) => sum.add(p.value), ZERO);
    // Read before deficits are settled (which lowers the pieces' quantities): what came back, whoever it fills.
    const consignedBack =
      'linkedTo' in cost
        ? pieces
            .filter((p) => p.ownerId && p.quantity.gt(0))
            .map((p) => ({ ownerId: p.ownerId as string, root: p.root ?? null, quantity: p.quantity }))
        : [];
    // Every own piece is the newest known cost, even one a deficit absorbs whole.
    for (const p of pieces) if (!p.ownerId) this.lastCost.set(key, p.unitCost);
    const revaluations = this.settleDeficits(key, pieces, m);
    const created: Layer[] = [];
    pieces.forEach((p, seq) => {
      if (p.quantity.isZero()) return;
      const layer: Layer = {
        originMovementId: m.id,
        seq,
        warehouseId: m.warehouseId,
        bucket: m.bucket,
        ownerId: p.ownerId,
        receivedAt: p.receivedAt,
        unitCost: p.unitCost,
        quantity: p.quantity,
        remaining: p.quantity,
        remainingValue: p.value,
        ...(p.root ? { root: p.root } : {}),
      };
      this.insert(layer);
      created.push(layer);
    });
    return { value, slices: [], revaluations, created, ...(consignedBack.length ? { consignedBack } : {}) };
  }

  /** The slices of an outbound row not yet brought back, up to `quantity`, in order. */
  private linkedPieces(outId: string, slices: Slice[], quantity: Decimal) {
    const given = slices.reduce((sum, s) => sum.add(s.quantity), ZERO);
    const back = this.linkedBack.get(outId) ?? ZERO;
    if (back.add(quantity).gt(given))
      throw new FifoError(
        'RETURN_EXCEEDS_ISSUE',
        `Only ${given.sub(back).toFixed()} of what movement ${outId} took can still come back, not ${quantity.toFixed()}.`,
        { movementId: outId, remaining: given.sub(back).toFixed(), requested: quantity.toFixed() },
      );
    this.linkedBack.set(outId, back.add(quantity));
    const pieces: {
      quantity: Decimal;
      value: Decimal;
      unitCost: Decimal;
      receivedAt: string;
      ownerId: string | null;
      root?: string;
    }[] = [];
    // What has come back of a slice is worth its value pro rata of the quantity back so far (all of it once all
    // is back). Only the quantity brought back is stored, not how it was split, so each return is valued as the
    // difference of two such amounts: the returns of a slice then add up to exactly its value, however many.
    const worthBack = (s: Slice, q: Decimal) =>
      q.eq(s.quantity) ? s.value : roundValue(s.value.mul(q).div(s.quantity));
    let skip = back;
    let left = quantity;
    for (const s of slices) {
      if (left.isZero()) break;
      const already = Decimal.min(skip, s.quantity);
      skip = skip.sub(already);
      const q = Decimal.min(left, s.quantity.sub(already));
      if (q.isZero()) continue;
      const value = worthBack(s, already.add(q)).sub(worthBack(s, already));
      // A deficit slice may have been settled since: its units come back at what they are worth now.
      const unitCost = s.isDeficit ? unitCostOf(value, q) : s.unitCost;
      pieces.push({
        quantity: q,
        value,
        unitCost,
        receivedAt: s.receivedAt,
        ownerId: s.ownerId,
        ...(s.root ? { root: s.root } : {}),
      });
      left = left.sub(q);
    }
    return pieces;
  }

  /**
   * Incoming pieces settle the deficits of their warehouse and bucket first, oldest first: the deficit's
   * outbound row is revalued by what the units really cost less their provisional value.
   */
  /**
   * The outbound row's deficit slice is worth what its settled units really cost (`change`: the revaluation of
   * the row, negative when the units cost more). A posting that does not hold the row's slices has the database
   * do the same (stock.repository.ts#settleDeficitSlices).
   */
  private settleSlice(movementId: string, change: Decimal) {
    const deficit = this.slicesOf.get(movementId)?.find((x) => x.isDeficit);
    if (deficit) deficit.value = deficit.value.sub(change);
  }

  private settleDeficits(
    key: string,
    pieces: { quantity: Decimal; value: Decimal; root?: string }[],
    m: EngineMovement,
  ): Revaluation[] {
    const deficits = this.deficits.get(key);
    if (!deficits?.length) return [];
    const byMovement = new Map<string, Decimal>();
    for (const piece of pieces) {
      while (piece.quantity.gt(0) && deficits.length > 0) {
        const deficit = deficits[0] as Layer;
        const owed = deficit.remaining.neg();
        const q = Decimal.min(owed, piece.quantity);
        const realValue = q.eq(piece.quantity) ? piece.value : roundValue(piece.value.mul(q).div(piece.quantity));
        piece.quantity = piece.quantity.sub(q);
        piece.value = piece.value.sub(realValue);
        if (piece.root) {
          const list = this.absorbed.get(piece.root) ?? [];
          list.push({ movementId: deficit.originMovementId, quantity: q });
          this.absorbed.set(piece.root, list);
        }
        const provisional = q.eq(owed)
          ? deficit.remainingValue.neg()
          : roundValue(deficit.remainingValue.neg().mul(q).div(owed));
        deficit.remaining = deficit.remaining.add(q);
        deficit.remainingValue = deficit.remainingValue.add(provisional);
        const change = realValue.sub(provisional).neg();
        if (!change.isZero()) {
          byMovement.set(deficit.originMovementId, (byMovement.get(deficit.originMovementId) ?? ZERO).add(change));
          this.settleSlice(deficit.originMovementId, change);
        }
        if (deficit.remaining.isZero()) deficits.shift();
      }
    }
    const [warehouseId, bucket] = key.split('|') as [string, Bucket];
    return [...byMovement].map(([movementId, value]) => ({
      movementId,
      warehouseId,
      bucket,
      effectiveAt: m.postedAt,
      value,
    }));
  }
}

export function unitCostOf(value: Decimal, quantity: Decimal): Decimal {
  return quantity.isZero() ? ZERO : value.div(quantity).toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_HALF_UP);
}

export interface ReplayEntry {
  movementId: string;
  warehouseId: string;
  bucket: Bucket;
  effectiveAt: string;
  value: Decimal;
}

export interface ReplayResult {
  /** Each row's own value (by movement id). */
  values: Map<string, Decimal>;
  /** Every value change as the ledger should hold it: rows at their date, then settlements at theirs. */
  entries: ReplayEntry[];
  slices: Map<string, Slice[]>;
  layers: Layer[];
  lastCosts: { warehouseId: string; bucket: Bucket; unitCost: Decimal }[];
  /** What the cost changes in the history sent to cost of sales, per change, warehouse and cause. */
  costOfSales: CostOfSalesShare[];
  /** Linked inbound rows that brought back supplier-owned units (StepResult.consignedBack), by movement id. */
  consignedBack: Map<string, NonNullable<StepResult['consignedBack']>>;
}

/** Replays a product's rows in posting order (posted_at, then id) from nothing. */
export function replay(movements: EngineMovement[]): ReplayResult {
  const state = new FifoState();
  const values = new Map<string, Decimal>();
  const entries: ReplayEntry[] = [];
  // Sorted here, not trusted from the caller: a backdated row has the newest id but an earlier date.
  const costOfSales: CostOfSalesShare[] = [];
  const consignedBack = new Map<string, NonNullable<StepResult['consignedBack']>>();
  for (const m of [...movements].sort(ledgerOrder)) {
    const r = state.apply(m);
    if (r.consignedBack) consignedBack.set(m.id, r.consignedBack);
    if (m.revalue && r.costChange) {
      // Its rows per warehouse and bucket, keyed so that the ledger's LANDED_COST / PRICE_DIFFERENCE rows match.
      for (const l of r.costChange.layers)
        entries.push({
          movementId: costChangeKey(m.revalue.kind, m.revalue.receiptId, l.warehouseId, l.bucket),
          warehouseId: l.warehouseId,
          bucket: l.bucket,
          effectiveAt: m.postedAt,
          value: l.value,
        });
      costOfSales.push(...r.costChange.costOfSales);
      continue;
    }
    values.set(m.id, r.value);
    entries.push({
      movementId: m.id,
      warehouseId: m.warehouseId,
      bucket: m.bucket,
      effectiveAt: m.postedAt,
      value: r.value,
    });
    for (const rv of r.revaluations) entries.push(rv);
  }
  // The slices as the state holds them at the end: deficit slices carry their settlements.
  return {
    values,
    entries,
    slices: state.takenSlices(),
    layers: state.openLayers(),
    lastCosts: state.lastCosts(),
    costOfSales,
    consignedBack,
  };
}

/** Orders rows as the ledger does: posted_at, then id. */
export function ledgerOrder<T extends { postedAt: string; id: string }>(a: T, b: T): number {
  if (a.postedAt !== b.postedAt) return a.postedAt < b.postedAt ? -1 : 1;
  const ai = BigInt(a.id);
  const bi = BigInt(b.id);
  return ai === bi ? 0 : ai < bi ? -1 : 1;
}
