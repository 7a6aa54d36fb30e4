/**
 * The shell's way around the app without the router's code (issue 35 item 2): the first screen of / and
 * /decla is drawn before the router (TanStack Router and the route tree, about 29 KiB gzip) has arrived, so the frame
 * around every page (toolbar, footer, dialogs) and the two first-screen pages move, link and read the
 * current route through this module. Until the router is here (it is fetched right after the first
 * paint, ~0.3 s on the roadside profile), a move between the two first-screen pages is the shell's own and
 * a move elsewhere waits for it — only the last one asked for, and only if the visitor has not moved since;
 * when it cannot be fetched, the browser goes to the address itself, as a plain link would. Pages the
 * router draws use the router directly.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import type { AppPath, LoadedRouter, NavigateOptions } from './router-link';
import { withChunkTimeout } from './chunk-timeout';
import { firstScreenPathOf } from './first-screen';
import { lazyPart, usePart, type PartState } from './lazy-part';

/**
 * The router's chunk, fetched once; it resolves when the router has loaded the current location (the
 * account session, the page's code), so the first thing it draws is the page, not a blank.
 */
const routerPart = lazyPart(() => withChunkTimeout(() => import('../router'))().then((m) => m.startRouter()));

export const loadRouter = (): Promise<LoadedRouter> => routerPart.load();

/** Whether fetching the router failed (its page says so and offers a reload). */
export const routerFailed = (): boolean => routerPart.get().failed;

/** The router once it is here (null before, and when its chunk could not be fetched: `failed`). */
export const useLoadedRouter = (): PartState<LoadedRouter> => usePart(routerPart);

/** Moves between the first screen's pages made before the router came (history.pushState: no event of its own). */
const firstScreenMoves = new Set<() => void>();

/**
 * Every move the visitor made before the router came (the shell's and the browser's back and forward): a move that
 * waited for the router goes on only if none came after it.
 */
let movesBeforeRouter = 0;
window.addEventListener('popstate', () => movesBeforeRouter++);

/**
 * Subscribes to the router's arrival and then to its every change of state; before it, to the moves
 * between the first screen's pages (the shell's own and the browser's back and forward).
 */
function subscribeLocation(listener: () => void): () => void {
  let inner: (() => void) | null = routerPart.get().value?.subscribe(listener) ?? null;
  const outer = routerPart.subscribe(() => {
    inner?.();
    inner = routerPart.get().value?.subscribe(listener) ?? null;
    listener();
  });
  firstScreenMoves.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    outer();
    inner?.();
    firstScreenMoves.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The route shown: the router's match, or before the router the first screen's own path. */
export function useRouteId(): string {
  return useSyncExternalStore(subscribeLocation, () => routerPart.get().value?.routeId() ?? firstScreenPathOf(window.location.pathname) ?? '');
}

export function usePathname(): string {
  return useSyncExternalStore(subscribeLocation, () => routerPart.get().value?.pathname() ?? window.location.pathname);
}

/** The page's address without its fragment: another search is another page too (the console's views). */
export function useAddress(): string {
  return useSyncExternalStore(subscribeLocation, () => {
    const router = routerPart.get().value;
    return router ? `${router.pathname()}${router.search()}` : `${window.location.pathname}${window.location.search}`;
  });
}

const hrefOf = ({ to, hash }: NavigateOptions): string => (hash ? `${to}#${hash}` : to);

/**
 * Goes to a page of the app: at once with the router; before it, to a first-screen page at once too (the
 * shell draws it; the router, when it comes, finds the address moved: router.tsx), to any other when the
 * router has arrived (or, when it cannot, by loading the address).
 */
export function navigate(options: NavigateOptions): void {
  const router = routerPart.get().value;
  if (router) {
    void router.navigate(options);
    return;
  }
  if (firstScreenPathOf(options.to) !== null && !options.hash) {
    movesBeforeRouter++;
    // The page shown again (the toolbar's home link on the home page) is not a new step back.
    if (options.replace || options.to === window.location.pathname) window.history.replaceState(null, '', options.to);
    else window.history.pushState(null, '', options.to);
    for (const listener of firstScreenMoves) listener();
    window.scrollTo(0, 0);
    return;
  }
  afterRouter(
    (r) => void r.navigate(options),
    () => (options.replace ? window.location.replace(hrefOf(options)) : window.location.assign(hrefOf(options))),
  );
}

/** Goes to an address of this site (a path with its search and hash). */
export function pushHref(href: string): void {
  const router = routerPart.get().value;
  if (router) router.push(href);
  else afterRouter((r) => r.push(href), () => window.location.assign(href));
}

/** A move once the router is here, if the visitor has not moved since; the browser's own when it cannot be fetched. */
function afterRouter(go: (router: LoadedRouter) => void, withoutIt: () => void): void {
  const move = ++movesBeforeRouter;
  const stillWanted = () => move === movesBeforeRouter;
  loadRouter().then(
    (router) => {
      if (stillWanted()) go(router);
    },
    () => {
      if (stillWanted()) withoutIt();
    },
  );
}

/** One step back in history; opened directly (no history), home. */
export function goBack(): void {
  const router = routerPart.get().value;
  if (window.history.length <= 1) navigate({ to: '/' });
  else if (router) router.back();
  else window.history.back();
}

/** The page's code fetched ahead of a likely tap (hover, focus, touch); nothing before the router is here. */
export function preload(to: AppPath): void {
  routerPart.get().value?.preload(to);
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { readonly to: AppPath; readonly hash?: string };

/** A link to a page of the app: a real `<a href>` (a new tab, a copied address), moved within the app on a plain click. */
export function AppLink({ to, hash, onClick, ...rest }: AppLinkProps) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate({ to, hash });
  };
  const ahead = () => preload(to);
  // The page shown is named so (as the router's own links do): a screen reader hears which footer link is this page.
  const current = usePathname() === to && !hash;
  return <a {...rest} href={hrefOf({ to, hash })} aria-current={current ? 'page' : undefined} onClick={follow} onMouseEnter={ahead} onFocus={ahead} onTouchStart={ahead} />;
}
