import { useEffect, useMemo, useState } from 'react';
import { useRegionNames } from '../decla/fields/use-region-names';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  PARTIES,
  PHOTO_SECTIONS,
  PREVIEW_PASSWORD_LENGTH,
  linkKey,
  type Party,
  type StatementLink,
  type StatementView,
} from '@eid/domain';
import { GET_FILE_PATH, STATEMENT_PATH } from '@eid/domain/protocol';
import { ErrorText } from '../decla/fields/fields';
import { activateLocale, i18n, languagePicked } from '../i18n/i18n';
import { CIRCUMSTANCE_LABELS } from '../decla/steps/circumstance-labels';
import { impactLabel } from '../decla/steps/impact-labels';
import { AltchaSolver } from '../captcha/altcha-solver';
import { CaptchaGate } from '../captcha/captcha-gate';
import { CaptchaDialogHost } from '../captcha/captcha-dialog';
import type { HttpResult } from '@eid/domain/protocol';
import { PasswordInput } from '../shell/password-input';

const fileUrl = (statementId: string, fileName: string, type: number) =>
  `${GET_FILE_PATH}?cuid=${encodeURIComponent(statementId)}&fileName=${encodeURIComponent(fileName)}&type=${type}`;

/** Which statement this browser opened from this link (the cookie proves it for an hour). */
const rememberKey = (link: StatementLink) => `eid-statement:${linkKey(link)}`;
function remembered(link: StatementLink): string | null {
  try {
    return window.sessionStorage.getItem(rememberKey(link));
  } catch {
    return null;
  }
}
function remember(link: StatementLink, statementId: string): void {
  try {
    window.sessionStorage.setItem(rememberKey(link), statementId);
  } catch {
    // a private window: the password is asked again after a reload
  }
}

async function codeOfResponse(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : 'GENERIC_ERROR';
  } catch {
    return 'GENERIC_ERROR';
  }
}

/**
 * The statement preview (app-shell §2): opened from the SMS (`/a/{suid}`) or the e-mail's link or QR
 * code (`/accidents/{accidentId}/statements/{statementId}`). First the password field and Confirm;
 * then the detail view: the documents to download, the photos, plates, damages, the rest, and the
 * voice notes.
 */
export function StatementPage({ link }: { link: StatementLink }) {
  const { t } = useLingui();
  const gate = useMemo(() => new CaptchaGate(new AltchaSolver()), []);
  const [view, setView] = useState<StatementView | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [retryMinutes, setRetryMinutes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(() => remembered(link) !== null);

  useEffect(() => {
    const id = remembered(link);
    if (!id) return;
    void fetch(`${STATEMENT_PATH}/${encodeURIComponent(id)}`, { credentials: 'include', cache: 'no-store' })
      .then(async (res) => (res.ok ? setView((await res.json()) as HttpResult<'statement'>) : undefined))
      .catch(() => undefined)
      .finally(() => setChecking(false));
    // The link is the page's identity: read it once.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => gate.prefetch('preview'), [gate]);

  const open = async () => {
    setBusy(true);
    setError(null);
    setRetryMinutes(null);
    try {
      const captcha = await gate.token('preview');
      gate.prefetch('preview');
      const res = await fetch(STATEMENT_PATH, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ link, password: password.trim(), captcha }),
      });
      if (res.ok) {
        const v = (await res.json()) as HttpResult<'openStatement'>;
        remember(link, v.statementId);
        setView(v);
        return;
      }
      if (res.status === 429) setRetryMinutes(Math.max(1, Math.ceil(Number(res.headers.get('retry-after') ?? '60') / 60)));
      setError(await codeOfResponse(res));
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      setError(typeof code === 'string' ? code : 'NETWORK_ERROR');
    } finally {
      setBusy(false);
    }
  };

  // ST5: a link sent before it named its language opens in the statement's, unless the reader picked one.
  useEffect(() => {
    if (view && !languagePicked() && i18n.locale !== view.lang) void activateLocale(view.lang, false);
  }, [view]);

  if (view) return <StatementDetail view={view} />;
  return (
    <article className="page statement">
      <CaptchaDialogHost gate={gate} />
      <h1>{t`Road accident declaration`}</h1>
      {checking ? (
        <p className="loading">{t`Loading…`}</p>
      ) : (
        <form
          className="statement-password"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy && password.trim()) void open();
          }}
        >
          <p>
            <Trans>Enter the password to see the declaration.</Trans>
          </p>
          <div className={`field${error ? ' field--error' : ''}`}>
            <label htmlFor="statement-password">{t`Password`}</label>
            <p id="statement-password-hint" className="field-hint">
              <Trans>The last {PREVIEW_PASSWORD_LENGTH} characters of your personal code or driving licence number.</Trans>
            </p>
            <div className="field-input">
              <PasswordInput
                id="statement-password"
                autoComplete="off"
                value={password}
                aria-describedby="statement-password-hint statement-password-error"
                aria-invalid={error !== null}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <ErrorText id="statement-password-error" code={error} />
            {retryMinutes !== null ? (
              <p className="field-error">
                <Trans>Try again in {retryMinutes} min.</Trans>
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={busy || password.trim() === ''}>
            {busy ? t`Checking…` : t`Confirm`}
          </button>
        </form>
      )}
    </article>
  );
}

