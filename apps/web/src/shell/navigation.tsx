/**
 * The shell's way around the app without the router's code (issue 35 item 2): the first screen of / and
 * /decla is drawn before the router (TanStack Router, about 22 KiB gzip) has arrived, so the frame
 * around every page (toolbar, footer, dialogs) and the two first-screen pages move, link and read the
 * current route through this module. Until the router is here, a move waits for it (it is fetched right
 * after the first paint, ~0.3 s on the roadside profile); when it cannot be fetched, the browser goes to
 * the address itself, as a plain link would. Pages the router draws use the router directly.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import type { AppPath, LoadedRouter, NavigateOptions } from './router-link';
import { withChunkTimeout } from './chunk-timeout';
import { firstScreenPathOf } from './first-screen';

type RouterState = { readonly router: LoadedRouter | null; readonly failed: boolean };
let current: RouterState = { router: null, failed: false };
let loading: Promise<LoadedRouter> | null = null;
const listeners = new Set<() => void>();

function publish(next: RouterState): void {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The router's chunk, fetched once; it resolves when the router has loaded the current location (the
 * account session, the page's code), so the first thing it draws is the page, not a blank.
 */
export function loadRouter(): Promise<LoadedRouter> {
  loading ??= withChunkTimeout(() => import('../router'))()
    .then((m) => m.startRouter())
    .then(
      (router) => {
        publish({ router, failed: false });
        return router;
      },
      (error: unknown) => {
        // A later move tries again (the connection may be back).
        loading = null;
        publish({ router: null, failed: true });
        throw error;
      },
    );
  return loading;
}

function subscribeRouter(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The router once it is here (null before, and when its chunk could not be fetched: `failed`). */
export function useLoadedRouter(): RouterState {
  return useSyncExternalStore(subscribeRouter, () => current);
}

/** Subscribes to the router's arrival and then to its every change of state. */
function subscribeLocation(listener: () => void): () => void {
  let inner: (() => void) | null = current.router?.subscribe(listener) ?? null;
  const outer = subscribeRouter(() => {
    inner?.();
    inner = current.router?.subscribe(listener) ?? null;
    listener();
  });
  return () => {
    outer();
    inner?.();
  };
}

/** The route shown: the router's match, or before the router the first screen's own path. */
export function useRouteId(): string {
  return useSyncExternalStore(subscribeLocation, () => current.router?.routeId() ?? firstScreenPathOf(window.location.pathname) ?? '');
}

export function usePathname(): string {
  return useSyncExternalStore(subscribeLocation, () => current.router?.pathname() ?? window.location.pathname);
}

const hrefOf = ({ to, hash }: NavigateOptions): string => (hash ? `${to}#${hash}` : to);

/** Goes to a page of the app: at once with the router, else when it has arrived (or by loading the address). */
export function navigate(options: NavigateOptions): void {
  const router = current.router;
  if (router) {
    void router.navigate(options);
    return;
  }
  loadRouter().then(
    (r) => r.navigate(options),
    () => (options.replace ? window.location.replace(hrefOf(options)) : window.location.assign(hrefOf(options))),
  );
}

/** Goes to an address of this site (a path with its search and hash). */
export function pushHref(href: string): void {
  const router = current.router;
  if (router) router.push(href);
  else loadRouter().then((r) => r.push(href), () => window.location.assign(href));
}

/** One step back in history; opened directly (no history), home. */
export function goBack(): void {
  if (window.history.length <= 1) navigate({ to: '/' });
  else if (current.router) current.router.back();
  else window.history.back();
}

/** The page's code fetched ahead of a likely tap (hover, focus, touch); nothing before the router is here. */
export function preload(to: AppPath): void {
  current.router?.preload(to);
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
  return <a {...rest} href={hrefOf({ to, hash })} onClick={follow} onMouseEnter={ahead} onFocus={ahead} onTouchStart={ahead} />;
}
