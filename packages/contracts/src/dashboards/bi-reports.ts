import { z } from 'zod';
import { MasterDataFilter } from '../master-data/master-data.ts';
import { endpoint } from '../platform/endpoint.ts';
import { PageQuery, pageOf, Uuid } from '../platform/pagination.ts';
import { singleLine } from '../platform/text.ts';

/**
 * Management Dashboards: the register of external BI reports (Power BI and the like) that Analytics shows in a
 * frame, each to the roles named on it. Only an https address may be registered, and the server lets the browser
 * frame only the origins of the active ones (content security policy frame-src).
 */

export const BiReportErrorCode = {
  /** Report names are unique, whatever the case. */
  BI_REPORT_NAME_TAKEN: 'BI_REPORT_NAME_TAKEN',
} as const;

export const BI_REPORT_NAME_MAX_LENGTH = 100;
export const BI_REPORT_URL_MAX_LENGTH = 2000;
export const BI_REPORT_DESCRIPTION_MAX_LENGTH = 500;
export const BI_REPORT_ROLES_MAX = 100;
export const BI_REPORT_SORT_ORDER_MAX = 9999;

export type EmbedUrlProblem = 'length' | 'characters' | 'url' | 'https' | 'credentials';

/** The WHATWG URL parser both the browser and Node provide (the contracts compile without DOM or Node types). */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  origin: string;
}
declare const URL: new (input: string) => ParsedUrl;

/**
 * Why an address cannot be embedded, or null when it can: at most 2000 characters, no spaces or control
 * characters (a URL parser would quietly drop some of them), an absolute URL, https, and no user name or password
 * in it (credentials in an address end up in browser history, logs and the Referer of every request).
 */
export function embedUrlProblem(value: string): EmbedUrlProblem | null {
  if (value.length > BI_REPORT_URL_MAX_LENGTH) return 'length';
  if (/[\s\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u.test(value)) return 'characters';
  let url: ParsedUrl;
  try {
    url = new URL(value);
  } catch {
    return 'url';
  }
  if (url.protocol !== 'https:') return 'https';
  if (!url.hostname) return 'url';
  if (url.username || url.password) return 'credentials';
  return null;
}

/** The origin the browser will be allowed to frame (https://host[:port]); undefined for an address that is not one. */
export function embedOriginOf(value: string): string | undefined {
  return embedUrlProblem(value) === null ? new URL(value).origin : undefined;
}

const EMBED_URL_MESSAGES: Record<EmbedUrlProblem, string> = {
  length: `an embed address has at most ${BI_REPORT_URL_MAX_LENGTH} characters`,
  characters: 'an embed address has no spaces or control characters',
  url: 'an embed address is a full web address, e.g. https://app.powerbi.com/reportEmbed?reportId=…',
  https: 'an embed address starts with https:// (plain http:// and other schemes cannot be framed)',
  credentials: 'an embed address holds no user name or password',
};

export const EmbedUrl = z
  .string()
  .trim()
  .min(1, 'an embed address is needed')
  .superRefine((value, ctx) => {
    const problem = embedUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: EMBED_URL_MESSAGES[problem] });
  });

export const BiReportInput = z.object({
  name: singleLine(
    z
      .string()
      .trim()
      .min(1, 'a report has a name')
      .max(BI_REPORT_NAME_MAX_LENGTH, `a name has at most ${BI_REPORT_NAME_MAX_LENGTH} characters`),
  ),
  embedUrl: EmbedUrl,
  description: z
    .string()
    .trim()
    .max(BI_REPORT_DESCRIPTION_MAX_LENGTH, `a description has at most ${BI_REPORT_DESCRIPTION_MAX_LENGTH} characters`)
    .default(''),
  /** The roles whose users see the report on Analytics. */
  roleIds: z
    .array(Uuid)
    .max(BI_REPORT_ROLES_MAX, `at most ${BI_REPORT_ROLES_MAX} roles`)
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  active: z.boolean().default(true),
  /** Lower first on Analytics; ties by name. */
  sortOrder: z
    .number()
    .int('a whole number')
    .min(0, 'not negative')
    .max(BI_REPORT_SORT_ORDER_MAX, `at most ${BI_REPORT_SORT_ORDER_MAX}`)
    .default(0),
});
export type BiReportInput = z.input<typeof BiReportInput>;

