import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  PHOTO_SECTIONS,
  PHOTO_SECTION_LIMITS,
  SHOWN_PHOTO_EXTENSIONS,
  addPhotoError,
  photoFileError,
  photoSetNumber,
  photosInSection,
  sectionShort,
  type Party,
  type PhotoSection,
  type PlateRecognitionOutcome,
} from '@eid/domain';
import { isUploadRetryable } from '@eid/domain/protocol';
import { type LocalImage } from '@eid/domain/device';
import { ErrorText } from '../fields/fields';
import { codeOf } from '../session/decla-session';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { useStepValidity } from '../wizard/step-hooks';
import { PlateMismatchDialog } from '../dialogs/plate-mismatch-dialog';
import { photosGoing } from '../session/photo-uploads';
import { reportPhotos, trackPhotoError } from '../session/photo-upload-ports';
import type { StepProps } from '../wizard/step-footer';
import { rememberPermissionRequest } from '../../shell/permissions';

const ACCEPT = ['image/*', ...SHOWN_PHOTO_EXTENSIONS.map((e) => `.${e}`)].join(',');

function Thumbs({ images, removable, onRemove }: { images: readonly LocalImage[]; removable: ReadonlySet<string>; onRemove?: (img: LocalImage) => void }) {
  const { t } = useLingui();
  return (
    <>
      {images.map((img) => (
        <li key={img.id}>
          {img.dataURL ? <img src={img.dataURL} alt={img.filename} /> : <span className="thumb-placeholder">{img.filename}</span>}
          {onRemove && removable.has(img.id) ? (
            <button type="button" className="thumb-remove" aria-label={t`Remove ${img.filename}`} onClick={() => onRemove(img)}>
              ×
            </button>
          ) : null}
        </li>
      ))}
    </>
  );
}

