/**
 * The developer toolbar (app-shell §6), shown only in developer mode: switch the declaration mode
 * and the language, open the local outboxes, and reset the stored state.
 */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, STORAGE_KEYS, type Locale } from '@eid/domain/constants';
import { DEV_UNLOCK_VALUE } from '@eid/domain/shell';
import { readStored, writeStored } from '../storage';
import { activateLocale } from '../i18n/i18n';

export function DeveloperToolbar() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState(() => readStored(STORAGE_KEYS.eidMode) ?? 'live');
  return (
    <aside className="dev-toolbar" aria-label={t`Developer tools`}>
      <button type="button" className="dev-toolbar-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t`Developer`}
      </button>
      {open ? (
        <div className="dev-toolbar-body">
          <label>
            {t`Mode`}{' '}
            <select
              value={mode}
              onChange={(e) => {
                writeStored(STORAGE_KEYS.eidMode, e.target.value);
                setMode(e.target.value);
              }}
            >
              <option value="live">live</option>
              <option value="practice">practice</option>
            </select>
          </label>
          <label>
            {t`Language`}{' '}
            <select value={i18n.locale} onChange={(e) => void activateLocale(e.target.value as Locale)}>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <a href="/serveris/dev/outbox" target="_blank" rel="noreferrer">
            {t`Outboxes (SMS, e-mail)`}
          </a>
          <button
            type="button"
            onClick={() => {
              const keep = readStored(STORAGE_KEYS.developerUnlock);
              try {
                window.localStorage.clear();
                window.sessionStorage.clear();
              } catch {
                // nothing stored
              }
              if (keep === DEV_UNLOCK_VALUE) writeStored(STORAGE_KEYS.developerUnlock, keep);
              window.location.assign('/');
            }}
          >
            {t`Reset the stored state`}
          </button>
        </div>
      ) : null}
    </aside>
  );
}
