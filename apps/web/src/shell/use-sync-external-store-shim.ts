/**
 * `use-sync-external-store/shim` for the libraries that ask for it (XState's and TanStack Store's React
 * bindings, written for React before 18): React 19's own hook (vite.config.ts's alias).
 */
export { useSyncExternalStore } from 'react';
