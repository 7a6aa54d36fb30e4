/**
 * Sign-in by Smart-ID in the login dialog (SPEC ID1-ID7): the personal code, then the verification
 * code to compare with the phone's while the page asks the server how the attempt goes (each call a
 * long poll), until the person is signed in or the attempt ends with its reason.
 */
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isPersonalCode, type AccountView } from '@eid/domain';
import { AccountCallError, accountCall } from '../shell/account-session';
import { FormField, Refusal, useSend } from './form-field';

type Poll = { readonly state: 'RUNNING' } | { readonly state: 'OK'; readonly account: AccountView };

export function SmartIdForm({ onSignedIn, onBack }: { onSignedIn: (account: AccountView) => void; onBack: () => void }) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [attempt, setAttempt] = useState<{ readonly id: string; readonly verificationCode: string } | null>(null);
  const [ended, setEnded] = useState<AccountCallError | null>(null);
  const { busy, refusal, send } = useSend();
  const codeError = code === '' ? 'REQUIRED' : isPersonalCode(code) ? null : 'PERSONAL_CODE_INVALID';

  useEffect(() => {
    if (!attempt) return undefined;
    let live = true;
    void (async () => {
      try {
        for (;;) {
          const answer = await accountCall<Poll>('/smart-id/poll', { body: { attempt: attempt.id } });
          if (!live) return;
          if (answer.state === 'OK') return onSignedIn(answer.account);
        }
      } catch (e) {
        if (live) {
          setEnded(e instanceof AccountCallError ? e : new AccountCallError('GENERIC_ERROR'));
          setAttempt(null);
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt, onSignedIn]);

  if (attempt) {
    return (
      <div className="smart-id-waiting">
        <p>{t`Your verification code:`}</p>
        <p className="verification-code" aria-live="polite">
          {attempt.verificationCode}
        </p>
        <p role="status">
          <Trans>Open Smart-ID on your phone. If it shows the same code, enter your PIN1.</Trans>
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
        if (codeError) return;
        void send(async () => {
          const started = await accountCall<{ attempt: string; verificationCode: string }>('/smart-id', { body: { personalCode: code, lang: i18n.locale === 'en' ? 'en' : 'lt' } });
          setAttempt({ id: started.attempt, verificationCode: started.verificationCode });
        });
      }}
    >
      <FormField label={t`Personal code`} type="text" autoComplete="off" maxLength={11} value={code} onChange={(v) => setCode(v.replace(/\D/g, ''))} error={codeError} showError={tried} />
      <Refusal refusal={ended ?? refusal} />
      <div className="dialog-buttons dialog-buttons--stacked">
        <button type="submit" className="button" disabled={busy}>
          {t`Continue`}
        </button>
        <button type="button" className="link-button" onClick={onBack}>
          {t`Back to sign-in`}
        </button>
      </div>
    </form>
  );
}
