import { dataText } from '../../shell/client-log';
import { trackEvent } from '@eid/domain/shell';
import { useId, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  PHOTO_ERROR_TRACKING,
  PHOTO_SECTIONS,
  PHOTO_SECTION_LIMITS,
  SHOWN_PHOTO_EXTENSIONS,
  addPhotoError,
  isDisplayablePhoto,
  photoFileError,
  photoSetNumber,
  photosInSection,
  type DeclarationView,
  type EidMode,
  type Party,
  type PhotoSection,
  type PlateRecognitionOutcome,
} from '@eid/domain';
import { BACKEND_BASE_PATH, isUploadRetryable, type BlobUploaded } from '@eid/domain/protocol';
import { type LocalImage } from '@eid/domain/device';
import { ErrorText } from '../fields/fields';
import { codeOf } from '../session/decla-session';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { useStepValidity, useStepWaiting } from '../wizard/step-hooks';
import { preparePhoto } from '../media/upload';
import { PlateMismatchDialog, type Mismatch } from '../dialogs/plate-mismatch-dialog';
import type { StepProps } from '../wizard/step-footer';
import { analytics } from '../../shell/analytics';
import { rememberPermissionRequest } from '../../shell/permissions';

/** A photo failure's analytics event (declaration-flow §8 tracking codes; SH5: nothing typed is sent). */
function trackPhotoError(code: string, section: PhotoSection, party: Party, mode: EidMode): void {
  if (code === 'FAILED_CONVERSION' || code === 'BAD_EXT' || code === 'TOO_BIG') trackEvent(analytics, PHOTO_ERROR_TRACKING[code] as 'photo_upload_bad_ext', { section, party, mode });
  else if (code === 'NOT_A_PHOTO' || code === 'TOO_MANY' || code === 'BASE64_FAILED') trackEvent(analytics, 'photo_upload_refused', { code, section, mode });
}

const ACCEPT = ['image/*', ...SHOWN_PHOTO_EXTENSIONS.map((e) => `.${e}`)].join(',');
/** Waits before automatic retries of an upload that lost the connection. */
const RETRY_DELAYS_MS = [1000, 3000, 9000] as const;

function sectionMissing(d: DeclarationView, party: Party, section: PhotoSection): boolean {
  return photosInSection(d, party, section) < PHOTO_SECTION_LIMITS[section].min;
}

