/** Developer mode (app-shell §6) for this page, and its toolbar loaded only when it is on. */
import { lazy, Suspense } from 'react';
import { STORAGE_KEYS } from '@eid/domain/constants';
import { Trans } from '@lingui/react/macro';
import { isDeveloperMode, isTestEnvironment } from '@eid/domain/shell';
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

/** The test-environment notice (app-shell §2): on a test installation every page says so. */
export function TestEnvironmentNotice() {
  if (!isTestEnvironment(window.location.hostname)) return null;
  return (
    <p className="banner banner--warning test-environment" role="note">
      <Trans>Test environment: do not use it for a real accident.</Trans>
    </p>
  );
}
