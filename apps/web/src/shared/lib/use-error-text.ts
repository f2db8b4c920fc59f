import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorDetails, isSilentError } from './errors.ts';
import { i18n } from './i18n.ts';
import type { ErrorCodeKey } from './i18n-keys.ts';

function isKnownCode(code: string): code is ErrorCodeKey {
  return i18n.exists(code, { ns: 'errors' });
}

/**
 * The message to show for an error: the translation of its code (`errors:<CODE>`, with the details
 * as interpolation values), else the server's own message. Null for errors already dealt with.
 */
export function useErrorText(): (error: unknown) => string | null {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      if (isSilentError(error)) return null;
      if (error instanceof ApiError) {
        if (isKnownCode(error.code)) return t(error.code, { ...errorDetails(error), defaultValue: error.message });
        return error.message || t('UNKNOWN');
      }
      return t('UNKNOWN');
    },
    [t],
  );
}
