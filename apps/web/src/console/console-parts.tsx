/** The console's shared parts: its search parameters, who is signed in, dates in Vilnius time, a loading frame and a pager. */
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { CONSOLE_PAGE_SIZE, LOCALE_TAGS, isLocale, type StaffView } from '@eid/domain';
import { ErrorText } from '../decla/fields/fields';
import type { Loaded } from './console-api';

/** The signed-in member as the console knows them (the registry's answer of staffMe). */
export type StaffMe = StaffView;

export interface ConsoleSearch {
  readonly view?: 'chats' | 'chat' | 'declarations' | 'declaration' | 'claims' | 'message' | 'staff' | 'insurers' | 'audit';
  readonly id?: string;
  readonly q?: string;
  readonly offset?: number;
}

export function useWhen(): (ms: number) => string {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(isLocale(i18n.locale) ? LOCALE_TAGS[i18n.locale] : LOCALE_TAGS.lt, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Vilnius' });
  return (ms) => format.format(ms);
}

export function Show<T>({ loaded, children }: { loaded: Loaded<T>; children: (value: T) => ReactNode }) {
  const { t } = useLingui();
  if (loaded.kind === 'loading') return <p role="status">{t`Loading…`}</p>;
  if (loaded.kind === 'failed')
    return (
      <div role="alert">
        <ErrorText code={loaded.code} />
      </div>
    );
  return <>{children(loaded.value)}</>;
}

export function Pager({ total, offset, view, q }: { total: number; offset: number; view: NonNullable<ConsoleSearch['view']>; q?: string }) {
  const { t } = useLingui();
  const last = Math.min(total, offset + CONSOLE_PAGE_SIZE);
  return (
    <p className="console-pager">
      {total === 0 ? t`Nothing found.` : t`${offset + 1}–${last} of ${total}`}{' '}
      {offset > 0 ? (
        <Link to="/console" search={{ view, offset: Math.max(0, offset - CONSOLE_PAGE_SIZE), ...(q ? { q } : {}) }}>
          {t`Previous page`}
        </Link>
      ) : null}{' '}
      {last < total ? (
        <Link to="/console" search={{ view, offset: last, ...(q ? { q } : {}) }}>
          {t`Next page`}
        </Link>
      ) : null}
    </p>
  );
}

/** A list's search: typing and Enter (or the button) shows the list's first page for it. */
export function SearchForm({ label, view, q }: { label: string; view: 'chats' | 'declarations' | 'claims'; q: string }) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(q);
  return (
    <form
      role="search"
      className="console-search"
      onSubmit={(e) => {
        e.preventDefault();
        void navigate({ to: '/console', search: { view, ...(typed ? { q: typed } : {}) } });
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      <button type="submit" className="button">
        {t`Search`}
      </button>
    </form>
  );
}

/** The registry's insurers to choose one from (an insurer's system, an insurer's staff member). */
export function InsurerSelect({ insurers, value, onChange }: { insurers: ReadonlyArray<{ readonly id: number; readonly name: string }>; value: string; onChange: (id: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t`Insurer`}</label>
      <select id={id} value={value} required onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="" disabled>
          {t`Choose the insurer`}
        </option>
        {insurers.map((i) => (
          <option key={i.id} value={String(i.id)}>
            {i.name}
          </option>
        ))}
      </select>
    </div>
  );
}
