import { z } from 'zod';

export const MAX_PAGE_SIZE = 200;

/** Query of every list endpoint: 1-based page, page size, free text, sort `field` or `-field`. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  q: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(/^-?[a-zA-Z][a-zA-Z0-9]*$/, 'sort is a field name, optionally prefixed by -')
    .optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A calendar day on the wire: YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD');
/** An instant on the wire: ISO 8601 with zone. */
export const IsoDateTime = z.string();
export const Uuid = z.uuid();
