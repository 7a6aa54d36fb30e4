import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { accidentPlaceError, addressError, type AddressSuggestion, type PickedAddress } from '@eid/domain';
import { ADDRESS_PATH } from '@eid/domain/protocol';
import { useBackendFetch } from '../session/session-context';
import { ErrorText, TextField } from './fields';
import type { HttpResult } from '@eid/domain/protocol';

export interface AddressValue extends PickedAddress {
  readonly latitude?: number;
  readonly longitude?: number;
}

/**
 * An address picked from the registry's suggestions (declaration-flow §5): a combobox that
 * suggests as the driver types (or, before typing, the addresses nearest to `near`), and an
 * apartment number when the picked building has apartments.
 */
export function AddressField({
  id,
  label,
  value,
  onPick,
  near,
  showError,
  place = false,
  required = false,
}: {
  id?: string;
  label: string;
  value: AddressValue | null;
  onPick: (address: AddressValue) => void;
  near?: { latitude: number; longitude: number } | null;
  showError?: boolean;
  /** AD6: an accident place (a street, a house number at most): no house number needed, never an apartment. */
  place?: boolean;
  /** Marked with an asterisk like every required field (issue 18 item 12). */
  required?: boolean;
}) {
  const backendFetch = useBackendFetch();
  const { t } = useLingui();
  const generated = useId();
  const fieldId = id ?? generated;
  const [text, setText] = useState(value?.value ?? '');
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<readonly AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [touched, setTouched] = useState(false);
  const [networkError, setNetworkError] = useState<string | null>(null);
  const seq = useRef(0);

  // The picked address changed elsewhere (the other driver, a save): show it.
  const [shownValue, setShownValue] = useState(value?.value);
  if (value?.value !== shownValue) {
    setShownValue(value?.value);
    setText(value?.value ?? '');
  }

  async function load(query: string) {
    const n = ++seq.current;
    const url =
      query.trim().length >= 2
        ? `${ADDRESS_PATH}?q=${encodeURIComponent(query.trim())}`
        : near
          ? `${ADDRESS_PATH}?lat=${near.latitude.toFixed(6)}&lon=${near.longitude.toFixed(6)}`
          : null;
    if (!url) {
      setItems([]);
      return;
    }
    try {
      const res = await backendFetch(url);
      if (n !== seq.current) return;
      setItems(res.ok ? [...((await res.json()) as HttpResult<'findAddress'>)] : []);
      setNetworkError(res.ok ? null : 'GENERIC_ERROR');
    } catch {
      if (n === seq.current) setNetworkError('NETWORK_ERROR');
    }
  }

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(text), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, open]);

  const pick = (s: AddressSuggestion) => {
    setText(s.value);
    setOpen(false);
    setActive(-1);
    onPick({ value: s.value, aob: s.aob, needPat: place ? false : s.needPat, pat: null, latitude: s.latitude, longitude: s.longitude });
  };

  const picked = value !== null && value.value === text;
  const error = picked ? (place ? accidentPlaceError(value) : addressError(value)) : text.trim() === '' ? 'REQUIRED' : 'ADDRESS_NOT_PICKED';
  const invalid = error !== null && error !== 'ADDRESS_NO_APARTMENT' && (touched || !!showError);
  const listId = `${fieldId}-list`;

  return (
    <div className="address-field">
      <div className={`field${invalid ? ' field--error' : ''}`}>
        <label htmlFor={fieldId}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <div className="field-input">
          <input
            id={fieldId}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open && items.length > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={invalid}
            aria-required={required || undefined}
            aria-describedby={`${fieldId}-error`}
            value={text}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setTouched(true);
              setTimeout(() => setOpen(false), 150);
            }}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                setOpen(true);
                setActive((a) => Math.min(items.length - 1, a + 1));
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((a) => Math.max(0, a - 1));
              } else if (e.key === 'Enter' && open && active >= 0 && items[active]) {
                e.preventDefault();
                pick(items[active]);
              } else if (e.key === 'Escape') {
                setOpen(false);
              }
            }}
          />
        </div>
        {open && items.length > 0 ? (
          <ul id={listId} role="listbox" className="suggestions" aria-label={t`Suggested addresses`}>
            {items.map((s, i) => (
              <li
                key={s.aob}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(s)}
              >
                {s.value}
              </li>
            ))}
          </ul>
        ) : null}
        <ErrorText id={`${fieldId}-error`} code={invalid ? error : networkError} />
      </div>
      {picked && value.needPat && !place ? (
        <TextField
          id={`${fieldId}-apartment`}
          label={t`Apartment number`}
          inputMode="numeric"
          value={value.pat ?? ''}
          onChange={(pat) => onPick({ ...value, pat: pat.replace(/[^0-9A-Za-z-]/g, '').slice(0, 10) || null })}
          error={value.pat ? null : 'ADDRESS_NO_APARTMENT'}
          showError={showError}
          required
        />
      ) : null}
    </div>
  );
}
