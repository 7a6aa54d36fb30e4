/**
 * `/userSettings` (app-shell §2): the section chosen by the query parameter — L sign-in and
 * security (the password, the account's sessions, signing out everywhere), D personal data (what
 * declarations start from), C cookies (the consent of app-shell §5). M (messages) says it is not
 * available yet.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ANALYTICS_CONSENT } from '@eid/domain/constants';
import type { USER_SETTINGS_SECTIONS } from '@eid/domain/shell';
import { useAccount } from '../shell/account-session';
import { setAnalyticsConsent, storedConsent } from '../shell/analytics';
import { notify } from '../shell/snackbar';
import { SignInPrompt } from './account-parts';
import { PasswordSection, SessionsSection } from './security-sections';
import { PersonSection } from './person-section';
import { LinkSection } from './link-section';
import { NotificationsSection } from './notifications-section';

type Section = keyof typeof USER_SETTINGS_SECTIONS;

export function SettingsPage({ section = 'L' }: { section?: Section }) {
  const { t } = useLingui();
  const state = useAccount();
  if (state.kind !== 'signed-in') return <SignInPrompt title={t`Settings`} next="/userSettings" />;
  const tabs: ReadonlyArray<readonly [Section, string]> = [
    ['L', t`Sign-in and security`],
    ['D', t`Personal data`],
    ['M', t`Notifications`],
    ['C', t`Cookies`],
  ];
  return (
    <article className="page settings-page">
      <h1>{t`Settings`}</h1>
      <nav aria-label={t`Settings sections`}>
        <ul className="settings-tabs">
          {tabs.map(([id, label]) => (
            <li key={id}>
              <Link to="/userSettings" search={{ s: id }} aria-current={id === section ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {section === 'L' ? (
        <>
          {state.account.hasPassword ? <PasswordSection /> : null}
          <LinkSection account={state.account} />
          <SessionsSection />
        </>
      ) : null}
      {section === 'C' ? <CookiesSection /> : null}
      {section === 'D' ? <PersonSection account={state.account} /> : null}
      {section === 'M' ? <NotificationsSection account={state.account} /> : null}
    </article>
  );
}

function CookiesSection() {
  const { t } = useLingui();
  const [allowed, setAllowed] = useState(() => storedConsent() === ANALYTICS_CONSENT.allowed);
  return (
    <section aria-labelledby="cookies-title">
      <h2 id="cookies-title">{t`Cookies`}</h2>
      <p>{t`The declaration needs only the storage of this browser. Statistics count anonymous visits to improve the service.`}</p>
      <label className="check">
        <input
          type="checkbox"
          checked={allowed}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setAnalyticsConsent(next ? ANALYTICS_CONSENT.allowed : ANALYTICS_CONSENT.denied);
            setAllowed(next);
            notify('success', next ? t`Statistics are allowed.` : t`Statistics are off.`);
          }}
        />{' '}
        {t`Allow anonymous statistics`}
      </label>
    </section>
  );
}
