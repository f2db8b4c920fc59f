import { z } from 'zod';
import { COUNTRY_CODES } from '../warehouses/countries.ts';
import { optionalText, requiredText } from './fields.ts';

export { PARTNER_EMAIL_PATTERN, PARTNER_LIMITS, PARTNER_PHONE_PATTERN } from './fields.ts';

/**
 * What business partners and customers share: countries, postcodes, VAT numbers, e-mail addresses,
 * phone numbers and postal addresses. The checks are plain functions so that the web form runs the
 * very same rules as the server.
 */

// The ISO 3166-1 alpha-2 list is the one warehouse addresses use.
const COUNTRIES: ReadonlySet<string> = new Set(COUNTRY_CODES);
/** The countries an address can be in, for pickers. */
export const ADDRESS_COUNTRIES: readonly string[] = COUNTRY_CODES;
/** Whether a text is an ISO 3166-1 alpha-2 country code (upper-case). */
export const isAddressCountry = (value: string) => COUNTRIES.has(value);

/** The country a new address starts with. */
export const ADDRESS_HOME_COUNTRY = 'GB';

export const AddressCountry = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isAddressCountry, 'a country is its ISO 3166-1 two-letter code, e.g. GB');

// ---------------------------------------------------------------------------------------------
// Postcodes

/**
 * A UK postcode (Royal Mail's format: outward code, a space, inward code), e.g. SW1A 1AA, M1 1AE,
 * plus GIR 0AA. Letters that never occur in a position are refused.
 */
const UK_POSTCODE =
  /^(GIR0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])[0-9][ABD-HJLNP-UW-Z]{2})$/;
/** Elsewhere only a loose shape: letters, digits, spaces and hyphens. */
const OTHER_POSTCODE = /^[A-Z0-9](?:[A-Z0-9 -]{0,10}[A-Z0-9])?$/;

/** Whether a country's addresses are checked against the UK postcode format (and need one). */
export const hasUkPostcodes = (country: string) => country === 'GB';

/** Upper-case with single spaces; a UK postcode gets exactly one space before its inward code. */
export function normaliseAddressPostcode(postcode: string, country: string): string {
  const text = postcode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!hasUkPostcodes(country)) return text;
  const compact = text.replace(/ /g, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** What is wrong with a postcode in a country: not the UK format (`uk`), or other characters (`format`). */
export type PostcodeIssue = 'uk' | 'format';
const POSTCODE_MESSAGES: Record<PostcodeIssue, string> = {
  uk: 'not a UK postcode (e.g. SW1A 1AA)',
  format: 'a postcode uses letters, digits, spaces and - only',
};

/** Why a postcode cannot be used in a country, or null when it can (empty is checked separately). */
export function addressPostcodeIssue(postcode: string, country: string): PostcodeIssue | null {
  const text = postcode.trim().toUpperCase();
  if (hasUkPostcodes(country)) return UK_POSTCODE.test(text.replace(/\s+/g, '')) ? null : 'uk';
  return OTHER_POSTCODE.test(text.replace(/\s+/g, ' ')) ? null : 'format';
}

/** Why a postcode cannot be used in a country, as a sentence, or null when it can. */
export function addressPostcodeProblem(postcode: string, country: string): string | null {
  const issue = addressPostcodeIssue(postcode, country);
  return issue && POSTCODE_MESSAGES[issue];
}

// ---------------------------------------------------------------------------------------------
// VAT numbers

/**
 * The formats of the EU's VAT numbers as VIES lists them (after the country prefix; Greece is EL).
 * Checked loosely: the shape, not the check digits.
 */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};
/** GB (and XI, Northern Ireland): 9 or 12 digits, or a government department (GD) or health authority (HA). */
const UK_VAT = /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/;
/** Another country: its prefix, then 2–13 letters and digits. */
const OTHER_VAT = /^[A-Z0-9]{2,13}$/;

/** Upper-case, without spaces, dots or hyphens: "gb 123 4567 89" → "GB123456789". */
export function normaliseVatNumber(vatNumber: string): string {
  return vatNumber.toUpperCase().replace(/[\s.-]+/g, '');
}

/**
 * What is wrong with a VAT number: no known country prefix (`prefix`), not GB/XI's 9 or 12 digits
 * (`uk`), Greece written GR rather than EL (`greece`), or not its country's format (`format`).
 */
export type VatNumberIssue = 'prefix' | 'uk' | 'greece' | 'format';

/**
 * Why a VAT number is not one, or null. It starts with its country's prefix: GB or XI followed by 9 or
 * 12 digits; an EU country's by its format; any other country's code followed by letters and digits.
 */
export function vatNumberIssue(vatNumber: string): VatNumberIssue | null {
  const text = normaliseVatNumber(vatNumber);
  const prefix = text.slice(0, 2);
  const body = text.slice(2);
  if (prefix === 'GB' || prefix === 'XI') return UK_VAT.test(body) ? null : 'uk';
  if (!/^[A-Z]{2}$/.test(prefix) || !(isAddressCountry(prefix) || prefix === 'EL')) return 'prefix';
  if (prefix === 'GR') return 'greece';
  const format = EU_VAT_FORMATS[prefix] ?? OTHER_VAT;
  return format.test(body) ? null : 'format';
}

