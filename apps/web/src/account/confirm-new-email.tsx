/**
 * The link that confirms a new address of an account without a password (`/confirm?email=TOKEN`,
 * AC15). Opening it is the proof (the address's owner got it): it confirms on its own, once. A
 * browser signed in to the account learns its new address at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { api } from '../shell/api';
import { accountSnapshot, signedIn } from '../shell/account-session';
import { Refusal, useSend } from './form-field';

export function ConfirmNewEmailPage({ token }: { token: string }) {
  const { t } = useLingui();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const { busy, refusal, send } = useSend();
  // A link works once: asked once even where effects run twice (development's strict mode).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void send(async () => {
      const { email } = await api.call('confirmNewEmail', { body: { token } });
      setConfirmed(email);
      if (accountSnapshot().kind === 'signed-in') signedIn(await api.call('me'));
    });
    // Once, for the link it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return (
    <article className="page confirm-account">
      <h1>{t`Confirming the address`}</h1>
      {busy ? <p role="status">{t`Confirming…`}</p> : null}
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
      ) : null}
      <Refusal refusal={refusal} />
    </article>
  );
}
