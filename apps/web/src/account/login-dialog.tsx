/**
 * The login dialog (app-shell §2; issue 15): sign in with an e-mail and password, create an
 * account (the address is confirmed by a link), ask for a password-reset link, and set a new
 * password from that link. Every answer is said in the dialog; a refusal shows its typed code's
 * message. Answers never tell whether an address has an account (AC2, AC5).
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountEmail, newPasswordError, type AccountView, type Locale, DEFAULT_LOCALE, isLocale} from '@eid/domain';
import { AccountCallError, sessionEnded, signedIn, signedOut } from '../shell/account-session';
import { api } from '../shell/api';
import type { LoginRequest } from '../shell/login-request';
import { notify } from '../shell/snackbar';
import { navigate, pushHref } from '../shell/navigation';
import { IdentityForm } from './identity-form';
import { SocialButtons, useButtonWidth } from './social-buttons';
import { CurrentPasswordField, FormField, NewPasswordFields, Refusal, useSend } from './form-field';

type Mode = LoginRequest['mode'];

export function LoginDialog({ request, onClose }: { request: LoginRequest; onClose: () => void }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setModeState] = useState<Mode>(request.mode);
  const [email, setEmail] = useState(request.email ?? '');
  /** An outcome said in the dialog (the page behind a modal dialog is inert: a snackbar there is not seen). */
  const [notice, setNotice] = useState<string | null>(() =>
    request.mode === 'sign-in' && !request.refused && sessionEnded() ? t`Your session here has ended: you were signed out from another device, or it expired. Sign in again to go on.` : null,
  );
  const setMode = (next: Mode, said: string | null = null) => {
    setNotice(said);
    setModeState(next);
  };
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  // Focus goes to the form's first empty field (the password when the address is carried over) whenever the dialog shows another form.
  useEffect(() => {
    const inputs = [...(dialog.current?.querySelectorAll<HTMLInputElement>('form input') ?? [])];
    (inputs.find((i) => i.value === '') ?? inputs[0])?.focus();
  }, [mode]);
  const titles: Record<Mode, string> = {
    'sign-in': t`Sign in`,
    register: t`A new account`,
    forgot: t`Forgotten password`,
    reset: t`A new password`,
    'smart-id': t`Sign in with Smart-ID`,
    'mobile-id': t`Sign in with Mobile-ID`,
  };
  const [identity, setIdentity] = useState<readonly string[]>([]);
  const [social, setSocial] = useState<ReadonlyArray<{ readonly id: string; readonly name: string }>>([]);
  // The methods this installation offers besides the password (Smart-ID, Mobile-ID, social accounts).
  useEffect(() => {
    let live = true;
    api.call('signInMethods').then(
      (m) => {
        if (!live) return;
        setIdentity(m.identity);
        setSocial(m.social);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  /** Every way of signing in ends here: the page knows the account, says so, and goes on. */
  const finishSignIn = useCallback(
    (account: AccountView) => {
      signedIn(account);
      notify('success', t`You are signed in.`);
      dialog.current?.close();
      if (request.next) pushHref(request.next);
      else navigate({ to: '/user' });
    },
    [request.next, t],
  );
  const props = { email, setEmail, setMode };
  const buttonWidth = useButtonWidth();
  return (
    <dialog ref={dialog} className="dialog login-dialog" aria-labelledby="login-title" onClose={onClose} style={{ '--sign-in-width': `${buttonWidth}px` } as CSSProperties}>
      <div className="dialog-head">
        <h2 id="login-title">{titles[mode]}</h2>
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={() => dialog.current?.close()}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {notice ? (
        <p role="status" className="confirmed">
          {notice}
        </p>
      ) : null}
      {mode === 'sign-in' && request.refused ? <Refusal refusal={new AccountCallError(request.refused)} /> : null}
      {mode === 'sign-in' ? <SignInForm {...props} onSignedIn={finishSignIn} /> : null}
      {mode === 'sign-in' && identity.length > 0 ? (
        <div className="dialog-buttons dialog-buttons--stacked">
          {identity.includes('smartid') ? (
            <button type="button" className="button button--secondary" onClick={() => setMode('smart-id')}>
              {titles['smart-id']}
            </button>
          ) : null}
          {identity.includes('mobileid') ? (
            <button type="button" className="button button--secondary" onClick={() => setMode('mobile-id')}>
              {titles['mobile-id']}
            </button>
          ) : null}
        </div>
      ) : null}
      {mode === 'sign-in' && social.length > 0 ? <SocialButtons providers={social} next={request.next ?? '/user'} /> : null}
      {mode === 'register' ? <RegisterForm {...props} /> : null}
      {mode === 'forgot' ? <ForgotForm {...props} /> : null}
      {mode === 'reset' ? <ResetForm {...props} token={request.token ?? ''} /> : null}
      {mode === 'smart-id' || mode === 'mobile-id' ? <IdentityForm key={mode} method={mode} onSignedIn={finishSignIn} onBack={() => setMode('sign-in')} /> : null}
    </dialog>
  );
}

interface FormProps {
  readonly email: string;
  readonly setEmail: (email: string) => void;
  readonly setMode: (mode: Mode, said?: string | null) => void;
}

function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** What a form says once its e-mail is sent, with the way back to sign-in. */
function Sent({ onBack, children }: { onBack: () => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <>
      <p role="status">{children}</p>
      <div className="dialog-buttons">
        <button type="button" className="button" onClick={onBack}>
          {t`To sign-in`}
        </button>
      </div>
    </>
  );
}

function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {children}
    </button>
  );
}

const lang = (locale: string): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);
const emailError = (email: string) => (accountEmail(email) ? null : 'EMAIL_INVALID');