export function StatementDetail({ view }: { view: StatementView }) {
  const { t, i18n } = useLingui();
  const regions = useRegionNames();
  const regionName = (code: string) => regions?.of(code) ?? code;
  const [photos, setPhotos] = useState(false);
  const [audioFailed, setAudioFailed] = useState(false);
  const sectionNames: Record<(typeof PHOTO_SECTIONS)[number], string> = {
    overview: t`Accident scene`,
    plates: t`Plates`,
    damages: t`Damages`,
    extra: t`Other photos`,
  };
  // The document's language named in the reader's ("ukrainiečių" on a Lithuanian page), by the browser's own names.
  const langName = (lang: string) => new Intl.DisplayNames([i18n.locale], { type: 'language' }).of(lang) ?? lang;
  const guilty = view.guilty === 'BOTH' ? t`Both drivers` : view.guilty ? t`Driver ${view.guilty}` : '—';
  const partyCard = (p: Party) => {
    const x = view.parties[p];
    return (
      <section key={p} className="summary-card" aria-label={t`Driver and vehicle ${p}`}>
        <h3>{t`Driver and vehicle ${p}`}</h3>
        <dl>
          <dt>{t`Plate`}</dt>
          <dd className="plate">{x.plate || '—'}</dd>
          {x.trailerPlate ? (
            <>
              <dt>{t`Trailer`}</dt>
              <dd className="plate">{x.trailerPlate}</dd>
            </>
          ) : null}
          <dt>{t`Vehicle`}</dt>
          <dd>{x.makeModel || '—'}</dd>
          <dt>{t`Driver`}</dt>
          <dd>{x.driver || '—'}</dd>
          <dt>{t`Insurer`}</dt>
          <dd>
            {x.insurance === 'NONE'
              ? t`Not insured`
              : x.greenCard
                ? t`Insured abroad by ${x.insurer} (${regionName(x.greenCard.country)}), green card ${x.greenCard.number}, valid until ${x.greenCard.validUntil}`
                : x.insurer || '—'}
          </dd>
        </dl>
      </section>
    );
  };
  return (
    <article className="page statement statement--open">
      <h1>{t`Road accident declaration`}</h1>
      <p className="lead">
        {view.date} {view.time}
        {view.address ? ` · ${view.address}` : ''}
      </p>

      {view.claims.length > 0 || view.parties[view.party].insurance === 'REGISTRY' ? (
        <section aria-labelledby="statement-claims" className="summary-card">
          <h2 id="statement-claims">{t`Your insurer's claim`}</h2>
          {view.claims.length === 0 ? (
            <p className="muted">{t`If your insurer registers the claim with this service, its claim number is shown here and sent to you.`}</p>
          ) : (
            view.claims.map((c) => (
              <div key={`${c.insurerName}:${c.claimNumber}`}>
                <p>
                  <Trans>
                    {c.insurerName} registered your claim no. <strong>{c.claimNumber}</strong>.
                  </Trans>
                </p>
                {c.contactName || c.contactPhone || c.contactEmail ? <p>{t`Contact: ${[c.contactName, c.contactPhone, c.contactEmail].filter(Boolean).join(', ')}`}</p> : null}
              </div>
            ))
          )}
        </section>
      ) : null}

      <section aria-label={t`Download`} className="statement-downloads">
        {view.documents.map((doc) => (
          <a key={doc.type} className="button" href={fileUrl(view.statementId, doc.fileName, doc.type)} download={doc.fileName} data-testid={`download-${doc.type}`}>
            {t`Download the declaration (PDF, ${langName(doc.lang)})`}
          </a>
        ))}
        <p className="muted">
          <Trans>The PDF opens with the same password.</Trans>
        </p>
      </section>

      <section aria-labelledby="statement-plates">
        <h2 id="statement-plates">{t`Plates`}</h2>
        {PARTIES.map(partyCard)}
      </section>

      <section aria-labelledby="statement-damages">
        <h2 id="statement-damages">{t`Damages`}</h2>
        {PARTIES.map((p) => {
          const x = view.parties[p];
          const points = x.impact.map((id) => {
            const label = impactLabel(id);
            return label ? i18n._(label) : id;
          });
          return (
            <section key={p} className="summary-card" aria-label={t`Damages of vehicle ${p}`}>
              <h3>{t`Vehicle ${p}`}</h3>
              <p>{points.length ? t`Hit: ${points.join(', ')}` : null}</p>
              <p>{x.damages || '—'}</p>
            </section>
          );
        })}
      </section>

      <section aria-labelledby="statement-additional">
        <h2 id="statement-additional">{t`Additional`}</h2>
        <dl className="summary-card">
          <dt>{t`At fault`}</dt>
          <dd>{guilty}</dd>
          {PARTIES.map((p) => (
            <div key={p}>
              <dt>{t`Circumstances of vehicle ${p}`}</dt>
              <dd>{view.parties[p].circumstances.map((k) => `${k}. ${i18n._(CIRCUMSTANCE_LABELS[k])}`).join('; ') || '—'}</dd>
              {view.parties[p].comment ? (
                <>
                  <dt>{t`Remarks of driver ${p}`}</dt>
                  <dd>{view.parties[p].comment}</dd>
                </>
              ) : null}
              {view.parties[p].witnesses.length ? (
                <>
                  <dt>{t`Witnesses of driver ${p}`}</dt>
                  <dd>{view.parties[p].witnesses.join('; ')}</dd>
                </>
              ) : null}
            </div>
          ))}
        </dl>
        {view.schemeImageId ? <img className="statement-scheme" src={fileUrl(view.statementId, view.schemeImageId, 69)} alt={t`Scheme of the accident`} /> : null}
      </section>

      {PARTIES.some((p) => view.parties[p].audio.length) ? (
        <section aria-labelledby="statement-audio">
          <h2 id="statement-audio">{t`Voice notes`}</h2>
          {PARTIES.flatMap((p) =>
            view.parties[p].audio.map((a) => (
              <div key={a.id} className="voice-note">
                <span>{a.type === 'DAMAGES' ? t`Driver ${p} about the damages` : t`Driver ${p} about the circumstances`}</span>
                <audio controls preload="none" src={fileUrl(view.statementId, a.id, 1)} onError={() => setAudioFailed(true)} />
              </div>
            )),
          )}
          {audioFailed ? <ErrorText code="AUDIO_FETCH_INCOMPLETE" /> : null}
        </section>
      ) : null}

      <section aria-labelledby="statement-photos">
        <h2 id="statement-photos">{t`Photos`}</h2>
        <button type="button" className="button button--secondary" aria-expanded={photos} onClick={() => setPhotos((v) => !v)}>
          {photos ? t`Hide the photos` : t`Show the photos`}
        </button>
        {photos
          ? PARTIES.map((p) => (
              <div key={p} className="photo-groups">
                {PHOTO_SECTIONS.map((section, set) => {
                  const list = view.parties[p].photos.filter((ph) => ph.set === set);
                  if (!list.length) return null;
                  return (
                    <figure key={section} className="photo-group">
                      <figcaption>{`${t`Driver ${p}`} · ${sectionNames[section]}`}</figcaption>
                      <div className="thumbs">
                        {list.map((ph) => (
                          <a key={ph.id} href={fileUrl(view.statementId, ph.id, 69)} target="_blank" rel="noopener">
                            <img src={fileUrl(view.statementId, `${ph.id}-t`, 69)} alt={`${sectionNames[section]} – ${p}`} loading="lazy" />
                          </a>
                        ))}
                      </div>
                    </figure>
                  );
                })}
              </div>
            ))
          : null}
      </section>
    </article>
  );
}
