import './app/first-styles';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { inNextTask } from './app/next-task';
import { createRouter } from './app/router';
import { followNavigations } from './app/navigation-start';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
// One query cache for the app and the router, so that a signed-in page asks for the profile while its code loads.
const queryClient = createQueryClient();

/**
 * The start in pieces, the browser free between them (decision 0041): the modules' evaluation, then
 * the router (which matches the address; each lazy route's import and each loader then runs in a
 * task of its own: app/next-task.ts), then the first render. In one task they were 240-400 ms on
 * the mobile preset's CPU.
 */
void inNextTask(() => {
  const router = createRouter(queryClient);
  void inNextTask(() => {
    const root = createRoot(container);
    // The first render as a transition: React renders it in slices of a few milliseconds and the
    // browser runs between them, where a plain render was one task of 150-200 ms on the mobile
    // preset's CPU. Only its commit is one task. The boot loader stays on screen until then.
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers queryClient={queryClient}>
            <App router={router} />
          </Providers>
        </StrictMode>,
      ),
    );
    // The end of the start's pieces, for `npm run bench web` (its long tasks up to here are the start's).
    performance.mark('portal:started');
  });
});

/**
 * The router, and the navigations followed for the query client's refetchOnMount
 * (app/navigation-start.ts), from an effect: it runs after RouterProvider's own subscription.
 */
function App({ router }: { router: ReturnType<typeof createRouter> }) {
  useEffect(() => followNavigations(router), [router]);
  return <RouterProvider router={router} />;
}
