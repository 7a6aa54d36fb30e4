/**
 * The pages whose first screen is drawn without the router's code (issue 35 item 2): the home page and
 * the declaration's intro, where a driver at the roadside starts. The shell draws them itself (app.tsx);
 * the build leaves the router's chunk out of their preloads (vite.page-preloads.ts) and fetches it after
 * their first paint. No imports: the build's plugin reads this file too.
 */
export const FIRST_SCREEN_PATHS = ['/', '/decla'] as const;

/** The page that draws its own frame (the bureau's console, issue 16): the drivers' frame (drivers-frame.tsx) is not fetched for it. */
export const CONSOLE_PAGE_PATH = '/console';

export type FirstScreenPath = (typeof FIRST_SCREEN_PATHS)[number];

/** A path as the router matches it: in any case, without trailing slashes (`/Decla/` is `/decla`). */
const asRouted = (pathname: string): string => pathname.toLowerCase().replace(/\/+$/, '') || '/';

/** The first-screen page of this address's path, or null. */
export function firstScreenPathOf(pathname: string): FirstScreenPath | null {
  const path = asRouted(pathname);
  return FIRST_SCREEN_PATHS.find((p) => p === path) ?? null;
}

/** Whether this address is the bureau's console's. */
export const isConsolePath = (pathname: string): boolean => asRouted(pathname) === CONSOLE_PAGE_PATH;
