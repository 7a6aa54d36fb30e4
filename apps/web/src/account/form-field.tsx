/**
 * The parts of the account forms: a labelled input (e-mail, password) with its hint and its error
 * (a domain error code, shown once the field was left or the form was sent; unlike the wizard's
 * fields, Enter submits the form, and the autocomplete names let password managers help), the
 * password fields, the sending state and the refusal.
 */
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { newPasswordError } from '@eid/domain';
import { ErrorText } from '../decla/fields/fields';
import { AccountCallError } from '../shell/account-session';
import { PasswordInput } from '../shell/password-input';

export interface FormFieldProps {
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type: 'email' | 'password' | 'text' | 'tel' | 'date';
  /** Shown, focusable, not editable (the fields a verified personal code vouches for). */
  readonly readOnly?: boolean;
  readonly max?: string;
  readonly min?: string;
  readonly autoComplete: string;
  readonly error?: string | null;
  /** The form was sent: show the error even if the field was never left. */
  readonly showError?: boolean;
  readonly hint?: ReactNode;
  readonly maxLength?: number;
}

export function FormField(props: FormFieldProps) {
  const id = useId();
  const [left, setLeft] = useState(false);
  const invalid = !!props.error && (left || !!props.showError);
  const input = {
    id,
    name: props.autoComplete,
    value: props.value,
    autoComplete: props.autoComplete,
    maxLength: props.maxLength ?? 254,
    readOnly: props.readOnly,
    min: props.min,
    max: props.max,
    spellCheck: false,
    autoCapitalize: 'off',
    'aria-invalid': invalid,
    'aria-describedby': [props.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' '),
    onChange: (e: ChangeEvent<HTMLInputElement>) => props.onChange(e.currentTarget.value),
    onBlur: () => setLeft(true),
  };
  return (
    <div className={`field${invalid ? ' field--error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      <div className="field-input">{props.type === 'password' ? <PasswordInput {...input} /> : <input {...input} type={props.type} />}</div>
      <ErrorText id={`${id}-error`} code={invalid ? props.error : null} />
    </div>
  );
}

/** The password a person already has (sign-in, confirmation, the current one at a change): required. */
export function CurrentPasswordField({ label, value, onChange, tried }: { label: ReactNode; value: string; onChange: (v: string) => void; tried: boolean }) {
  return (
    <FormField label={label} type="password" autoComplete="current-password" maxLength={200} value={value} onChange={onChange} error={value === '' ? 'REQUIRED' : null} showError={tried} />
  );
}

/** A new password typed twice (PW1-PW5): the rule's error under the first, a difference under the second. */
export function NewPasswordFields(props: {
  password: string;
  setPassword: (s: string) => void;
  repeated: string;
  setRepeated: (s: string) => void;
  tried: boolean;
  labels?: { readonly first: string; readonly second: string };
}) {
  const { t } = useLingui();
  const error = newPasswordError(props.password, props.repeated);
  const labels = props.labels ?? { first: t`Password`, second: t`The password again` };
  return (
    <>
      <FormField
        label={labels.first}
        hint={t`8 to 20 characters with a digit, a lower-case and an upper-case letter.`}
        type="password"
        autoComplete="new-password"
        maxLength={40}
        value={props.password}
        onChange={props.setPassword}
        error={error === 'PASSWORDS_DO_NOT_MATCH' ? null : error}
        showError={props.tried}
      />
      <FormField
        label={labels.second}
        type="password"
        autoComplete="new-password"
        maxLength={40}
        value={props.repeated}
        onChange={props.setRepeated}
        error={error === 'PASSWORDS_DO_NOT_MATCH' ? error : null}
        showError={props.tried}
      />
    </>
  );
}

/** A form's call: busy while it runs, and its refusal (the typed code, and the seconds to wait when the server says). */
export function useSend() {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<AccountCallError | null>(null);
  const send = async (call: () => Promise<void>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await call();
    } catch (e) {
      setRefusal(e instanceof AccountCallError ? e : new AccountCallError('GENERIC_ERROR'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, send };
}

/**
 * A refusal said in the form: its code's message (`wrongPassword` instead of INVALID_CREDENTIALS
 * where no address was typed), and the minutes left of a lock-out.
 */
export function Refusal({ refusal, wrongPassword }: { refusal: AccountCallError | null; wrongPassword?: string }) {
  const { t } = useLingui();
  if (!refusal) return null;
  const minutes = refusal.retryAfterSeconds ? Math.ceil(refusal.retryAfterSeconds / 60) : null;
  return (
    <div role="alert" className="form-refusal">
      {wrongPassword && refusal.code === 'INVALID_CREDENTIALS' ? <p className="field-error">{wrongPassword}</p> : <ErrorText code={refusal.code} />}
      {minutes !== null && refusal.code === 'SIGN_IN_LOCKED' ? <p className="field-error">{t`Try again in ${minutes} min.`}</p> : null}
    </div>
  );
}
