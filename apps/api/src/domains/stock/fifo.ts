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
}

export class FifoError extends Error {
  constructor(
    readonly code: 'INSUFFICIENT_STOCK' | 'RETURN_EXCEEDS_ISSUE' | 'LINK_NOT_FOUND' | 'UNIT_COST_REQUIRED',
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
    if (m.quantity.isZero()) throw new Error('a ledger row moves a quantity');
    return m.quantity.isNegative() ? this.outbound(m) : this.inbound(m);
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
    let pieces: { quantity: Decimal; value: Decimal; unitCost: Decimal; receivedAt: string; ownerId: string | null }[];
    if ('linkedTo' in cost) {
      const slices = this.slicesOf.get(cost.linkedTo);
      if (!slices) throw new FifoError('LINK_NOT_FOUND', `Movement ${cost.linkedTo} took no stock to bring back.`);
      pieces = this.linkedPieces(cost.linkedTo, slices, m.quantity);
    } else {
      const value =
        'unitCost' in cost ? roundValue(m.quantity.mul(m.ownerId ? ZERO : cost.unitCost)) : roundValue(cost.value);
      const unitCost = 'unitCost' in cost && !m.ownerId ? cost.unitCost : unitCostOf(value, m.quantity);
      pieces = [{ quantity: m.quantity, value, unitCost, receivedAt: m.postedAt, ownerId: m.ownerId ?? null }];
    }
    const key = keyOf(m.warehouseId, m.bucket);
    const value = pieces.reduce((sum, p) => sum.add(p.value), ZERO);
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
      };
      this.insert(layer);
      created.push(layer);
    });
    return { value, slices: [], revaluations, created };
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
      pieces.push({ quantity: q, value, unitCost, receivedAt: s.receivedAt, ownerId: s.ownerId });
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
    pieces: { quantity: Decimal; value: Decimal }[],
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
}

/** Replays a product's rows in posting order (posted_at, then id) from nothing. */
export function replay(movements: EngineMovement[]): ReplayResult {
  const state = new FifoState();
  const values = new Map<string, Decimal>();
  const entries: ReplayEntry[] = [];
  // Sorted here, not trusted from the caller: a backdated row has the newest id but an earlier date.
  for (const m of [...movements].sort(ledgerOrder)) {
    const r = state.apply(m);
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
  return { values, entries, slices: state.takenSlices(), layers: state.openLayers(), lastCosts: state.lastCosts() };
}

/** Orders rows as the ledger does: posted_at, then id. */
export function ledgerOrder<T extends { postedAt: string; id: string }>(a: T, b: T): number {
  if (a.postedAt !== b.postedAt) return a.postedAt < b.postedAt ? -1 : 1;
  const ai = BigInt(a.id);
  const bi = BigInt(b.id);
  return ai === bi ? 0 : ai < bi ? -1 : 1;
}