function SignInForm({ email, setEmail, setMode, onSignedIn }: FormProps & { onSignedIn: (account: AccountView) => void }) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, refusal, send } = useSend();
  const submit = () => {
    setTried(true);
    if (emailError(email) || password === '') return;
    void send(async () => {
      onSignedIn(await api.call('signIn', { body: { email, password } }));
    });
  };
  return (
    <Form onSubmit={submit}>
      <FormField label={t`E-mail address`} type="email" autoComplete="email" value={email} onChange={setEmail} error={emailError(email)} showError={tried} />
      <CurrentPasswordField label={t`Password`} value={password} onChange={setPassword} tried={tried} />
      <Refusal refusal={refusal} />
      <div className="dialog-buttons dialog-buttons--stacked">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
        <LinkButton onClick={() => setMode('forgot')}>{t`Forgot the password?`}</LinkButton>
        <LinkButton onClick={() => setMode('register')}>{t`No account yet? Create one`}</LinkButton>
      </div>
    </Form>
  );
}

function RegisterForm({ email, setEmail, setMode }: FormProps) {
  const { t, i18n } = useLingui();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [tried, setTried] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, refusal, send } = useSend();
  if (sentTo !== null) {
    return (
      <Sent onBack={() => setMode('sign-in')}>
        <Trans>We sent a letter to {sentTo}. Open its link within 24 hours and enter the same password there: then the account is ready.</Trans>
      </Sent>
    );
  }
  const submit = () => {
    setTried(true);
    if (emailError(email) || newPasswordError(password, repeated)) return;
    void send(async () => {
      await api.call('register', { body: { email, password, lang: lang(i18n.locale) } });
      setSentTo(accountEmail(email) ?? email);
    });
  };
  return (
    <Form onSubmit={submit}>
      <p>
        <Trans>An account keeps your declarations in one place and fills in your data. A password is enough.</Trans>
      </p>
      <FormField label={t`E-mail address`} type="email" autoComplete="email" value={email} onChange={setEmail} error={emailError(email)} showError={tried} />
      <NewPasswordFields password={password} setPassword={setPassword} repeated={repeated} setRepeated={setRepeated} tried={tried} />
      <Refusal refusal={refusal} />
      <div className="dialog-buttons dialog-buttons--stacked">
        <button type="submit" className="button" disabled={busy}>
          {t`Create the account`}
        </button>
        <LinkButton onClick={() => setMode('sign-in')}>{t`I have an account: sign in`}</LinkButton>
      </div>
    </Form>
  );
}

function ForgotForm({ email, setEmail, setMode }: FormProps) {
  const { t, i18n } = useLingui();
  const [tried, setTried] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, refusal, send } = useSend();
  if (sentTo !== null) {
    return (
      <Sent onBack={() => setMode('sign-in')}>
        <Trans>We sent a letter to {sentTo}. If an account uses this address, its link sets a new password within an hour.</Trans>
      </Sent>
    );
  }
  const submit = () => {
    setTried(true);
    if (emailError(email)) return;
    void send(async () => {
      await api.call('resetRequest', { body: { email, lang: lang(i18n.locale) } });
      setSentTo(accountEmail(email) ?? email);
    });
  };
  return (
    <Form onSubmit={submit}>
      <p>
        <Trans>Enter the address of your account: we will send a link to set a new password.</Trans>
      </p>
      <FormField label={t`E-mail address`} type="email" autoComplete="email" value={email} onChange={setEmail} error={emailError(email)} showError={tried} />
      <Refusal refusal={refusal} />
      <div className="dialog-buttons dialog-buttons--stacked">
        <button type="submit" className="button" disabled={busy}>
          {t`Send the link`}
        </button>
        <LinkButton onClick={() => setMode('sign-in')}>{t`Back to sign-in`}</LinkButton>
      </div>
    </Form>
  );
}

function ResetForm({ token, setMode }: FormProps & { token: string }) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, refusal, send } = useSend();
  const submit = () => {
    setTried(true);
    if (newPasswordError(password, repeated)) return;
    void send(async () => {
      await api.call('reset', { body: { token, password } });
      // The reset ended every session of the account, this browser's too.
      signedOut();
      setMode('sign-in', t`The new password is set. Sign in with it.`);
    });
  };
  return (
    <Form onSubmit={submit}>
      <p>
        <Trans>Choose a new password. Every device signed in to the account will be signed out.</Trans>
      </p>
      <NewPasswordFields password={password} setPassword={setPassword} repeated={repeated} setRepeated={setRepeated} tried={tried} />
      <Refusal refusal={refusal} />
      <div className="dialog-buttons dialog-buttons--stacked">
        <button type="submit" className="button" disabled={busy}>
          {t`Set the password`}
        </button>
        {refusal?.code === 'ACCOUNT_LINK_INVALID' ? <LinkButton onClick={() => setMode('forgot')}>{t`Ask for a new link`}</LinkButton> : null}
      </div>
    </Form>
  );
}