function PhotoSectionView({ party, section }: { party: Party; section: PhotoSection }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const hinted = useHinted();
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const set = photoSetNumber(section);
  const images = useSelector(session.images, (s) => s.context.sets);
  const uploads = useSyncExternalStore(session.photos.subscribe, session.photos.getSnapshot);
  const [error, setError] = useState<string | null>(null);
  const limits = PHOTO_SECTION_LIMITS[section];
  const count = photosInSection(d, party, section);
  const shown =
    section === 'overview'
      ? [...(images.A[0] ?? []), ...(images.B[0] ?? [])].filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i)
      : (images[party][set] ?? []);
  const own = new Set(d.parties[party].photos.map((p) => p.id));
  const going = photosGoing(uploads.items, party, section);
  const missing = sectionShort(d, party, section, going);
  // This section's photos on their way (the overview's from either party this phone fills).
  const pending = uploads.items.filter((p) => p.section === section && (section === 'overview' || p.party === party));
  // Asked only while the photo is still in the declaration (not after it was removed or retaken).
  const mismatch = uploads.mismatch?.party === party && section === 'plates' && own.has(uploads.mismatch.photoId) ? uploads.mismatch : null;

  function add(files: FileList | null) {
    if (!files) return;
    // A file refused for what it is was said and cannot be sent again: the next file's outcome takes its place (issue 34).
    for (const p of pending) if (p.error && !isUploadRetryable(p.error)) session.photos.dismiss(p.key);
    let n = count + going;
    for (const file of Array.from(files)) {
      const fileError = photoFileError({ name: file.name, size: file.size, type: file.type }) ?? addPhotoError(section, n);
      if (fileError) {
        setError(fileError);
        trackPhotoError(fileError, section, party, session.mode);
        continue;
      }
      n += 1;
      setError(null);
      void session.photos.add(party, section, file);
    }
  }

  async function remove(img: LocalImage) {
    try {
      await session.request('remove-foto', { party, id: img.id });
      session.images.send({ type: 'local.remove', id: img.id });
    } catch (e) {
      setError(codeOf(e));
    }
  }

  async function resolve(outcome: PlateRecognitionOutcome) {
    const m = mismatch;
    session.photos.clearMismatch();
    if (!m) return;
    let final: PlateRecognitionOutcome = outcome;
    try {
      if (outcome === 'REFOTO') {
        await session.request('remove-foto', { party, id: m.photoId });
        session.images.send({ type: 'local.remove', id: m.photoId });
        camera.current?.click();
      } else if (outcome === 'SWITCH') {
        await session.request('switch-plate', { party, plate: m.read });
      }
    } catch (e) {
      final = 'ERROR';
      setError(codeOf(e));
    }
    void reportPhotos(session, 'info', `plate recognition: ${final}`, { outcome: final, status: m.status, read: m.read, declared: d.parties[party].vehicle.plate });
  }

  const titles: Record<PhotoSection, string> = {
    overview: t`Photos of the accident scene`,
    plates: t`Photo of the plate`,
    damages: t`Photos of the damages`,
    extra: t`Other photos (optional)`,
  };
  const full = count + going >= limits.max;
  return (
    <section className={`photo-section${missing && hinted ? ' photo-section--missing' : ''}`} aria-labelledby={`${id}-title`} data-section={section}>
      <h3 id={`${id}-title`}>
        {titles[section]}{' '}
        <span className="muted">
          {count} / {limits.max}
        </span>
      </h3>
      <ul className="thumbs">
        <Thumbs images={shown} removable={own} onRemove={(img) => void remove(img)} />
        {pending.map((p) => (
          <li key={p.key} className={p.error ? 'thumb-failed' : 'thumb-uploading'} aria-busy={!p.error}>
            {p.error ? (
              <div className="thumb-failed-actions">
                {/* A file refused for what it is cannot succeed again: only Remove (issue 18 item 12). */}
                {isUploadRetryable(p.error) ? (
                  <button type="button" className="button button--small" aria-label={t`Retry ${p.file.name}`} onClick={() => void session.photos.retry(p.key)}>
                    {t`Retry`}
                  </button>
                ) : null}
                <button type="button" className="button button--small button--text" aria-label={t`Remove ${p.file.name}`} onClick={() => session.photos.dismiss(p.key)}>
                  {t`Remove`}
                </button>
              </div>
            ) : (
              <progress max={1} value={p.progress} aria-label={t`Uploading ${p.file.name}`} />
            )}
          </li>
        ))}
      </ul>
      {pending.some((p) => p.error) ? <ErrorText code={pending.find((p) => p.error)?.error} /> : null}
      {!full ? (
        <div className="photo-buttons">
          <label className="button button--secondary">
            <input ref={camera} className="visually-hidden" type="file" accept={ACCEPT} capture="environment" data-testid={`camera-${party}-${section}`} onClick={() => rememberPermissionRequest('camera')} onChange={(e) => {
              add(e.currentTarget.files);
              e.currentTarget.value = '';
            }} />
            {t`Take a photo`}
          </label>
          <label className="button button--secondary">
            <input
              className="visually-hidden"
              type="file"
              accept={ACCEPT}
              multiple={limits.max > 1}
              data-testid={`photos-${party}-${section}`}
              onChange={(e) => {
                add(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
            {t`Choose photos`}
          </label>
        </div>
      ) : null}
      {missing && hinted ? (
        <div className="step-error" tabIndex={-1}>
          <ErrorText code="PREVIEW_PHOTOS" />
        </div>
      ) : null}
      <ErrorText code={error} />
      {mismatch ? <PlateMismatchDialog mismatch={{ ...mismatch, declared: d.parties[party].vehicle.plate }} onChoose={(o) => void resolve(o)} /> : null}
    </section>
  );
}

/** The other driver's photos, as image sync brings them (read only). */
function OtherDriverPhotos({ party }: { party: Party }) {
  const session = useSession();
  const images = useSelector(session.images, (s) => s.context.sets);
  const theirs = [1, 2, 3].flatMap((set) => images[party][set] ?? []);
  if (theirs.length === 0) return null;
  return (
    <section className="photo-section photo-section--other" aria-label={party === 'A' ? 'A' : 'B'} data-section="other-driver">
      <h3>
        <Trans>Photos of the other driver</Trans>
      </h3>
      <ul className="thumbs">
        <Thumbs images={theirs} removable={new Set()} />
      </ul>
    </section>
  );
}

/** Step 7: photos in four sections (scene 1-5 shared, plate 1, damages 1-5, other 0-5 per driver). */
export function PhotosStep({ step }: StepProps) {
  const d = useConnectedDeclaration();
  const parties = useParties();
  const session = useSession();
  const { items } = useSyncExternalStore(session.photos.subscribe, session.photos.getSnapshot);
  // A photo on its way counts: the driver goes on while it is sent (issue 35); the wizard says how it ends.
  const short = (party: Party, section: PhotoSection) => sectionShort(d, party, section, photosGoing(items, party, section));
  const valid = !short(parties[0] ?? 'A', 'overview') && parties.every((p) => !short(p, 'plates') && !short(p, 'damages'));
  useStepValidity(step, valid);
  return (
    <section className="step step-photos">
      <p className="step-lead">
        <Trans>Take photos of the scene, of each plate and of the damages. Accepted: JPG, PNG, HEIC, up to 20MB each.</Trans>
      </p>
      <PhotoSectionView party={parties[0] ?? 'A'} section="overview" />
      {parties.map((p) => (
        <div key={p} className="party-photos">
          {parties.length > 1 ? <h2>{p === 'A' ? <Trans>Vehicle A</Trans> : <Trans>Vehicle B</Trans>}</h2> : null}
          {PHOTO_SECTIONS.filter((s) => s !== 'overview').map((section) => (
            <PhotoSectionView key={section} party={p} section={section} />
          ))}
        </div>
      ))}
      {parties.length === 1 ? <OtherDriverPhotos party={parties[0] === 'A' ? 'B' : 'A'} /> : null}
    </section>
  );
}
