/**
 * Settings L (AC6, AC11): the password change, and the account's live sessions — how each signed
 * in, its browser and system, when it started and was last used — with ending one and signing
 * out everywhere.
 */
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { newPasswordError, type SessionView } from '@eid/domain';
import { AccountCallError } from '../shell/account-session';
import { api } from '../shell/api';
import { notify } from '../shell/snackbar';
import { ErrorText } from '../decla/fields/fields';
import { CurrentPasswordField, NewPasswordFields, Refusal, useSend } from './form-field';
import { SignOutButton, useDateTime, useMethodName } from './account-parts';

export function PasswordSection() {
  const { t } = useLingui();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, refusal, send } = useSend();
  const submit = () => {
    setTried(true);
    if (current === '' || newPasswordError(password, repeated)) return;
    void send(async () => {
      await api.call('changePassword', { body: { current, password } });
      notify('success', t`The password is changed. Other devices are signed out.`);
      setCurrent('');
      setPassword('');
      setRepeated('');
      setTried(false);
    });
  };
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{t`Password`}</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <CurrentPasswordField label={t`Current password`} value={current} onChange={setCurrent} tried={tried} />
        <NewPasswordFields
          password={password}
          setPassword={setPassword}
          repeated={repeated}
          setRepeated={setRepeated}
          tried={tried}
          labels={{ first: t`New password`, second: t`The new password again` }}
        />
        <Refusal refusal={refusal} wrongPassword={t`The current password is wrong.`} />
        <button type="submit" className="button" disabled={busy}>
          {t`Change the password`}
        </button>
      </form>
    </section>
  );
}

export function SessionsSection() {
  const { t } = useLingui();
  const methodName = useMethodName();
  const dateTime = useDateTime();
  const [sessions, setSessions] = useState<readonly SessionView[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Counts the changes: the list is asked again after each. */
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    let live = true;
    api.call('sessions').then(
      (list) => live && setSessions(list),
      (e: unknown) => live && setRefusal(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR'),
    );
    return () => {
      live = false;
    };
  }, [changes]);
  const end = async (s: SessionView) => {
    setRefusal(null);
    try {
      await api.call('endSession', { params: { id: s.id } });
      notify('success', t`The session on ${s.device} is ended.`);
    } catch (e) {
      setRefusal(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR');
    }
    setChanges((n) => n + 1);
  };
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t`Where you are signed in`}</h2>
      {sessions === null && refusal === null ? <p className="loading">{t`Loading…`}</p> : null}
      {sessions ? (
        <ul className="session-list">
          {sessions.map((s) => (
            <li key={s.id} className="session-item">
              <p>
                <strong>{s.device}</strong>
                {s.current ? <span className="badge">{t`This device`}</span> : null}
                <br />
                {methodName(s.method)} · {t`signed in ${dateTime(s.createdAt)}`} · {t`last used ${dateTime(s.lastSeenAt)}`}
              </p>
              {s.current ? null : (
                <button type="button" className="button button--secondary" aria-label={t`End the session on ${s.device}`} onClick={() => void end(s)}>
                  {t`End`}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {refusal ? (
        <div role="alert">
          <ErrorText code={refusal} />
        </div>
      ) : null}
      <p>{t`Signing out everywhere ends every session of the account, this one too.`}</p>
      <SignOutButton everywhere />
    </section>
  );
}