/** A role as the register names it. */
export const BiReportRole = z.object({ id: Uuid, name: z.string() }).meta({ id: 'BiReportRole' });
export type BiReportRole = z.infer<typeof BiReportRole>;
/** At most this many roles are offered to choose from (far more than a business has). */
export const BI_REPORT_ROLE_CHOICES_MAX = 500;

export const BiReport = z
  .object({
    id: Uuid,
    name: z.string(),
    embedUrl: z.string(),
    description: z.string(),
    roles: z.array(BiReportRole),
    active: z.boolean(),
    sortOrder: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BiReport' });
export type BiReport = z.infer<typeof BiReport>;

/** What a viewer gets: enough to show the report, nothing about who else sees it. */
export const VisibleBiReport = z
  .object({ id: Uuid, name: z.string(), embedUrl: z.string(), description: z.string() })
  .meta({ id: 'VisibleBiReport' });
export type VisibleBiReport = z.infer<typeof VisibleBiReport>;

export const BiReportFilter = MasterDataFilter.extend({ roleId: Uuid.optional() });
export type BiReportFilter = z.infer<typeof BiReportFilter>;
export const BiReportListQuery = PageQuery.extend(BiReportFilter.shape);
export type BiReportListQuery = z.infer<typeof BiReportListQuery>;
/** Sortable fields of the register. */
export const BI_REPORT_SORTS = ['name', 'sortOrder', 'updatedAt'] as const;

const IdParams = z.object({ id: Uuid });

export const biReportsApi = {
  listBiReports: endpoint({
    method: 'GET',
    path: '/api/bi-reports',
    permission: 'powerbi_dashboard_flow',
    tag: 'dashboards',
    summary: 'The registered BI reports, paged; searched by name, address or description; filtered by active and role',
    query: BiReportListQuery,
    response: pageOf(BiReport),
  }),
  visibleBiReports: endpoint({
    method: 'GET',
    path: '/api/bi-reports/visible',
    permission: ['powerbi_dashboard_view', 'powerbi_dashboard_flow'],
    tag: 'dashboards',
    summary:
      "The active reports the caller may see on Analytics: those naming one of the caller's roles (every active one with powerbi_dashboard_flow), in their order",
    response: z.object({ items: z.array(VisibleBiReport) }),
  }),
  biReportRoles: endpoint({
    method: 'GET',
    path: '/api/bi-reports/roles',
    permission: 'powerbi_dashboard_flow',
    tag: 'dashboards',
    summary: 'The roles a report may be shown to (id and name, by name), for whoever keeps the register',
    response: z.object({ items: z.array(BiReportRole) }),
  }),
  getBiReport: endpoint({
    method: 'GET',
    path: '/api/bi-reports/:id',
    permission: 'powerbi_dashboard_flow',
    tag: 'dashboards',
    summary: 'One registered BI report with its roles',
    params: IdParams,
    response: BiReport,
  }),
  createBiReport: endpoint({
    method: 'POST',
    path: '/api/bi-reports',
    permission: 'powerbi_dashboard_flow',
    tag: 'dashboards',
    summary:
      'Register a BI report (https address without credentials; roles that exist; name unique whatever the case)',
    body: BiReportInput,
    response: BiReport,
    status: 201,
    idempotent: true,
  }),
  updateBiReport: endpoint({
    method: 'PUT',
    path: '/api/bi-reports/:id',
    permission: 'powerbi_dashboard_flow',
    tag: 'dashboards',
    summary: 'Change a registered BI report; its roles are replaced by those sent',
    params: IdParams,
    body: BiReportInput,
    response: BiReport,
  }),
  deleteBiReport: endpoint({
    method: 'DELETE',
    path: '/api/bi-reports/:id',
    permission: 'powerbi_dashboard_flow',
    tag: 'dashboards',
    summary: 'Remove a BI report from the register (its address may no longer be framed)',
    params: IdParams,
    response: z.object({ ok: z.literal(true) }),
  }),
};
