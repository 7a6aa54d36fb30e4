/**
 * What the shell (navigation.tsx) and the router's chunk (router.tsx) agree on: the router as the shell
 * sees it once it has arrived. Types only.
 */
import type { ComponentType } from 'react';
import type { FileRouteTypes } from '../routeTree.gen';

/** A path of the app's pages without parameters (the router's own type, without its code): where the shell links to. */
export type AppPath = Exclude<FileRouteTypes['to'], `${string}$${string}`>;

export interface NavigateOptions {
  readonly to: AppPath;
  /** The fragment, without `#`. */
  readonly hash?: string;
  readonly replace?: boolean;
}

/** What the router's chunk (router.tsx) gives the shell once it has loaded its first location. */
export interface LoadedRouter {
  /** The matched route's id (`/a/$suid`, `/` for the home page). */
  routeId(): string;
  pathname(): string;
  /** The search of the address it has loaded (`?view=…`, empty when none). */
  search(): string;
  subscribe(listener: () => void): () => void;
  navigate(options: NavigateOptions): Promise<void>;
  /** An address of this site with its search and hash (a sign-in's way back). */
  push(href: string): void;
  back(): void;
  preload(to: AppPath): void;
  /** The pages the router draws (every route but the first screen's, which the shell draws itself). */
  readonly Pages: ComponentType;
}
