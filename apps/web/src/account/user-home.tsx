/** `/user`, the account's home (app-shell §2): who is signed in, and the way to the account's sections. */
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAccount } from '../shell/account-session';
import { SignInPrompt, SignOutButton, useMethodName } from './account-parts';

export function UserHome() {
  const { t } = useLingui();
  const state = useAccount();
  const methodName = useMethodName();
  useEffect(() => {
    // What bench:web counts as this screen's first scripts.
    if (state.kind === 'signed-in') performance.mark('eid:first-screen');
  }, [state.kind]);
  if (state.kind !== 'signed-in') return <SignInPrompt title={t`My account`} next="/user" />;
  const a = state.account;
  const name = [a.person.firstName, a.person.lastName].filter(Boolean).join(' ');
  const method = methodName(a.session.method);
  return (
    <article className="page user-home">
      <h1>{t`My account`}</h1>
      <p className="account-who">
        {name ? <strong>{name}</strong> : null}
        {name && a.email ? <br /> : null}
        {a.email}
      </p>
      <p className="muted">{t`Signed in with: ${method}`}</p>
      <nav aria-label={t`Account sections`}>
        <ul className="account-links">
          <li>
            <Link to="/messages">{t`Messages`}</Link>
          </li>
          <li>
            <Link to="/chat">{t`Chat with the bureau`}</Link>
          </li>
          <li>
            <Link to="/documents">{t`Insurance documents`}</Link>
          </li>
          <li>
            <Link to="/ei">{t`My accidents`}</Link>
          </li>
          <li>
            <Link to="/liabilities">{t`Liabilities`}</Link>
          </li>
          <li>
            <Link to="/userSettings" search={{ s: 'M' }}>
              {t`Notifications`}
            </Link>
          </li>
          <li>
            <Link to="/userSettings" search={{ s: 'L' }}>
              {t`Sign-in and security`}
            </Link>
          </li>
          <li>
            <Link to="/userSettings" search={{ s: 'D' }}>
              {t`Personal data`}
            </Link>
          </li>
          <li>
            <Link to="/userSettings" search={{ s: 'C' }}>
              {t`Cookies`}
            </Link>
          </li>
        </ul>
      </nav>
      <SignOutButton />
    </article>
  );
}
