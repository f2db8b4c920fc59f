import { QueryClient } from '@tanstack/react-query';
import { ApiError, isSilentError } from './errors.ts';

function shouldRetry(failures: number, error: unknown): boolean {
  if (isSilentError(error)) return false;
  // A 4xx answer will not change by asking again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
