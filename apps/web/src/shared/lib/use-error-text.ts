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
 * The error texts load after the first page is on screen (main.tsx), so a page never waits for them:
 * an error met before they arrive shows the server's own message, which is written for people too.
 */
export function useErrorText(): (error: unknown) => string | null {
  const { t, ready } = useTranslation('errors', { useSuspense: false });
  const unknown = ready ? t('UNKNOWN') : i18n.t('common:somethingWentWrong');
  return useCallback(
    (error: unknown) => {
      if (isSilentError(error)) return null;
      if (error instanceof ApiError) {
        if (isKnownCode(error.code)) return t(error.code, { ...errorDetails(error), defaultValue: error.message });
        return error.message || unknown;
      }
      return unknown;
    },
    [t, unknown],
  );
}
