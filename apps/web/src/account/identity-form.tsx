/**
 * Sign-in by Smart-ID or Mobile-ID in the login dialog (SPEC ID1-ID8): the personal code (and for
 * Mobile-ID the phone number), then the verification code to compare with the phone's while the
 * page asks the server how the attempt goes (each call a long poll), until the person is signed in
 * or the attempt ends with its reason.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_PHONE_PREFIX, isPersonalCode, phoneError, type AccountView, DEFAULT_LOCALE, isLocale} from '@eid/domain';
import { AccountCallError, signedIn } from '../shell/account-session';
import { api } from '../shell/api';
import { FormField, Refusal, useSend } from './form-field';


export function IdentityForm({ method, link = false, onSignedIn, onBack }: { method: 'smart-id' | 'mobile-id'; link?: boolean; onSignedIn: (account: AccountView) => void; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState(DEFAULT_PHONE_PREFIX);
  const phoneProblem = method === 'mobile-id' ? phoneError(phone) : null;
  const [tried, setTried] = useState(false);
  const [attempt, setAttempt] = useState<{ readonly id: string; readonly verificationCode: string } | null>(null);
  const [ended, setEnded] = useState<AccountCallError | null>(null);
  const { busy, refusal, send } = useSend();
  const codeError = code === '' ? 'REQUIRED' : isPersonalCode(code) ? null : 'PERSONAL_CODE_INVALID';

  // The latest sign-in callback, so that a re-render (a change of language) does not restart the polling.
  const signedInRef = useRef(onSignedIn);
  useLayoutEffect(() => {
    signedInRef.current = onSignedIn;
  });

  useEffect(() => {
    if (!attempt) return undefined;
    let live = true;
    void (async () => {
      let failures = 0;
      for (;;) {
        try {
          const answer = await api.call('identityPoll', { body: { attempt: attempt.id } });
          failures = 0;
          if (answer.state === 'OK') {
            // Signed in (the cookie is set) even if the person cancelled meanwhile: the page says so.
            if (live) signedInRef.current(answer.account);
            else signedIn(answer.account);
            return;
          }
          if (!live) return;
        } catch (e) {
          const error = e instanceof AccountCallError ? e : new AccountCallError('GENERIC_ERROR');
          // A dropped connection is asked again a few times before the wait ends.
          if (live && error.code === 'NETWORK_ERROR' && failures < 3) {
            failures += 1;
            await new Promise((resolve) => setTimeout(resolve, 1000 * failures));
            continue;
          }
          if (live) {
            setEnded(error);
            setAttempt(null);
          }
          return;
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  if (attempt) {
    return (
      <div className="smart-id-waiting">
        <p>{t`Your verification code:`}</p>
        <p className="verification-code" aria-live="polite">
          {attempt.verificationCode}
        </p>
        <p role="status">
          {method === 'smart-id' ? (
            <Trans>Open Smart-ID on your phone. If it shows the same code, enter your PIN1.</Trans>
          ) : (
            <Trans>Your phone will ask for Mobile-ID PIN1. If it shows the same code, enter the PIN.</Trans>
          )}
        </p>
        <div className="dialog-buttons">
          <button type="button" className="button button--secondary" onClick={() => setAttempt(null)}>
            {t`Cancel`}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        setEnded(null);
        if (codeError || phoneProblem) return;
        const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
        void send(async () => {
          const started =
            method === 'smart-id'
              ? await api.call(link ? 'linkSmartId' : 'smartId', { body: { personalCode: code, lang } })
              : await api.call(link ? 'linkMobileId' : 'mobileId', { body: { phone, personalCode: code, lang } });
          setAttempt({ id: started.attempt, verificationCode: started.verificationCode });
        });
      }}
    >
      {method === 'mobile-id' ? <FormField label={t`Phone number`} type="tel" autoComplete="tel" value={phone} onChange={setPhone} error={phoneProblem} showError={tried} /> : null}
      <FormField label={t`Personal code`} type="text" autoComplete="off" maxLength={11} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} error={codeError} showError={tried} />
      <Refusal refusal={ended ?? refusal} />
      <div className="dialog-buttons dialog-buttons--stacked">
        <button type="submit" className="button" disabled={busy}>
          {t`Continue`}
        </button>
        <button type="button" className="link-button" onClick={onBack}>
          {link ? t`Back` : t`Back to sign-in`}
        </button>
      </div>
    </form>
  );
}
