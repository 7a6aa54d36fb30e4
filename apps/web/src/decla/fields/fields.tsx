/**
 * The form fields of the wizard (declaration-flow §3 "Text input component"): a label on every
 * input, the hint and the error tied to it (aria-describedby), errors announced politely, the
 * validity checked on mount, on input and on blur, shown once the input was left or the step's
 * next button was pressed; done (✓) when left filled and valid; Enter means done.
 */
import { useId, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { TEXTAREA_ROWS } from '@eid/domain';
import { errorMessage } from '../error-messages';

export function ErrorText({ id, code, values }: { id?: string; code: string | null | undefined; values?: Record<string, string> }) {
  const { i18n } = useLingui();
  const descriptor = code ? { ...errorMessage(code), values } : null;
  return (
    <p id={id} className="field-error" aria-live="polite">
      {descriptor ? i18n._(descriptor) : null}
    </p>
  );
}

interface BaseProps {
  readonly label: ReactNode;
  readonly error?: string | null;
  readonly errorValues?: Record<string, string>;
  /** Show the error even if the input was not left yet (the next button was pressed). */
  readonly showError?: boolean;
  readonly hint?: ReactNode;
  readonly disabled?: boolean;
  readonly required?: boolean;
  readonly id?: string;
  readonly name?: string;
  /** Filled from the account and not changed yet: italic in practice mode (declaration-flow §4). */
  readonly prefilled?: boolean;
}

export interface TextFieldProps extends BaseProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur?: () => void;
  readonly onDone?: () => void;
  readonly type?: 'text' | 'email' | 'tel' | 'date' | 'datetime-local' | 'time';
  readonly inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'decimal';
  readonly autoComplete?: string;
  readonly maxLength?: number;
  readonly placeholder?: string;
  readonly multiline?: boolean;
  readonly min?: string;
  readonly max?: string;
  readonly autoCapitalize?: string;
  readonly trailing?: ReactNode;
  /** A rule across fields fails (identical plates, a time in the future): no ✓ beside its error. */
  readonly conflict?: boolean;
}

/** Inputs whose browser draws its own picker icon where the ✓ would go. */
const PICKER_TYPES: ReadonlySet<string> = new Set(['date', 'time', 'datetime-local']);

export function TextField(props: TextFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const [touched, setTouched] = useState(false);
  const [focused, setFocused] = useState(false);
  const invalid = !!props.error && (touched || !!props.showError);
  const done = !focused && props.value.trim() !== '' && !props.error && !props.disabled && !props.conflict && !PICKER_TYPES.has(props.type ?? 'text');
  const described = [props.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const common = {
    id,
    name: props.name ?? id,
    value: props.value,
    disabled: props.disabled,
    required: props.required,
    'aria-invalid': invalid,
    'aria-describedby': described,
    onFocus: () => setFocused(true),
    onBlur: () => {
      setFocused(false);
      setTouched(true);
      props.onBlur?.();
    },
  };
  return (
    <div className={`field${invalid ? ' field--error' : ''}${done ? ' field--done' : ''}${props.prefilled ? ' field--prefilled' : ''}`}>
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      <div className="field-input">
        {props.multiline ? (
          <textarea
            {...common}
            rows={TEXTAREA_ROWS}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            onChange={(e) => {
              // Auto-grow: the textarea is as tall as its text.
              e.currentTarget.style.height = 'auto';
              e.currentTarget.style.height = `${e.currentTarget.scrollHeight + 2}px`;
              props.onChange(e.currentTarget.value);
            }}
          />
        ) : (
          <input
            {...common}
            type={props.type ?? 'text'}
            inputMode={props.inputMode}
            autoComplete={props.autoComplete}
            autoCapitalize={props.autoCapitalize}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            min={props.min}
            max={props.max}
            onChange={(e) => props.onChange(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                setTouched(true);
                props.onDone?.();
              }
            }}
          />
        )}
        {done ? (
          <span className="field-done" aria-hidden="true">
            ✓
          </span>
        ) : null}
        {props.trailing}
      </div>
      <ErrorText id={`${id}-error`} code={invalid ? props.error : null} values={props.errorValues} />
    </div>
  );
}

export interface CheckboxFieldProps extends BaseProps {
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

export function CheckboxField(props: CheckboxFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const [touched, setTouched] = useState(false);
  const invalid = !!props.error && (touched || !!props.showError);
  return (
    <div className={`field field--checkbox${invalid ? ' field--error' : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-invalid={invalid}
        aria-describedby={`${id}-error${props.hint ? ` ${id}-hint` : ''}`}
        onChange={(e) => {
          setTouched(true);
          props.onChange(e.currentTarget.checked);
        }}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} code={invalid ? props.error : null} />
    </div>
  );
}

export interface SelectFieldProps extends BaseProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField(props: SelectFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const invalid = !!props.error && !!props.showError;
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <div className="field-input">
        <select
          id={id}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={invalid}
          aria-describedby={`${id}-error`}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorText id={`${id}-error`} code={invalid ? props.error : null} />
    </div>
  );
}
