import type { Product, ProductInput, ProductKind, UnitOfMeasure } from '@backoffice/contracts';
import { compareDecimalText, WHOLE_UNIT } from '@backoffice/contracts';
import { issueFields } from '../../../shared/ui/kit/form-errors.ts';

/** An image of the form: a stored upload, shown by its URL. */
export interface ImageValue {
  fileName: string;
  originalName: string;
  url: string;
}

export interface ComponentValue {
  productId?: string;
  quantity: string;
}

/** The form's values: decimals stay text, as the API takes them (never numbers). */
export interface ProductFormValues {
  sku: string;
  name: string;
  brandId: string | null;
  unit: UnitOfMeasure;
  kind: ProductKind;
  barcodes: string[];
  components: ComponentValue[];
  costPrice: string;
  salePrice: string;
  vatRate: string;
  weightKg: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
  reorderPoint: string;
  reorderQuantity: string;
  images: ImageValue[];
  active: boolean;
}

export const NEW_PRODUCT: ProductFormValues = {
  sku: '',
  name: '',
  brandId: null,
  unit: 'Unit',
  kind: 'STOCK',
  barcodes: [],
  components: [],
  costPrice: '0',
  salePrice: '0',
  vatRate: '20',
  weightKg: '',
  lengthCm: '',
  widthCm: '',
  heightCm: '',
  reorderPoint: '0',
  reorderQuantity: '0',
  images: [],
  active: true,
};

export function formValuesOf(p: Product): ProductFormValues {
  return {
    sku: p.sku,
    name: p.name,
    brandId: p.brand?.id ?? null,
    unit: p.unit,
    kind: p.kind,
    barcodes: p.barcodes.map((b) => b.barcode),
    components: p.components.map((c) => ({ productId: c.productId, quantity: c.quantity })),
    costPrice: p.costPrice,
    salePrice: p.salePrice,
    vatRate: p.vatRate,
    weightKg: p.weightKg ?? '',
    lengthCm: p.lengthCm ?? '',
    widthCm: p.widthCm ?? '',
    heightCm: p.heightCm ?? '',
    reorderPoint: p.reorderPoint,
    reorderQuantity: p.reorderQuantity,
    images: p.images.map((i) => ({ fileName: i.fileName, originalName: i.originalName, url: i.url })),
    active: p.active,
  };
}

const text = (v: string | undefined | null) => (v ?? '').trim();
const optional = (v: string | undefined | null) => text(v) || null;

/** What the API is sent; components only for a bundle (switching kind away drops them). */
export function inputOf(v: ProductFormValues): ProductInput {
  return {
    sku: text(v.sku).toUpperCase(),
    name: text(v.name),
    brandId: v.brandId ?? null,
    unit: v.unit,
    kind: v.kind,
    barcodes: (v.barcodes ?? []).map(text).filter(Boolean),
    components:
      v.kind === 'BUNDLE'
        ? (v.components ?? []).map((c) => ({ productId: c.productId ?? '', quantity: text(c.quantity) }))
        : [],
    costPrice: text(v.costPrice) || '0',
    salePrice: text(v.salePrice) || '0',
    vatRate: text(v.vatRate) || '0',
    weightKg: optional(v.weightKg),
    lengthCm: optional(v.lengthCm),
    widthCm: optional(v.widthCm),
    heightCm: optional(v.heightCm),
    reorderPoint: text(v.reorderPoint) || '0',
    reorderQuantity: text(v.reorderQuantity) || '0',
    images: (v.images ?? []).map((i) => i.fileName),
    active: v.active,
  };
}

/** The contracts' decimal rules (platform/decimal.ts), mirrored for the form's own messages. */
export interface DecimalSpec {
  scale: number;
  precision?: number;
  positive?: boolean;
  max?: string;
  /** Whole numbers only (quantities of a product counted in units). */
  whole?: boolean;
}
export type DecimalProblem = 'format' | 'positive' | 'max' | 'whole';

export const MONEY: DecimalSpec = { scale: 2 };
export const UNIT_COST: DecimalSpec = { scale: 4 };
export const QUANTITY: DecimalSpec = { scale: 4 };
export const PERCENTAGE: DecimalSpec = { scale: 2, precision: 3, max: '100' };
export const WEIGHT: DecimalSpec = { scale: 3, precision: 6 };
export const DIMENSION: DecimalSpec = { scale: 2, precision: 6 };

export function decimalProblem(value: string, spec: DecimalSpec): DecimalProblem | undefined {
  const v = value.trim();
  const pattern = new RegExp(`^\\d{1,${spec.precision ?? 12}}${spec.scale > 0 ? `(\\.\\d{1,${spec.scale}})?` : ''}$`);
  if (!pattern.test(v)) return 'format';
  if (spec.positive && !/[1-9]/.test(v)) return 'positive';
  if (spec.max !== undefined && compareDecimalText(v, spec.max) > 0) return 'max';
  if (spec.whole && /\.\d*[1-9]/.test(v)) return 'whole';
  return undefined;
}

export const isWholeUnit = (unit: string | undefined) => unit === WHOLE_UNIT;

/** A field of the form: its name path and the message to show under it. */
export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** The fields a 400 VALIDATION_FAILED names (`details.issues[].path`), so an unforeseen refusal shows on its field. */
export function serverFieldErrors(error: unknown): FieldError[] {
  return issueFields(error, Object.keys(NEW_PRODUCT));
}