/** The sentence for a VAT number's issue. */
export function vatNumberMessage(issue: VatNumberIssue, vatNumber: string): string {
  const prefix = normaliseVatNumber(vatNumber).slice(0, 2);
  switch (issue) {
    case 'prefix':
      return 'a VAT number starts with its country code, e.g. GB123456789';
    case 'uk':
      return `a ${prefix} VAT number is ${prefix} followed by 9 or 12 digits`;
    case 'greece':
      return 'Greek VAT numbers start with EL';
    case 'format':
      return `not a valid ${prefix} VAT number`;
  }
}

/** Why a VAT number is not one, as a sentence, or null when it is. */
export function vatNumberProblem(vatNumber: string): string | null {
  const issue = vatNumberIssue(vatNumber);
  return issue && vatNumberMessage(issue, vatNumber);
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** What an address is for. Customers use billing and shipping only. */
export const PARTNER_ADDRESS_KINDS = ['billing', 'shipping', 'returns', 'remittance'] as const;
export const PartnerAddressKind = z.enum(PARTNER_ADDRESS_KINDS);
export type PartnerAddressKind = z.infer<typeof PartnerAddressKind>;
export const CUSTOMER_ADDRESS_KINDS = ['billing', 'shipping'] as const;

/** Lengths of an address's fields; the web form uses the same. */
export const POSTAL_ADDRESS_LIMITS = { line: 120, city: 80, county: 80, postcode: 12 } as const;

export const PostalAddress = z
  .object({
    id: z.uuid(),
    kind: PartnerAddressKind,
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    county: z.string().nullable(),
    postcode: z.string().nullable(),
    country: z.string(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'PostalAddress' });
export type PostalAddress = z.infer<typeof PostalAddress>;

/** An address as written: the postcode is checked for its country (UK format, and needed, in GB). */
export function postalAddressInput<const K extends readonly [PartnerAddressKind, ...PartnerAddressKind[]]>(kinds: K) {
  return z
    .object({
      kind: z.enum(kinds),
      line1: requiredText(POSTAL_ADDRESS_LIMITS.line, 'an address needs its first line'),
      line2: optionalText(POSTAL_ADDRESS_LIMITS.line),
      city: requiredText(POSTAL_ADDRESS_LIMITS.city, 'an address needs its town or city'),
      county: optionalText(POSTAL_ADDRESS_LIMITS.county),
      postcode: optionalText(POSTAL_ADDRESS_LIMITS.postcode),
      country: AddressCountry,
      isDefault: z.boolean().default(false),
    })
    .superRefine((a, ctx) => {
      if (!a.postcode) {
        if (hasUkPostcodes(a.country))
          ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'a UK address needs its postcode' });
        return;
      }
      const issue = addressPostcodeIssue(a.postcode, a.country);
      if (issue) ctx.addIssue({ code: 'custom', path: ['postcode'], message: POSTCODE_MESSAGES[issue] });
    })
    .transform((a) => ({ ...a, postcode: a.postcode && normaliseAddressPostcode(a.postcode, a.country) }));
}

/**
 * At most one default address of each kind; where a kind has addresses but none is marked, its first
 * becomes the default. Issues go on the list's path (`addresses.3.isDefault`).
 */
export function checkDefaultAddresses(
  addresses: readonly { kind: string; isDefault: boolean }[],
  ctx: z.RefinementCtx,
  path: string = 'addresses',
) {
  const seen = new Set<string>();
  addresses.forEach((a, i) => {
    if (!a.isDefault) return;
    if (seen.has(a.kind))
      ctx.addIssue({
        code: 'custom',
        path: [path, i, 'isDefault'],
        message: `only one ${a.kind} address can be the default`,
      });
    seen.add(a.kind);
  });
}

/** The addresses with each kind's default settled: the marked one, else the first of the kind. */
export function settleDefaultAddresses<A extends { kind: string; isDefault: boolean }>(addresses: readonly A[]): A[] {
  const marked = new Set(addresses.filter((a) => a.isDefault).map((a) => a.kind));
  const taken = new Set<string>();
  return addresses.map((a) => {
    const isDefault = marked.has(a.kind) ? a.isDefault : !taken.has(a.kind);
    taken.add(a.kind);
    return { ...a, isDefault };
  });
}

/** An address on one line, for lists and exports: "1 High St, Leeds, LS1 1AA, GB". */
export function postalAddressText(
  a: Pick<PostalAddress, 'line1' | 'line2' | 'city' | 'county' | 'postcode' | 'country'>,
) {
  return [a.line1, a.line2, a.city, a.county, a.postcode, a.country].filter(Boolean).join(', ');
}
