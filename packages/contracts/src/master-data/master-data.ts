import { z } from 'zod';
import { PageQuery } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';

/** The rules every master-data code follows; the web form mirrors them. */
export const CODE_MAX_LENGTH = 30;
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const NAME_MAX_LENGTH = 120;

/** A code: 1–30 letters, digits, - or _, stored upper-case (so unique regardless of case). */
export const MasterDataCode = singleLine(
  z
    .string()
    .trim()
    .min(1, 'a code is needed')
    .max(CODE_MAX_LENGTH, `a code has at most ${CODE_MAX_LENGTH} characters`)
    .regex(CODE_PATTERN, 'a code uses letters, digits, - and _ only')
    .toUpperCase(),
);

export const MasterDataName = singleLine(
  z.string().trim().min(1, 'a name is needed').max(NAME_MAX_LENGTH, `a name has at most ${NAME_MAX_LENGTH} characters`),
);

/** Search, active filter and sort of a code/name list: what the list and its export share. */
export const MasterDataFilter = z.object({
  q: PageQuery.shape.q,
  sort: PageQuery.shape.sort,
  active: z.enum(['true', 'false']).optional(),
});
export type MasterDataFilter = z.infer<typeof MasterDataFilter>;

export const MasterDataListQuery = PageQuery.extend(MasterDataFilter.shape);
export type MasterDataListQuery = z.infer<typeof MasterDataListQuery>;

/** Why a record cannot be deleted: who refers to it and how often (details of a 409 IN_USE). */
export const ReferenceCount = z.object({ entity: z.string(), count: z.number().int() });
export type ReferenceCount = z.infer<typeof ReferenceCount>;
