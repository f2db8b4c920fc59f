import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordWeakness } from '@backoffice/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * The contracts' password rules as form rules, so the form says in the user's language what the API would
 * refuse (too short, too long, or one of the most common passwords). An empty value is left to `required`.
 */
export function passwordRules(t: TFunction<'users'>): FormRule[] {
  return [
    { max: PASSWORD_MAX_LENGTH, message: t('validation.maxLength', { max: PASSWORD_MAX_LENGTH }) },
    {
      validator: (_, value: unknown) => {
        if (typeof value !== 'string' || value === '') return Promise.resolve();
        const weakness = passwordWeakness(value);
        if (weakness === 'TOO_SHORT')
          return Promise.reject(new Error(t('validation.minLength', { min: PASSWORD_MIN_LENGTH })));
        if (weakness === 'COMMON') return Promise.reject(new Error(t('validation.passwordCommon')));
        return Promise.resolve();
      },
    },
  ];
}
