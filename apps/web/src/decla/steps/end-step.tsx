import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { BACKEND_BASE_PATH, OFFICE_HOURS, PREVIEW_PASSWORD_LENGTH } from '@eid/domain';
import { ErrorText } from '../fields/fields';
import { useSession } from '../session/session-context';
import { useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

function OfficeContacts() {
  const { t } = useLingui();
  const days = [t`Monday to Thursday`, t`Friday`];
  const hours = [OFFICE_HOURS[1], OFFICE_HOURS[5]].map((intervals) => intervals.map((i) => `${i.from}–${i.to}`).join(', '));
  return (
    <section className="summary-card" aria-label={t`Contacts of the bureau`}>
      <h2>{t`Questions?`}</h2>
      <p>
        <Trans>Contact the bureau of motor insurers:</Trans>
      </p>
      <dl>
        {days.map((d, i) => (
          <div key={d}>
            <dt>{d}</dt>
            <dd>{hours[i]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Step 14: the result: sent (with the view link), failed (report the error), or the practice variant. */
export function EndStep({ step }: StepProps) {
  const session = useSession();
  const { t } = useLingui();
  const navigate = useNavigate();
  const d = useSelector(session.connection, (s) => s.context.declaration);
  const reason = useSelector(session.connection, (s) => s.context.endReason);
  const [reported, setReported] = useState<'no' | 'yes' | 'failed'>('no');
  useStepValidity(step, true);
  const restart = () => {
    session.leave();
    void navigate({ to: '/' });
  };
  const practice = session.mode === 'practice' || d?.mode === 'practice';
  const state = d?.submitState;

  let body;
  if (reason === 'REMOVED' || reason === 'NUKED' || reason === 'TAKEN_OVER') {
    body = (
      <>
        <h2>{t`The declaration ended`}</h2>
        <ErrorText code={reason === 'TAKEN_OVER' ? 'HEARTBEAT' : 'REMOVED_INACTIVE'} />
      </>
    );
  } else if (practice) {
    body = (
      <>
        <h2>{t`Practice finished`}</h2>
        <p>
          <Trans>This was practice: nothing was saved or sent. When an accident happens, start a live declaration the same way.</Trans>
        </p>
      </>
    );
  } else if (state === 'SUCCESS') {
    body = (
      <>
        <h2>{t`The declaration was sent`}</h2>
        <p>
          <Trans>It was sent to both drivers and to the insurer of the party at fault, by SMS or e-mail as you chose.</Trans>
        </p>
        {d?.viewUrl ? (
          <p>
            <a href={d.viewUrl}>{t`Open the declaration`}</a>
          </p>
        ) : null}
        <p className="muted">
          <Trans>To open it, use the last {PREVIEW_PASSWORD_LENGTH} characters of your personal code or driving licence number.</Trans>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <h2>{t`The declaration could not be completed`}</h2>
        <p>
          <Trans>
            A correct document could not be produced and saved: the declaration was not filled in and received. Fill in a paper
            declaration. The responsible persons are informed.
          </Trans>
        </p>
        <button
          type="button"
          className="button button--secondary"
          disabled={reported !== 'no'}
          onClick={async () => {
            try {
              const res = await session.backend.fetch(`${BACKEND_BASE_PATH}/log/error`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', accept: 'application/json' },
                body: JSON.stringify({ src: 'end-screen', message: 'the driver reports a failed declaration', data: { declarationId: d?.id ?? null, state: state ?? null } }),
              });
              setReported(res.ok ? 'yes' : 'failed');
            } catch {
              setReported('failed');
            }
          }}
        >
          {t`Report the error`}
        </button>
        {reported === 'yes' ? <p role="status">{t`Thank you: the error was reported.`}</p> : null}
        {reported === 'failed' ? <ErrorText code="NETWORK_ERROR" /> : null}
      </>
    );
  }
  return (
    <section className="step step-end" data-result={reason ?? state ?? 'none'}>
      {body}
      <OfficeContacts />
      <button type="button" className="button" onClick={restart}>
        {t`Back to the start`}
      </button>
    </section>
  );
}
