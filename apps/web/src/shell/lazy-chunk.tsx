/**
 * Lazy parts of the page (app-shell: "Chunk scripts and styles load from the site's own root with a
 * 120-second time-out"; "Chunk load failures on script or CSS time-out or missing file"): a part
 * that fails to load, or has not loaded in SCRIPT_LOAD_TIMEOUT_MS, is CHUNK_LOAD_FAILED, shown where
 * the part would be with a reload (what was typed is kept by the declaration's recovery), not the
 * generic error page.
 */
import { trackEvent } from '@eid/domain/shell';
import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { ErrorText } from '../decla/fields/fields';
import { analytics } from './analytics';
import { ChunkLoadError } from './chunk-timeout';

const isChunkFailure = (e: unknown): boolean => e instanceof ChunkLoadError;

/** Shows CHUNK_LOAD_FAILED with a reload for a part that could not be loaded; any other error goes on to the page's boundary. */
export class ChunkBoundary extends Component<{ children: ReactNode; onClose?: () => void }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkFailure(error)) trackEvent(analytics, 'chunk_load_failed', {});
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    // Not a loading failure: the page's own boundary shows it (and logs it).
    if (!isChunkFailure(this.state.error)) throw this.state.error;
    return (
      <div className="step-error" role="alert">
        <ErrorText code="CHUNK_LOAD_FAILED" />
        <div className="dialog-buttons">
          {/* A part opened on demand (the steps menu) can be closed again: the step under it still works. */}
          {this.props.onClose ? (
            <button type="button" className="button button--secondary" onClick={this.props.onClose}>
              <Trans>Close</Trans>
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </button>
        </div>
      </div>
    );
  }
}
