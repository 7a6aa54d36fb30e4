import { useModal } from '../../shell/use-modal';
import { Trans, useLingui } from '@lingui/react/macro';
import { UNFINISHED_TTL_MS } from '@eid/domain';
import { useSession } from '../session/session-context';

/**
 * The disconnect dialog: leave the declaration on this device (it can be found again with both
 * plates within 30 minutes), or delete it for both drivers.
 */
export function LeaveDialog({ onClose, onLeft }: { onClose: () => void; onLeft: () => void }) {
  const session = useSession();
  const { t } = useLingui();
  const ref = useModal();
  const minutes = UNFINISHED_TTL_MS / 60_000;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="leave-title" onCancel={onClose}>
      <h2 id="leave-title">
        <Trans>Leave the declaration?</Trans>
      </h2>
      <p>
        <Trans>
          If you leave, you can come back within {minutes} minutes: start again and enter both plates. Deleting it ends it for
          both drivers while the other driver has not joined; once they have, you only withdraw and they keep their part.
        </Trans>
      </p>
      <div className="dialog-buttons">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t`Stay`}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            session.leave();
            onLeft();
          }}
        >
          {t`Leave`}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            void session.hub.call('nuke-it').finally(() => {
              session.leave();
              onLeft();
            });
          }}
        >
          {t`Delete for both`}
        </button>
      </div>
    </dialog>
  );
}
