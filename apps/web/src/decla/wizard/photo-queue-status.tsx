/**
 * What this phone's photos are doing while the driver is on another step (issue 35 item 7): how many
 * are still being sent, and, when one could not be sent or the plate photo shows another plate, a
 * way back to the photos step. Nothing is said on the photos step itself, which shows each photo.
 */
import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { END_STEP, stepNumber } from '@eid/domain/device';
import { useSession } from '../session/session-context';

const PHOTOS_STEP = stepNumber('photos');
const SIGNATURES_STEP = stepNumber('signatures');

export function PhotoQueueStatus() {
  const session = useSession();
  const { t } = useLingui();
  const step = useSelector(session.wizard, (s) => s.context.step);
  const { items, mismatch } = useSyncExternalStore(session.photos.subscribe, session.photos.getSnapshot);
  if (step === PHOTOS_STEP || step === END_STEP) return null;
  const going = items.filter((i) => i.error === null);
  const failed = items.length - going.length;
  const toPhotos = () => session.wizard.send({ type: 'user.goto', step: PHOTOS_STEP });
  const left = going.length;
  // On the signatures step the sending waits for them; elsewhere the driver goes on.
  const signing = step === SIGNATURES_STEP;
  return (
    <>
      {going.length > 0 ? (
        <div className="banner photo-queue photo-queue--going" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="photo-queue-text">{signing ? t`Sending photos: ${left} left. The declaration is sent once they are in.` : t`Sending photos: ${left} left. You can go on filling in.`}</span>
          <progress aria-label={t`Photos sent`} />
        </div>
      ) : null}
      {failed > 0 || mismatch ? (
        <div className="banner banner--warning photo-queue" role="alert">
          <p>{failed > 0 ? <Trans>A photo could not be sent. Send it again or remove it on the photos step.</Trans> : <Trans>The plate on the photo is not the declared one. Check it on the photos step.</Trans>}</p>
          <button type="button" className="button button--small" onClick={toPhotos}>
            <Trans>Go to the photos</Trans>
          </button>
        </div>
      ) : null}
    </>
  );
}