interface Pending {
  readonly key: string;
  readonly file: File;
  readonly progress: number;
  readonly error: string | null;
  readonly attempt: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

function PhotoSectionView({ party, section, onBusy }: { party: Party; section: PhotoSection; onBusy: (delta: number) => void }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const hinted = useHinted();
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const set = photoSetNumber(section);
  const images = useSelector(session.images, (s) => s.context.sets);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);
  const limits = PHOTO_SECTION_LIMITS[section];
  const count = photosInSection(d, party, section);
  const shown =
    section === 'overview'
      ? [...(images.A[0] ?? []), ...(images.B[0] ?? [])].filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i)
      : (images[party][set] ?? []);
  const own = new Set(d.parties[party].photos.map((p) => p.id));
  const missing = sectionMissing(d, party, section);
  const update = (key: string, patch: Partial<Pending>) => setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  /** One photo to the server and into the declaration; the connection may drop on the way. */
  async function send(item: Pending): Promise<void> {
    onBusy(1);
    try {
      const body = await preparePhoto(item.file);
      let uploaded: BlobUploaded | null = null;
      for (let attempt = 0; ; attempt++) {
        try {
          update(item.key, { progress: 0, error: null, attempt });
          uploaded = await session.uploadWith(body, { purpose: 'photo', set, forParty: party }, (share) => update(item.key, { progress: share }));
          break;
        } catch (e) {
          const code = codeOf(e);
          const delay = RETRY_DELAYS_MS[attempt];
          if (code === 'NETWORK_ERROR' && delay !== undefined) {
            await sleep(delay);
            continue;
          }
          throw e;
        }
      }
      const dataURL = isDisplayablePhoto(item.file.name) ? URL.createObjectURL(body) : '';
      session.images.send({ type: 'local.add', party, set, image: { id: uploaded.id, dataURL, filename: item.file.name, inDMZ: false } });
      await session.request('add-foto', { party, id: uploaded.id, set, filename: item.file.name.slice(0, 100) });
      session.images.send({ type: 'local.stored', id: uploaded.id });
      if (!dataURL) {
        // HEIC and the like: the browser cannot show them; the server's JPEG thumbnail can.
        const thumb = await session
          .request('get-foto', { id: uploaded.id, thumb: true })
          .catch(() => null);
        if (thumb) {
          session.images.send({ type: 'local.add', party, set, image: { id: uploaded.id, dataURL: `data:${thumb.contentType};base64,${thumb.imageBase64}`, filename: item.file.name, inDMZ: true } });
        }
      }
      setPending((list) => list.filter((p) => p.key !== item.key));
      const rec = uploaded.recognition;
      if (rec && (rec.status === 'ERROR_WRONG_PLATE' || rec.status === 'ERROR_NOT_IN_EID') && rec.plate) {
        setMismatch({ status: rec.status, read: rec.plate, declared: d.parties[party].vehicle.plate, photoId: uploaded.id });
      }
    } catch (e) {
      const code = codeOf(e);
      // The photo stays, with its error, to be tried again or removed.
      update(item.key, { error: code, progress: 0 });
      trackPhotoError(code, section, party, session.mode);
      if (code in PHOTO_ERROR_TRACKING) void report('warn', `photo upload failed: ${PHOTO_ERROR_TRACKING[code as keyof typeof PHOTO_ERROR_TRACKING]}`, { code });
    } finally {
      onBusy(-1);
    }
  }

  async function report(level: 'info' | 'warn', message: string, data: Record<string, unknown>) {
    const c = session.connection.getSnapshot().context.credentials;
    await session.backend
      .fetch(`${BACKEND_BASE_PATH}/log${level === 'warn' ? '/warn' : ''}${c ? `?node_id=${encodeURIComponent(c.declarationId)}` : ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ src: 'photos', message, data: dataText(data) }),
      })
      .catch(() => undefined);
  }

  function add(files: FileList | null) {
    if (!files) return;
    // A file refused for what it is was said and cannot be sent again: the next file's outcome takes its place (issue 34).
    setPending((list) => list.filter((p) => !p.error || isUploadRetryable(p.error)));
    let n = count + pending.filter((p) => !p.error).length;
    for (const file of Array.from(files)) {
      const fileError = photoFileError({ name: file.name, size: file.size, type: file.type }) ?? addPhotoError(section, n);
      if (fileError) {
        setError(fileError);
        trackPhotoError(fileError, section, party, session.mode);
        continue;
      }
      n += 1;
      setError(null);
      seq.current += 1;
      const item: Pending = { key: `${file.name}-${seq.current}`, file, progress: 0, error: null, attempt: 0 };
      setPending((list) => [...list, item]);
      void send(item);
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
    setMismatch(null);
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
    void report('info', `plate recognition: ${final}`, { outcome: final, status: m.status, read: m.read, declared: m.declared });
  }

  const titles: Record<PhotoSection, string> = {
    overview: t`Photos of the accident scene`,
    plates: t`Photo of the plate`,
    damages: t`Photos of the damages`,
    extra: t`Other photos (optional)`,
  };
  const full = count + pending.filter((p) => !p.error).length >= limits.max;
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
                  <button type="button" className="button button--small" aria-label={t`Retry ${p.file.name}`} onClick={() => void send(p)}>
                    {t`Retry`}
                  </button>
                ) : null}
                <button type="button" className="button button--small button--text" aria-label={t`Remove ${p.file.name}`} onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}>
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
      {mismatch ? <PlateMismatchDialog mismatch={mismatch} onChoose={(o) => void resolve(o)} /> : null}
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
  const [busy, setBusy] = useState(0);
  const valid = !sectionMissing(d, 'A', 'overview') && parties.every((p) => !sectionMissing(d, p, 'plates') && !sectionMissing(d, p, 'damages'));
  useStepValidity(step, valid);
  useStepWaiting(busy > 0);
  const onBusy = (delta: number) => setBusy((b) => b + delta);
  return (
    <section className="step step-photos">
      <p className="step-lead">
        <Trans>Take photos of the scene, of each plate and of the damages. Accepted: JPG, PNG, HEIC, up to 20MB each.</Trans>
      </p>
      <PhotoSectionView party={parties[0] ?? 'A'} section="overview" onBusy={onBusy} />
      {parties.map((p) => (
        <div key={p} className="party-photos">
          {parties.length > 1 ? <h2>{p === 'A' ? <Trans>Vehicle A</Trans> : <Trans>Vehicle B</Trans>}</h2> : null}
          {PHOTO_SECTIONS.filter((s) => s !== 'overview').map((section) => (
            <PhotoSectionView key={section} party={p} section={section} onBusy={onBusy} />
          ))}
        </div>
      ))}
      {parties.length === 1 ? <OtherDriverPhotos party={parties[0] === 'A' ? 'B' : 'A'} /> : null}
    </section>
  );
}
