import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { loadToasts, toastsWantedStore } from '../shared/ui/notify';
import { TOAST_LIMIT } from '../shared/ui/toast-rules';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { mantineProviderProps } from './theme';

const Notifications = lazy(() => loadToasts().then((m) => ({ default: m.Notifications })));

/**
 * The toasts' container, mounted once the first toast is raised (shared/ui/notify.tsx); the code is
 * fetched when the browser is idle after the first paint, so a toast shows at once.
 */
function Toasts() {
  const wanted = useSyncExternalStore(toastsWantedStore.subscribe, toastsWantedStore.get);
  useEffect(() => {
    const load = () => void loadToasts();
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(load, { timeout: 4000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 2000);
    return () => clearTimeout(timer);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={TOAST_LIMIT} zIndex={1000} />
    </Suspense>
  );
}

/**
 * Theme, toasts and the query cache. No ColorSchemeScript: the CSP allows only the app's own
 * scripts, and the portal is light-only, so nothing needs to run before the bundle.
 */
export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <MantineProvider {...mantineProviderProps}>
      <Toasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
