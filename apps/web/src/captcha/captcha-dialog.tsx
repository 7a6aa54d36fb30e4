import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_LOCALE, isLocale, type CaptchaAction, type Locale } from '@eid/domain';
import { captchaUrl } from './altcha-solver';
import type { CaptchaGate } from './captcha-gate';

interface Request {
  readonly action: CaptchaAction;
  readonly work: number;
  readonly resolve: (token: string) => void;
  readonly reject: (error: Error) => void;
}

/** The widget's own texts in each language the service speaks (issue 37), loaded with it. */
const ALTCHA_TEXTS: Record<Locale, () => Promise<unknown>> = {
  lt: () => import('altcha/i18n/lt'),
  en: () => import('altcha/i18n/en'),
  pl: () => import('altcha/i18n/pl'),
  lv: () => import('altcha/i18n/lv'),
  uk: () => import('altcha/i18n/uk'),
  ru: () => import('altcha/i18n/ru'),
  de: () => import('altcha/i18n/de'),
};

const cancelled = () => Object.assign(new Error('ERR_TIMEOUT'), { code: 'ERR_TIMEOUT' });

/**
 * Registers the captcha dialog as the gate's manual way and shows it when asked: used when the
 * automatic proof of work did not finish in 10 s (a slow phone, a weak connection).
 */
export function CaptchaDialogHost({ gate }: { gate: CaptchaGate }) {
  const [request, setRequest] = useState<Request | null>(null);
  useEffect(() => {
    gate.setManual((action, work) => new Promise<string>((resolve, reject) => setRequest({ action, work, resolve, reject })));
    return () => gate.setManual(null);
  }, [gate]);
  if (!request) return null;
  return (
    <CaptchaDialog
      action={request.action}
      work={request.work}
      onDone={(token) => {
        request.resolve(token);
        setRequest(null);
      }}
      onCancel={() => {
        request.reject(cancelled());
        setRequest(null);
      }}
    />
  );
}

/** The captcha dialog of the wizard: the ALTCHA widget (self-hosted, no tracking), loaded only here. */
export function CaptchaDialog({ action, work = 1, onDone, onCancel }: { action: CaptchaAction; work?: number; onDone: (token: string) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);

  useEffect(() => {
    let widget: HTMLElement | null = null;
    let gone = false;
    const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
    void Promise.all([import('altcha'), ALTCHA_TEXTS[lang]()])
      .then(() => {
        if (gone || !slot.current) return;
        widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', captchaUrl(action, work));
        widget.setAttribute('language', lang);
        widget.setAttribute('type', 'checkbox');
        widget.setAttribute('auto', 'off');
        widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }));
        widget.addEventListener('statechange', (event) => {
          const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
          if (detail.state === 'verified' && detail.payload) done.current(detail.payload);
          if (detail.state === 'error') setFailed(true);
        });
        slot.current.appendChild(widget);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      widget?.remove();
    };
  }, [action, work, i18n.locale]);

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="captcha-title" onCancel={onCancel}>
      <h2 id="captcha-title">{t`Confirm that you are a person`}</h2>
      <p>
        <Trans>The automatic check did not finish in time. Tick the box below and wait a moment.</Trans>
      </p>
      <div ref={slot} className="captcha-slot" />
      {failed ? (
        <p className="field-error" role="alert">
          <Trans>The check could not be loaded. Check the connection and try again.</Trans>
        </p>
      ) : null}
      <div className="dialog-buttons">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t`Cancel`}
        </button>
      </div>
    </dialog>
  );
}
