import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NATIVE_NAMES, LOCALE_SHORT_NAMES, type Locale } from '@eid/domain/constants';
import { activateLocale, cancelLocaleSwitch, isLocale } from './i18n';
import { useModal } from '../shell/use-modal';

/**
 * The language picker (app-shell: "language selection dialog"; issue 37). With two languages (the
 * console's) a pair of toggle buttons; with the drivers' seven a button naming the page's language
 * that opens a dialog listing each language in itself, so a reader finds theirs whatever the page's.
 */
export function LanguageSwitcher({ locales = LOCALES }: { locales?: readonly Locale[] }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus goes back to the picker once its dialog has left the page (drawn without it: until then the rest is inert),
  // unless the person has put it somewhere meanwhile (a tap on Next gives it to the step's first error).
  useEffect(() => {
    if (open || !wasOpen.current) {
      wasOpen.current = open;
      return;
    }
    wasOpen.current = false;
    const frame = requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) trigger.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const current = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  if (locales.length <= 2) {
    return (
      <div role="group" aria-label={t`Language`} className="language-switcher">
        {locales.map((locale) => (
          <button key={locale} type="button" lang={locale} aria-pressed={current === locale} title={LOCALE_NATIVE_NAMES[locale]} onClick={() => void activateLocale(locale)}>
            {locale.toUpperCase()}
          </button>
        ))}
      </div>
    );
  }
  const name = LOCALE_NATIVE_NAMES[current];
  return (
    <div className="language-switcher">
      {/* Its name holds what it shows (WCAG 2.5.3: "LT" said by voice control finds it): "Language: Lietuvių LT". */}
      <button ref={trigger} type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span className="visually-hidden">{t`Language: ${name}`} </span>
        <span>{LOCALE_SHORT_NAMES[current]}</span>
      </button>
      {open ? (
        <LanguageDialog
          locales={locales}
          current={current}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

function LanguageDialog({ locales, current, onClose }: { locales: readonly Locale[]; current: Locale; onClose: () => void }) {
  const { t } = useLingui();
  const ref = useModal();
  const titleId = useId();
  const [loading, setLoading] = useState<Locale | null>(null);
  const [failed, setFailed] = useState(false);
  // The page's language has the focus (after useModal's showModal, which gives it to the first button).
  const currentChoice = useRef<HTMLButtonElement>(null);
  useEffect(() => currentChoice.current?.focus(), []);
  // Closed while a language is still downloading: that switch is given up, the page stays as it is.
  const close = () => {
    if (loading) cancelLocaleSwitch();
    onClose();
  };
  const choose = async (locale: Locale) => {
    setLoading(locale);
    setFailed(false);
    try {
      await activateLocale(locale);
      onClose();
    } catch {
      // The language's texts did not arrive (a weak connection): said, and the page stays as it was.
      setFailed(true);
      setLoading(null);
    }
  };
  return (
    <dialog ref={ref} className="dialog language-dialog" aria-labelledby={titleId} onCancel={close} onClose={close}>
      <h2 id={titleId}>{t`Choose your language`}</h2>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              lang={locale}
              className="language-choice"
              aria-pressed={current === locale}
              aria-busy={loading === locale}
              disabled={loading !== null}
              ref={current === locale ? currentChoice : undefined}
              onClick={() => void choose(locale)}
            >
              {LOCALE_NATIVE_NAMES[locale]}
            </button>
          </li>
        ))}
      </ul>
      {failed ? <p role="alert">{t`The language could not be loaded. Check the connection and try again.`}</p> : null}
      <div className="dialog-buttons">
        <button type="button" className="button button--secondary" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </dialog>
  );
}
