/**
 * The bureau's console (issue 16; SF1-SF4): staff sign in with their address, password and the
 * authenticator's code; then the lists and a chat, by `?view=`. Loaded on its own (never with the
 * drivers' pages), in Lithuanian and English, with its own toolbar.
 */
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { withFormsCatalog } from '../decla/catalog';
import type { errorMessage as ErrorMessageOf } from '../decla/error-messages';
import { CONSOLE_LOCALES } from '@eid/domain/constants';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { ConsoleCallError, consoleCall, setConsoleCsrf } from './console-api';
import { loadConsoleViewsCatalog } from './catalog';
import type { ConsoleSearch, StaffMe } from './console-parts';
import { PasswordInput } from '../shell/password-input';

// The signed-in views (the lists, a chat, a claim) load after the sign-in, with their own messages and the forms' they
// show: the sign-in screen is the console's first (issue 35 item 3: at most 120 KiB).
const ConsoleView = lazy(() =>
  withFormsCatalog(() => Promise.all([import('./console-views'), loadConsoleViewsCatalog()])).then(([m]) => ({ default: m.ConsoleView })),
);

/**
 * The error texts (the forms' catalog and its texts: about 20 KiB) are shown only once a sign-in is refused: they load
 * right after the sign-in screen is drawn, and a refusal waits for them if they are still on their way. A failed
 * download is not kept: the next refusal tries again.
 */
let errorTexts: Promise<{ errorMessage: typeof ErrorMessageOf }> | undefined;
function loadErrorTexts() {
  errorTexts ??= withFormsCatalog(() => import('../decla/error-messages')).catch((error: unknown) => {
    errorTexts = undefined;
    throw error;
  });
  return errorTexts;
}

/** A refusal's text; its code in the console's own words when the texts could not be downloaded. */
function RefusalText({ code }: { code: string }) {
  const { t, i18n } = useLingui();
  const [texts, setTexts] = useState<Awaited<ReturnType<typeof loadErrorTexts>> | 'failed' | null>(null);
  useEffect(() => {
    let shown = true;
    loadErrorTexts().then(
      (m) => shown && setTexts(m),
      () => shown && setTexts('failed'),
    );
    return () => {
      shown = false;
    };
  }, []);
  if (texts === null) return null;
  if (texts === 'failed') return <p className="field-error">{t`The sign-in was not accepted (${code}). Its explanation could not be downloaded: check the connection and try again.`}</p>;
  return <p className="field-error">{i18n._(texts.errorMessage(code))}</p>;
}

type State = { readonly kind: 'checking' } | { readonly kind: 'signed-out' } | { readonly kind: 'signed-in'; readonly me: StaffMe };

export function ConsoleApp({ search }: { search: ConsoleSearch }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ kind: 'checking' });
  useEffect(() => {
    consoleCall('staffMe').then(
      (r) => {
        setConsoleCsrf(r.csrfToken);
        setState({ kind: 'signed-in', me: r.staff });
      },
      () => setState({ kind: 'signed-out' }),
    );
  }, []);
  const signOut = async () => {
    await consoleCall('staffSignOut').catch(() => undefined);
    setState({ kind: 'signed-out' });
  };
  return (
    <div className="console">
      <header className="toolbar">
        <Link to="/console" className="brand">
          {t`EID console`}
        </Link>
        <span className="toolbar-spacer" />
        {state.kind === 'signed-in' ? (
          <button type="button" className="toolbar-account" onClick={() => void signOut()}>
            {t`Sign out (${state.me.name})`}
          </button>
        ) : null}
        <LanguageSwitcher locales={CONSOLE_LOCALES} />
      </header>
      <main id="main" className="page console-page">
        {state.kind === 'checking' ? <p role="status">{t`Loading…`}</p> : null}
        {state.kind === 'signed-out' ? <StaffSignIn onSignedIn={(me) => setState({ kind: 'signed-in', me })} /> : null}
        {state.kind === 'signed-in' ? (
          <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
            <ConsoleView me={state.me} search={search} onSignedOut={() => setState({ kind: 'signed-out' })} />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
}

function StaffSignIn({ onSignedIn }: { onSignedIn: (me: StaffMe) => void }) {
  const { t } = useLingui();
  useEffect(() => {
    // What bench:web counts as the console's first screen.
    performance.mark('eid:first-screen');
    // What a refusal shows, ready before it is needed.
    void loadErrorTexts().catch(() => undefined);
  }, []);
  const ids = { email: useId(), password: useId(), code: useId() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    setRefusal(null);
    try {
      const r = await consoleCall('staffSignIn', { body: { email, password, code } });
      setConsoleCsrf(r.csrfToken);
      onSignedIn(r.staff);
    } catch (error) {
      setRefusal(error instanceof ConsoleCallError ? error.code : 'GENERIC_ERROR');
      setCode('');
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="console-sign-in" onSubmit={(e) => void submit(e)}>
      <h1>{t`Sign in to the bureau's console`}</h1>
      <div className="field">
        <label htmlFor={ids.email}>{t`E-mail address`}</label>
        <div className="field-input">
          <input id={ids.email} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.password}>{t`Password`}</label>
        <div className="field-input">
          <PasswordInput id={ids.password} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.code}>{t`Code from the authenticator app (6 digits)`}</label>
        <div className="field-input">
          <input id={ids.code} inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} value={code} onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))} required />
        </div>
      </div>
      {refusal ? (
        <div role="alert">
          <RefusalText code={refusal} />
        </div>
      ) : null}
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
        {t`Sign in`}
      </button>
    </form>
  );
}
