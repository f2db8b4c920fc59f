import { ProductErrorCode, WHOLE_UNIT } from '@backoffice/contracts';
import { AppError, conflict, unprocessable } from '../../platform/errors.ts';

/**
 * The rules of a product that need other records (the schema checks the rest): each takes what the
 * repository loaded and throws the error a person can act on.
 */

export interface ComponentCandidate {
  id: string;
  sku: string;
  kind: string;
  unit: string;
}

/** A bundle's components exist, are not the bundle itself, are stock items and have whole quantities when counted in units. */
export function checkComponents(
  selfId: string | undefined,
  components: readonly { productId: string; quantity: string }[],
  found: readonly ComponentCandidate[],
): void {
  if (selfId && components.some((c) => c.productId === selfId))
    throw unprocessable(ProductErrorCode.PRODUCT_COMPONENT_SELF, 'A bundle cannot be a component of itself.');
  const byId = new Map(found.map((f) => [f.id, f]));
  const unknown = components.filter((c) => !byId.has(c.productId)).map((c) => c.productId);
  if (unknown.length)
    throw unprocessable(
      ProductErrorCode.PRODUCT_COMPONENT_UNKNOWN,
      `${unknown.length === 1 ? 'A chosen component does' : 'Some chosen components do'} not exist.`,
      { productIds: unknown },
    );
  const notStock = found.filter((f) => f.kind !== 'STOCK');
  if (notStock.length) {
    const skus = notStock.map((f) => f.sku);
    throw unprocessable(
      ProductErrorCode.PRODUCT_COMPONENT_NOT_STOCK_ITEM,
      `A bundle is made of stock items only; ${skus.join(', ')} ${skus.length === 1 ? 'is' : 'are'} not.`,
      { skus: skus.join(', ') },
    );
  }
  const fractional = components
    .filter((c) => byId.get(c.productId)?.unit === WHOLE_UNIT && /\.\d*[1-9]/.test(c.quantity))
    .map((c) => byId.get(c.productId)?.sku ?? c.productId);
  if (fractional.length)
    throw unprocessable(
      ProductErrorCode.PRODUCT_COMPONENT_QUANTITY_NOT_WHOLE,
      `${fractional.join(', ')} ${fractional.length === 1 ? 'is' : 'are'} counted in units: use a whole quantity.`,
      { skus: fractional.join(', ') },
    );
}

/** A product in bundles stays a stock item: a bundle holds stock items only. */
export function checkKindChange(previousKind: string, kind: string, bundlesUsing: number, sku: string): void {
  if (previousKind === 'STOCK' && kind !== 'STOCK' && bundlesUsing > 0)
    throw conflict(
      ProductErrorCode.PRODUCT_USED_AS_COMPONENT,
      `${sku} is a component of ${bundlesUsing} bundle${bundlesUsing === 1 ? '' : 's'}, so it stays a stock item. Take it out of them first.`,
      { count: bundlesUsing },
    );
}

export interface ImageCandidate {
  id: string;
  file_name: string;
  kind: string;
  uploaded_by: string;
  attached_entity: string | null;
  attached_id: string | null;
}

const IMAGE_KINDS = new Set(['png', 'jpeg', 'gif', 'webp', 'bmp', 'tiff', 'avif']);

/**
 * Images are uploads of the current user not yet attached elsewhere, or images this product
 * already shows; only raster image files. Answers the file ids in the order asked.
 */
export function checkImages(
  fileNames: readonly string[],
  found: readonly ImageCandidate[],
  userId: string,
  productId: string | undefined,
): string[] {
  const byName = new Map(found.map((f) => [f.file_name, f]));
  const ids: string[] = [];
  for (const name of fileNames) {
    const file = byName.get(name);
    const ours = productId !== undefined && file?.attached_entity === 'product' && file.attached_id === productId;
    // Someone else's unattached upload is treated as unknown: its existence is not revealed.
    if (!file || (!ours && !file.attached_entity && file.uploaded_by !== userId))
      throw unprocessable(ProductErrorCode.PRODUCT_IMAGE_UNKNOWN, 'An image was not found. Upload it again.', {
        fileName: name,
      });
    if (file.attached_entity && !ours)
      throw conflict(
        ProductErrorCode.PRODUCT_IMAGE_TAKEN,
        'An image already belongs to another record. Upload it again.',
        {
          fileName: name,
        },
      );
    if (!IMAGE_KINDS.has(file.kind))
      throw new AppError(
        415,
        ProductErrorCode.PRODUCT_IMAGE_NOT_IMAGE,
        'Only images (PNG, JPEG, GIF, WebP, BMP, TIFF, AVIF) can be product images.',
        { fileName: name, kind: file.kind },
      );
    ids.push(file.id);
  }
  return ids;
}
