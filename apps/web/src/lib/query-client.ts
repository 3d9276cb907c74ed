import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';
import { showErrorToasts } from './toasts.ts';

export type RequestMeta = {
  /** false: the screen shows this failure itself, so the global error toast stays quiet. */
  errorToast?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** Query keys of data that does not belong to a user; they survive login and logout. */
export const PLATFORM_QUERY_KEY = ['platform'] as const;

function shouldRetry(failureCount: number, error: Error): boolean {
  // A client error will not heal by asking again; network failures and 5xx may.
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false) showErrorToasts(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) showErrorToasts(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** Forgets every user's data (login, logout) but keeps the tenant's platform. */
export function resetUserQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PLATFORM_QUERY_KEY[0] });
}
