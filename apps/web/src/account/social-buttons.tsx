/**
 * Sign-in with a social account (SPEC OI1-OI4): a link per configured provider that leaves for the
 * provider's sign-in and comes back signed in (or to the dialog saying why not). The buttons are
 * as wide as app-shell §3 sets the Google button: the smaller viewport edge minus 88 px, at most
 * 300 px.
 */
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { isLocale, STORAGE_KEYS } from '@eid/domain/constants';
import { ACCOUNT_PATH } from '@eid/domain/shell';
import { writeStored } from '../storage';
import { googleButtonWidth } from '@eid/domain';

/** The sign-in buttons' width (the social one by the rule; the dialog's others match it, issue 34). */
export function useButtonWidth(): number {
  const measure = () => googleButtonWidth(window.innerWidth, window.innerHeight);
  const [width, setWidth] = useState(measure);
  useEffect(() => {
    const resized = () => setWidth(measure());
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  return width;
}

export function SocialButtons({ providers, next }: { providers: ReadonlyArray<{ readonly id: string; readonly name: string }>; next: string }) {
  const { t, i18n } = useLingui();
  const width = useButtonWidth();
  return (
    <div className="dialog-buttons dialog-buttons--stacked social-buttons">
      {providers.map((p) => (
        <a
          key={p.id}
          className="button button--secondary social-button"
          style={{ width }}
          // The page that comes back asks the server for the session (a sign-in that did not happen clears the flag).
          onClick={() => writeStored(STORAGE_KEYS.signedIn, '1')}
          // The page's language: an account this sign-in makes speaks it (its e-mails and reminders, issue 37).
          href={`${ACCOUNT_PATH}/oidc/${encodeURIComponent(p.id)}/start?next=${encodeURIComponent(next)}${isLocale(i18n.locale) ? `&lang=${i18n.locale}` : ''}`}>
          {t`Sign in with ${p.name}`}
        </a>
      ))}
    </div>
  );
}
