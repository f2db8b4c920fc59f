import { useCallback, useMemo, useRef } from 'react';
import { uuid } from './uuid.ts';

/**
 * The Idempotency-Key of a create form: one per submission, reused when the same values are sent
 * again (a retry after a lost answer), renewed when the values change or after success.
 */
export function useSubmissionKey() {
  const current = useRef<{ key: string; payload: string } | null>(null);
  const keyFor = useCallback((payload: unknown) => {
    const json = JSON.stringify(payload);
    if (!current.current || current.current.payload !== json) current.current = { key: uuid(), payload: json };
    return current.current.key;
  }, []);
  const reset = useCallback(() => {
    current.current = null;
  }, []);
  return useMemo(() => ({ keyFor, reset }), [keyFor, reset]);
}
