/**
 * The router and its route tree: a chunk of its own, fetched after the first paint on the first-screen
 * pages and before the first render on every other (main.tsx, shell/navigation.tsx; issue 35 item 2).
 */
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import type { LoadedRouter } from './shell/router-link';

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * The router's state as its React binding reads it (useRouterState: TanStack Store's `subscribe`, which
 * the router's own type leaves out): the shell follows the route shown in the same render as the pages.
 */
const state = router.stores.__store as typeof router.stores.__store & { subscribe?: (listener: () => void) => { unsubscribe: () => void } };
if (typeof state.subscribe !== 'function') throw new Error('the router\'s state store has no subscribe: the shell cannot follow the route (router.tsx)');
const subscribeState = state.subscribe.bind(state);

function Pages() {
  return <RouterProvider router={router} />;
}

const loaded: LoadedRouter = {
  routeId: () => {
    const id = router.state.matches.at(-1)?.routeId ?? '/';
    return id === '__root__' ? '/' : id.replace(/\/$/, '') || '/';
  },
  pathname: () => router.state.location.pathname,
  search: () => router.state.location.searchStr,
  subscribe: (listener) => {
    const { unsubscribe } = subscribeState(() => listener());
    return unsubscribe;
  },
  navigate: ({ to, hash, replace }) => router.navigate({ to, hash, replace }),
  push: (href) => router.history.push(href),
  back: () => router.history.back(),
  preload: (to) => void router.preloadRoute({ to }).catch(() => undefined),
  Pages,
};

let started: Promise<LoadedRouter> | null = null;

/**
 * Loads the current location (the account session, the page's code and data) before the router is
 * handed to the shell, which then draws the page at once. Once.
 */
export function startRouter(): Promise<LoadedRouter> {
  started ??= (async () => {
    // A route's failure is the router's to show (its match's error, ERR10 for a chunk); the router is handed over all the same.
    await router.load().catch(() => undefined);
    // The shell moved between the first screen's pages while the router loaded (shell/navigation.tsx): the page now
    // shown, as the router reads the address (a few times at most: an address it rewrites is the Transitioner's).
    for (let again = 0; again < 3; again++) {
      router.updateLatestLocation();
      if (router.latestLocation.href === router.state.location.href) break;
      await router.load().catch(() => undefined);
    }
    performance.mark('eid:router');
    return loaded;
  })();
  return started;
}
