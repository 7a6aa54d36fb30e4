/**
 * The claim form's labelled controls: each shows its domain error code (ErrorText) once the step's
 * Next was pressed or the field was left, and is described by it for screen readers.
 */
import { useId, useState, type ReactNode } from 'react';
import { internationalForm } from '@eid/domain';
import { ErrorText } from '../../decla/fields/fields';

interface Base {
  readonly label: ReactNode;
  readonly error?: string | null | undefined;
  readonly show: boolean;
  readonly required?: boolean;
  readonly hint?: ReactNode;
}

function Frame({ id, label, error, show, required, hint, left, children }: Base & { id: string; left: boolean; children: ReactNode }) {
  const invalid = !!error && (show || left);
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="field-input">{children}</div>
      <ErrorText id={`${id}-error`} code={invalid ? error : null} />
    </div>
  );
}

export function ClaimText(props: Base & { readonly value: string; readonly onChange: (v: string) => void; readonly type?: 'text' | 'tel' | 'email' | 'date' | 'time'; readonly inputMode?: 'decimal' | 'numeric'; readonly autoComplete?: string; readonly maxLength?: number; readonly list?: string }) {
  const id = useId();
  const [left, setLeft] = useState(false);
  return (
    <Frame {...props} id={id} left={left}>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? 'off'}
        maxLength={props.maxLength ?? (props.type === 'tel' ? 32 : props.type === 'email' ? 254 : 80)}
        list={props.list}
        required={props.required}
        aria-invalid={!!props.error && (props.show || left)}
        aria-describedby={[props.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ')}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        onBlur={() => {
          setLeft(true);
          // PH7: a phone written the national way ("8 612 00005") is read as the international number when the field is left.
          if (props.type === 'tel') {
            const read = internationalForm(props.value);
            if (read !== props.value) props.onChange(read);
          }
        }}
      />
    </Frame>
  );
}

export function ClaimArea(props: Base & { readonly value: string; readonly onChange: (v: string) => void; readonly maxLength?: number }) {
  const id = useId();
  const [left, setLeft] = useState(false);
  return (
    <Frame {...props} id={id} left={left}>
      <textarea id={id} rows={3} value={props.value} maxLength={props.maxLength ?? 2000} aria-invalid={!!props.error && (props.show || left)} aria-describedby={`${id}-error`} onChange={(e) => props.onChange(e.currentTarget.value)} onBlur={() => setLeft(true)} />
    </Frame>
  );
}

export function ClaimSelect<T extends string | number>(props: Base & { readonly value: T; readonly onChange: (v: T) => void; readonly options: ReadonlyArray<{ readonly value: T; readonly label: string }>; readonly placeholder?: string }) {
  const id = useId();
  const [left, setLeft] = useState(false);
  const numeric = typeof props.value === 'number';
  return (
    <Frame {...props} id={id} left={left}>
      <select
        id={id}
        value={String(props.value)}
        aria-invalid={!!props.error && (props.show || left)}
        aria-describedby={`${id}-error`}
        onChange={(e) => props.onChange((numeric ? Number(e.currentTarget.value) : e.currentTarget.value) as T)}
        onBlur={() => setLeft(true)}
      >
        {props.placeholder !== undefined ? <option value={numeric ? '-1' : ''}>{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function ClaimCheck({ label, checked, onChange }: { readonly label: ReactNode; readonly checked: boolean; readonly onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
