/**
 * The link that confirms a new address of an account without a password (`/confirm?email=TOKEN`,
 * AC15): it confirms only in a browser signed in to the account that asked, and only when the
 * person presses Confirm (a mail scanner that opens links confirms nothing). The route takes the
 * token out of the address bar at once.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { api } from '../shell/api';
import { signedIn, useAccount } from '../shell/account-session';
import { openLogin } from '../shell/login-request';
import { Refusal, useSend } from './form-field';

export function ConfirmNewEmailPage({ token }: { token: string }) {
  const { t } = useLingui();
  const account = useAccount();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const { busy, refusal, send } = useSend();
  const confirm = () =>
    void send(async () => {
      const { email } = await api.call('confirmNewEmail', { body: { token } });
      setConfirmed(email);
      signedIn(await api.call('me'));
    });
  return (
    <article className="page confirm-account">
      <h1>{t`Confirming the address`}</h1>
      {confirmed !== null ? (
        <>
          <p role="status" className="confirmed">
            <span aria-hidden="true">✓ </span>
            <Trans>The address {confirmed} is confirmed: messages and reminders can now come to it by e-mail.</Trans>
          </p>
          <Link to="/userSettings" search={{ s: 'M' }} className="button">
            {t`Notification settings`}
          </Link>
        </>
      ) : account.kind === 'signed-in' ? (
        <>
          <p>
            <Trans>Confirm that this address receives the messages and reminders of the account you are signed in to.</Trans>
          </p>
          <Refusal refusal={refusal} />
          <button type="button" className="button" disabled={busy} onClick={confirm}>
            {t`Confirm the address`}
          </button>
        </>
      ) : account.kind === 'anonymous' ? (
        <>
          <p>
            <Trans>Sign in to the account that asked for this address, then open the link from the e-mail again.</Trans>
          </p>
          <button type="button" className="button" onClick={() => openLogin({ mode: 'sign-in', next: '/userSettings?s=M' })}>
            {t`Sign in`}
          </button>
        </>
      ) : (
        <p role="status">{t`Loading…`}</p>
      )}
    </article>
  );
}
