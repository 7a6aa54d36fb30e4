import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { stepDefinition } from '@eid/domain/device';
import { ErrorText } from '../fields/fields';
import { useSession } from '../session/session-context';

export interface StepProps {
  readonly step: number;
}

/** Back and next (declaration-flow §2 flags: noBack, outlined, altNextText, noChevron, waiting). */
export function StepFooter({ nextLabel }: { nextLabel?: string }) {
  const session = useSession();
  const { t } = useLingui();
  const snap = useSelector(session.wizard, (s) => s);
  const { step, validity, waiting, error, returnTo } = snap.context;
  const def = stepDefinition(step);
  const busy = snap.hasTag('busy');
  const canBack = !def.flags.noBack && step !== 14;
  const valid = validity[step]?.valid ?? false;
  const label =
    nextLabel ??
    (def.flags.altNextText ? t`Start` : def.name === 'signatures' ? t`Submit` : returnTo !== null ? t`Back to review` : t`Next`);
  return (
    <footer className="decla-footer">
      <ErrorText code={error} />
      <div className="decla-footer-buttons">
        {canBack ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => session.wizard.send({ type: 'user.back' })}>
            <span aria-hidden="true">‹ </span>
            {t`Back`}
          </button>
        ) : null}
        {def.flags.skippable ? (
          <button type="button" className="button button--text" onClick={() => session.wizard.send({ type: 'user.skip' })}>
            {t`Skip`}
          </button>
        ) : null}
        <button
          type="button"
          className={`button button--next${def.flags.outlined ? ' button--outlined' : ''}${!valid || waiting ? ' button--inactive' : ''}`}
          aria-disabled={!valid || waiting || busy}
          aria-busy={busy || waiting}
          data-testid="next"
          onClick={() => {
            if (busy) return;
            session.wizard.send({ type: 'user.next' });
          }}
        >
          {busy || waiting ? <span className="spinner" aria-hidden="true" /> : null}
          {label}
          {def.flags.noChevron || def.flags.altNextText ? null : <span aria-hidden="true"> ›</span>}
        </button>
      </div>
    </footer>
  );
}
