/** Developer mode (app-shell §6) for this page, and its toolbar loaded only when it is on. */
import { lazy, Suspense } from 'react';
import { STORAGE_KEYS } from '@eid/domain/constants';
import { isDeveloperMode } from '@eid/domain/shell';
import { readStored } from '../storage';

export const developerMode = (): boolean => isDeveloperMode(window.location.hostname, readStored(STORAGE_KEYS.developerUnlock));

const Toolbar = lazy(() => import('./developer-toolbar').then((m) => ({ default: m.DeveloperToolbar })));

export function DeveloperTools() {
  if (!developerMode()) return null;
  return (
    <Suspense fallback={null}>
      <Toolbar />
    </Suspense>
  );
}
