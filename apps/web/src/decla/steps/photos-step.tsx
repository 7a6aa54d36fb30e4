import { useId, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  PHOTO_SECTIONS,
  PHOTO_SECTION_LIMITS,
  SHOWN_PHOTO_EXTENSIONS,
  addPhotoError,
  isDisplayablePhoto,
  photoFileError,
  photoSetNumber,
  type DeclarationView,
  type Party,
  type PhotoSection,
} from '@eid/domain';
import { ErrorText } from '../fields/fields';
import { codeOf } from '../session/decla-session';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { useStepValidity, useStepWaiting } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

const ACCEPT = ['image/*', ...SHOWN_PHOTO_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Photos of a set for a party; the overview (set 0) is shared and counted over both. */
export function photoCount(d: DeclarationView, party: Party, section: PhotoSection): number {
  const set = photoSetNumber(section);
  if (section === 'overview') return d.parties.A.photos.filter((p) => p.set === 0).length + d.parties.B.photos.filter((p) => p.set === 0).length;
  return d.parties[party].photos.filter((p) => p.set === set).length;
}

function sectionMissing(d: DeclarationView, party: Party, section: PhotoSection): boolean {
  return photoCount(d, party, section) < PHOTO_SECTION_LIMITS[section].min;
}

function PhotoSectionView({ party, section, onBusy }: { party: Party; section: PhotoSection; onBusy: (delta: number) => void }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const hinted = useHinted();
  const id = useId();
  const set = photoSetNumber(section);
  const images = useSelector(session.images, (s) => s.context.sets);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string[]>([]);
  const limits = PHOTO_SECTION_LIMITS[section];
  const count = photoCount(d, party, section);
  const shown = section === 'overview' ? [...(images.A[0] ?? []), ...(images.B[0] ?? [])].filter((x, i, all) => all.findIndex((y) => y.id === x.id) === i) : (images[party][set] ?? []);
  const own = new Set(d.parties[party].photos.map((p) => p.id));
  const missing = sectionMissing(d, party, section);

  async function add(files: FileList | null) {
    if (!files) return;
    let n = count + uploading.length;
    for (const file of Array.from(files)) {
      const fileError = photoFileError({ name: file.name, size: file.size, type: file.type }) ?? addPhotoError(section, n);
      if (fileError) {
        setError(fileError);
        continue;
      }
      n += 1;
      setError(null);
      setUploading((u) => [...u, file.name]);
      onBusy(1);
      try {
        const blobId = await session.upload(file);
        const dataURL = isDisplayablePhoto(file.name) ? URL.createObjectURL(file) : '';
        session.images.send({ type: 'local.add', party, set, image: { id: blobId, dataURL, filename: file.name, inDMZ: false } });
        await session.request('add-foto', { party, id: blobId, set, filename: file.name.slice(0, 100) });
        session.images.send({ type: 'local.stored', id: blobId });
      } catch (e) {
        setError(codeOf(e));
      } finally {
        setUploading((u) => u.filter((x) => x !== file.name));
        onBusy(-1);
      }
    }
  }

  const titles: Record<PhotoSection, string> = {
    overview: t`Photos of the accident scene`,
    plates: t`Photo of the plate`,
    damages: t`Photos of the damages`,
    extra: t`Other photos (optional)`,
  };
  const full = count + uploading.length >= limits.max;
  return (
    <section className={`photo-section${missing && hinted ? ' photo-section--missing' : ''}`} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {titles[section]}{' '}
        <span className="muted">
          {count} / {limits.max}
        </span>
      </h3>
      <ul className="thumbs">
        {shown.map((img) => (
          <li key={img.id}>
            {img.dataURL ? <img src={img.dataURL} alt={img.filename} /> : <span className="thumb-placeholder">{img.filename}</span>}
            {own.has(img.id) ? (
              <button
                type="button"
                className="thumb-remove"
                aria-label={t`Remove ${img.filename}`}
                onClick={async () => {
                  try {
                    await session.request('remove-foto', { party, id: img.id });
                    session.images.send({ type: 'local.remove', id: img.id });
                  } catch (e) {
                    setError(codeOf(e));
                  }
                }}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
        {uploading.map((name) => (
          <li key={`up-${name}`} className="thumb-uploading" aria-busy="true">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{t`Uploading ${name}`}</span>
          </li>
        ))}
      </ul>
      {!full ? (
        <div className="photo-buttons">
          <label className="button button--secondary">
            <input className="visually-hidden" type="file" accept={ACCEPT} capture="environment" data-testid={`camera-${party}-${section}`} onChange={(e) => void add(e.currentTarget.files).then(() => (e.target.value = ''))} />
            {t`Take a photo`}
          </label>
          <label className="button button--secondary">
            <input
              className="visually-hidden"
              type="file"
              accept={ACCEPT}
              multiple={limits.max > 1}
              data-testid={`photos-${party}-${section}`}
              onChange={(e) => void add(e.currentTarget.files).then(() => (e.target.value = ''))}
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
    </section>
  );
}
