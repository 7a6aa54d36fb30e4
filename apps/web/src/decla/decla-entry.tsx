import { lazy, Suspense, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { STORAGE_KEYS, type EidMode } from '@eid/domain/constants';
import { readStored } from '../storage';
import { storedMode } from './mode';
import { IntroContent } from './intro-content';
import { OpeningDeclaration } from './opening';
import { withFormsCatalog } from './catalog';
import { afterPaint } from '../shell/after-paint';
import { loadAccount } from '../shell/account-session';

/**
 * The wizard's code and who is declaring: a signed-in driver's steps 5 and 11 start from the account (AC13), read once
 * when they open, so the wizard waits for the account's answer as for its code (the shell draws this page without the
 * router, whose route once waited for it).
 */
const loadApp = () => Promise.all([withFormsCatalog(() => import('./decla-app')), loadAccount()]).then(([m]) => m);
const DeclaApp = lazy(loadApp);

/** A declaration of this mode was being filled in this browser (it will be resumed). */
function hasStoredSession(mode: EidMode): boolean {
  if (readStored(STORAGE_KEYS.token) === null) return false;
  try {
    return (JSON.parse(readStored(STORAGE_KEYS.connectionState) ?? '{}') as { mode?: string }).mode === mode;
  } catch {
    return false;
  }
}

/**
 * The first screen of /decla is the intro: shown with the shell's code only, so it appears at once
 * on a weak connection; the declaration's machines and screens load right behind it. Start (or a
 * declaration to resume) opens the wizard itself.
 */
export function DeclaEntry() {
  const { t } = useLingui();
  const [mode] = useState(storedMode);
  const [started, setStarted] = useState(() => hasStoredSession(mode));
  useEffect(() => {
    performance.mark('eid:first-screen');
    return afterPaint(() => void loadApp().catch(() => undefined));
  }, []);
  const intro = (busy: boolean) => (
    <div className="decla decla--step-intro" data-step={1} data-mode={mode}>
      <div className="decla-body">
        <h1 className="visually-hidden">{t`Safety first`}</h1>
        <IntroContent practice={mode === 'practice'} />
      </div>
      <footer className="decla-footer">
        <div className="decla-footer-buttons">
          <button type="button" className="button button--next button--outlined" data-testid="next" aria-disabled="false" aria-busy={busy} onClick={() => setStarted(true)}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t`Start`}
          </button>
        </div>
      </footer>
    </div>
  );
  if (!started) return intro(false);
  // A declaration in progress (a reload) is not shown the intro while the wizard loads (issue 34: "Safety first" flashed before the step).
  return (
    <Suspense fallback={hasStoredSession(mode) ? <OpeningDeclaration mode={mode} /> : intro(true)}>
      <DeclaApp mode={mode} startStep={hasStoredSession(mode) ? 1 : mode === 'practice' ? 2 : 3} />
    </Suspense>
  );
}
