import {
  addressPostcodeIssue,
  hasUkPostcodes,
  normaliseVatNumber,
  PARTNER_EMAIL_PATTERN,
  PARTNER_PHONE_PATTERN,
  vatNumberIssue,
} from '@backoffice/contracts';
import type { FormInstance, FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The contracts' rules as antd form rules, with translated messages: the same functions and patterns
 * the server checks with, so a form refuses exactly what the server would.
 */
export function usePartnerRules() {
  const { t } = useTranslation('partners');
  const { t: tc } = useTranslation();
  return useMemo(() => {
    const check =
      (test: (value: string) => string | null): RuleObject['validator'] =>
      async (_rule, value: unknown) => {
        const v = text(value);
        const message = v ? test(v) : null;
        if (message) throw new Error(message);
      };
    return {
      required: { required: true, whitespace: true, message: tc('form.required') } satisfies FormRule,
      max: (max: number): FormRule => ({ max, message: t('validation.maxLength', { max }) }),
      email: {
        validator: check((v) => (PARTNER_EMAIL_PATTERN.test(v) ? null : t('validation.email'))),
      } satisfies FormRule,
      phone: {
        validator: check((v) => (PARTNER_PHONE_PATTERN.test(v.replace(/\s+/g, ' ')) ? null : t('validation.phone'))),
      } satisfies FormRule,
      vatNumber: {
        validator: check((v) => {
          const issue = vatNumberIssue(v);
          if (!issue) return null;
          const prefix = normaliseVatNumber(v).slice(0, 2);
          return t(`validation.vat.${issue}`, { prefix });
        }),
      } satisfies FormRule,
      /** The postcode of the address whose country is at `countryPath`: UK format and needed in GB. */
      postcode:
        (countryPath: NamePath) =>
        (form: Pick<FormInstance, 'getFieldValue'>): RuleObject => ({
          validator: async (_rule, value: unknown) => {
            const country = String(form.getFieldValue(countryPath) ?? '');
            const v = text(value);
            if (!v) {
              if (hasUkPostcodes(country)) throw new Error(t('validation.postcodeRequired'));
              return;
            }
            const issue = addressPostcodeIssue(v, country);
            if (issue) throw new Error(t(`validation.postcode.${issue}`));
          },
        }),
    };
  }, [t, tc]);
}

/** Trimmed text, or null when empty: how optional fields travel. */
export function optional(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}
