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
/** A day of a list's filter: YYYY-MM-DD and a day of the calendar (2026-02-30 is refused). */
export const FilterDay = IsoDate.refine((d) => {
  const [y = 0, m = 0, dd = 0] = d.split('-').map((p) => Number.parseInt(p, 10));
  const date = new Date(Date.UTC(y, m - 1, dd));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === dd;
}, 'not a day of the calendar');
/**
 * A list filter's range of days (both included): the end is not before the start, else an issue on the end's field
 * (400 VALIDATION_FAILED). Days written YYYY-MM-DD compare as text.
 */
export const dayRange =
  <K extends string, L extends string>(from: K, to: L) =>
  (f: Partial<Record<K | L, string | undefined>>, ctx: z.RefinementCtx) => {
    const start = f[from];
    const end = f[to];
    if (start && end && end < start)
      ctx.addIssue({ code: 'custom', path: [to], message: `${to} (${end}) is before ${from} (${start})` });
  };
/** An instant on the wire: ISO 8601 with zone. */
export const IsoDateTime = z.string();
export const Uuid = z.uuid();
