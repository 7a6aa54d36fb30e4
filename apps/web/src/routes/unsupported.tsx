import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';

/** The unsupported-browser page as a route (the same text /browser-check.js shows before the app). */
export const Route = createFileRoute('/unsupported')({
  component: function UnsupportedRoute() {
    const { t } = useLingui();
    useEffect(() => {
      document.title = t`Browser not supported`;
    }, [t]);
    return (
      <article className="page unsupported">
        <h1>
          <Trans>Sorry, your browser is not supported.</Trans>
        </h1>
        <p>
          <Trans>Try a recent Chrome, Firefox or Edge.</Trans>
        </p>
      </article>
    );
  },
});
