/**
 * The parts of the standard wrapper (app-shell §2): the toolbar with the account button, the theme
 * toggle and the language picker, the back link of the page layout (`common.back`), and the footer with the
 * office contacts, the office hours of §9, the content pages and the feedback dialog.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '../i18n/language-switcher';
import { isDarkTheme, setDarkTheme } from './theme';
/** Loaded when opened: it is not part of the first screen. */
const FeedbackDialog = lazy(() => import('./feedback-dialog').then((m) => ({ default: m.FeedbackDialog })));
import { OFFICE_EMAIL, OFFICE_PHONE, OFFICE_PHONE_HREF, OfficeHours } from './office-hours';
import { InstallButton } from './pwa';
import { sessionCall, useAccount } from './account-session';
import { ACCOUNT_PATH } from '@eid/domain/shell';
import type { HttpResult } from '@eid/domain/protocol';
import { onChatChange } from './chat-events';
import { openLogin } from './login-request';
import { AppLink, goBack, usePathname } from './navigation';

export function ThemeToggle() {
  const { t } = useLingui();
  const [dark, setDark] = useState(isDarkTheme);
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-pressed={dark}
      aria-label={t`Dark theme`}
      title={t`Dark theme`}
      onClick={() => {
        setDarkTheme(!dark);
        setDark(!dark);
      }}
    >
      <span aria-hidden="true">{dark ? '☀' : '☾'}</span>
    </button>
  );
}

export function Toolbar() {
  const { t } = useLingui();
  return (
    <header className="toolbar">
      <AppLink to="/" className="brand" aria-label={t`EID home page`}>
        EID
      </AppLink>
      <span className="toolbar-spacer" />
      <AccountButton />
      <ThemeToggle />
      <LanguageSwitcher />
    </header>
  );
}

/** The toolbar's way into the account: "Sign in" opens the login dialog; signed in, it leads to /user. */
function AccountButton() {
  const { t } = useLingui();
  const state = useAccount();
  if (state.kind === 'signed-in') {
    return (
      <>
        <UnreadMessages />
        {/* On a narrow phone the name becomes a person icon (still named for screen readers): "My account" on two lines beside the unread badge (issue 34) or wider than the screen. */}
        <AppLink to="/user" className="toolbar-account toolbar-me">
          <svg className="toolbar-me-icon" aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="currentColor">
            <circle cx="12" cy="8" r="4.2" />
            <path d="M3.5 21c0-4.7 3.8-7.6 8.5-7.6s8.5 2.9 8.5 7.6z" />
          </svg>
          <span className="toolbar-me-text">{t`My account`}</span>
        </AppLink>
      </>
    );
  }
  if (state.kind === 'unknown') return null;
  return (
    <button type="button" className="toolbar-account" onClick={() => openLogin({ mode: 'sign-in' })}>
      {t`Sign in`}
    </button>
  );
}

/**
 * CH2: the toolbar's link to the messages with the number of the bureau's messages not yet opened:
 * read at each page, when the page is shown again, and live while a chat page has the stream open
 * (CH6); it opens no stream itself, so other pages keep no request open.
 */
function UnreadMessages() {
  const { t } = useLingui();
  const [unread, setUnread] = useState(0);
  const pathname = usePathname();
  useEffect(() => {
    let live = true;
    const load = () =>
      // The first screen's bundle does without the registry's schemas (api.ts): the answer is still the registry's type.
      void sessionCall<HttpResult<'unreadChats'>>(`${ACCOUNT_PATH}/chats/unread`).then(
        (r) => live && setUnread(r.unread),
        () => undefined,
      );
    load();
    const stop = onChatChange(load, false);
    const shown = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', shown);
    return () => {
      live = false;
      stop();
      document.removeEventListener('visibilitychange', shown);
    };
  }, [pathname]);
  const label = unread > 0 ? t`Messages, ${unread} unread` : t`Messages`;
  return (
    <AppLink to="/messages" className="toolbar-account toolbar-messages" aria-label={label}>
      <span className="toolbar-icon" aria-hidden="true">
        ✉
      </span>
      <span className="toolbar-text">{t`Messages`}</span>
      {unread > 0 ? (
        <span className="unread-badge" aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </AppLink>
  );
}

/** One step back in history; opened directly (no history), it leads home. */
export function BackLink() {
  const { t } = useLingui();
  return (
    <p className="back-link">
      <a
        href="/"
        onClick={(e) => {
          e.preventDefault();
          goBack();
        }}
      >
        <span aria-hidden="true">‹ </span>
        {t({ id: 'common.back', message: 'Back' })}
      </a>
    </p>
  );
}

export function Footer() {
  const { t } = useLingui();
  const [feedback, setFeedback] = useState(false);
  return (
    <footer className="site-footer">
      <nav aria-label={t`About the service`}>
        <ul className="footer-links">
          <li>
            <AppLink to="/info">{t`Information`}</AppLink>
          </li>
          <li>
            <AppLink to="/duk">{t`Questions and answers`}</AppLink>
          </li>
          <li>
            <AppLink to="/terms">{t`Terms and privacy`}</AppLink>
          </li>
          <li>
            <AppLink to="/about">{t`About`}</AppLink>
          </li>
          <li>
            <AppLink to="/history">{t`Version history`}</AppLink>
          </li>
        </ul>
      </nav>
      <section className="footer-contacts" aria-labelledby="footer-contacts-title">
        <h2 id="footer-contacts-title">{t`Contacts`}</h2>
        <p>
          <a href={OFFICE_PHONE_HREF}>{OFFICE_PHONE}</a> · <a href={`mailto:${OFFICE_EMAIL}`}>{OFFICE_EMAIL}</a>
        </p>
        <OfficeHours />
        <p className="footer-buttons">
          <button type="button" className="button button--secondary" onClick={() => setFeedback(true)}>
            <Trans>Give feedback</Trans>
          </button>
          <InstallButton />
        </p>
      </section>
      {feedback ? (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedback(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
