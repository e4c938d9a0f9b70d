// App-wide providers: server state (TanStack Query), the session, and toasts. The toaster (sonner) is not part of
// the first load: it is mounted once the page is interactive (no toast can be raised before that).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { isApiError } from '@web/lib/api-client';
import { SessionProvider } from '@web/features/auth/session-provider';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

const noSubscription = () => () => undefined;
/** False on the server and while hydrating (the prerendered HTML has no toaster), true after. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; network blips and 5xx get two more tries.
        retry: (failureCount, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** The browser's one query client: main.tsx requests a signed-in page's data into it before the first render. */
export function appQueryClient(): QueryClient {
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}

export function Providers({ children }: { children: ReactNode }) {
  // The prerender renders each page with a client of its own.
  const [queryClient] = useState(() => (typeof window === 'undefined' ? createQueryClient() : appQueryClient()));
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
      {hydrated && (
        <Suspense fallback={null}>
          {/* The direction given: left to sonner, it reads the page's computed style, a forced style pass of its own. */}
          <Toaster position="top-center" richColors closeButton dir="ltr" />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
