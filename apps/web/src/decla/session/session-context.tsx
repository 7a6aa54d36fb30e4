import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { type DeclarationView, type EidMode, type Party } from '@eid/domain';
import { shownDeclaration } from '@eid/domain/device';
import { DeclaSession, liveBackend, pageMemoryStorage, practiceBackend } from './decla-session';

const SessionContext = createContext<DeclaSession | null>(null);

/**
 * Creates the declaration session of a mode (the practice backend is loaded on demand) and
 * resumes a declaration this browser was filling. Renders `fallback` while it is being made.
 */
export function SessionProvider({ mode, startStep = 1, children, fallback }: { mode: EidMode; startStep?: number; children: ReactNode; fallback: ReactNode }) {
  const [session, setSession] = useState<DeclaSession | null>(null);
  useEffect(() => {
    let cancelled = false;
    let made: DeclaSession | null = null;
    void (async () => {
      const backend = mode === 'practice' ? await practiceBackend() : liveBackend();
      if (cancelled) return;
      // The practice declaration lives in the page: nothing of it is kept in the browser either.
      made = new DeclaSession(backend, mode === 'practice' ? pageMemoryStorage() : undefined, startStep);
      made.resumeStored();
      setSession(made);
    })();
    return () => {
      cancelled = true;
      made?.dispose();
      setSession(null);
    };
  }, [mode, startStep]);
  if (!session) return <>{fallback}</>;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): DeclaSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The backend's fetch: the declaration's (live or practice) inside one, the server's outside (settings D's address field). */
export function useBackendFetch(): typeof fetch {
  const s = useContext(SessionContext);
  return s ? s.backend.fetch : (input, init) => window.fetch(input, init);
}

/** The declaration as the screens show it: the hub's view with this device's unacknowledged edits on top. */
export function useDeclaration(): DeclarationView | null {
  const s = useSession();
  return useSelector(s.connection, (x) => shownDeclaration(x.context));
}

/** The declaration, for steps that are only shown once connected. */
export function useConnectedDeclaration(): DeclarationView {
  const d = useDeclaration();
  if (!d) throw new Error('step shown before the declaration exists');
  return d;
}

export function useParty(): Party | null {
  const s = useSession();
  return useSelector(s.connection, (x) => x.context.party);
}

/** The parties this device fills (own, or both). */
export function useParties(): Party[] {
  const s = useSession();
  const allow = useSelector(s.connection, (x) => x.context.allow);
  return (['A', 'B'] as const).filter((p) => allow[p]);
}

export function useWizardStep(): number {
  const s = useSession();
  return useSelector(s.wizard, (x) => x.context.step);
}

/** True after the disabled next button was pressed on this step: show every error now. */
export function useHinted(): boolean {
  const s = useSession();
  const step = useWizardStep();
  const hints = useSelector(s.wizard, (x) => x.context.hints);
  // Hints counted from when this step was entered.
  const [base, setBase] = useState({ step, hints });
  if (base.step !== step) setBase({ step, hints });
  return base.step === step && hints > base.hints;
}
