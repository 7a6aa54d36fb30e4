/**
 * A framework (React) error: logged to the server in the framework shape, and the "Klaida" /
 * "Error" screen with a way home instead of a blank page.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { logFrameworkError } from './client-log';
import { redactUrl } from '@eid/domain/shell';

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    logFrameworkError(error, { componentStack: info.componentStack?.slice(0, 4000) ?? null, path: redactUrl(window.location.pathname) });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <article className="page" role="alert">
        <h1>
          <Trans>Error</Trans>
        </h1>
        <p>
          <Trans>Something went wrong on this page. What you entered in a declaration is kept. Reload the page or go to the home page.</Trans>
        </p>
        <p>
          <a className="button" href="/">
            <Trans>To the home page</Trans>
          </a>
        </p>
      </article>
    );
  }
}
