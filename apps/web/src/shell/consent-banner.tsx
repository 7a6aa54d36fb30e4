/**
 * The cookie-consent handler (app-shell §5): until the visitor answers, a banner asks whether
 * anonymous usage statistics may be collected. The answer is kept (`cookiesAgreed`, `gaAllowed`
 * T/N); N clears what was queued and disables tracking.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { consentAnswered, setAnalyticsConsent } from './analytics';
import { AppLink } from './navigation';

export function ConsentBanner() {
  const { t } = useLingui();
  const [open, setOpen] = useState(() => !consentAnswered());
  if (!open) return null;
  const answer = (consent: 'T' | 'N') => {
    setAnalyticsConsent(consent);
    setOpen(false);
  };
  return (
    <section className="consent-banner" role="region" aria-label={t`Cookies`}>
      <p>
        <Trans>
          The declaration needs only the storage of this browser. With your consent we also count anonymous visits to improve the service.
        </Trans>{' '}
        <AppLink to="/terms" hash="privacy">{t`Privacy policy`}</AppLink>
      </p>
      <div className="consent-buttons">
        <button type="button" className="button" onClick={() => answer('T')}>
          {t`Allow statistics`}
        </button>
        <button type="button" className="button button--secondary" onClick={() => answer('N')}>
          {t`Only what is necessary`}
        </button>
      </div>
    </section>
  );
}
