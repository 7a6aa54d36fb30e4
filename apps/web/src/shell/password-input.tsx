/**
 * A password input with a "show while pressed" button (declaration-flow §5): the password is shown
 * only while the button is held (pointer, or Space/Enter on the keyboard) and hidden again when it
 * is let go, left or loses focus; the typing caret stays in the input.
 */
import { useState, type InputHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

const HOLD_KEYS: ReadonlySet<string> = new Set([' ', 'Enter']);

export function PasswordInput(props: PasswordInputProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const hide = () => setShown(false);
  return (
    <>
      <input {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="icon-button password-reveal"
        aria-label={t`Show what is typed while pressed`}
        aria-pressed={shown}
        aria-controls={props.id}
        onPointerDown={(e) => {
          // Keeps the focus (and the caret) in the input.
          e.preventDefault();
          setShown(true);
        }}
        onPointerUp={hide}
        onPointerLeave={hide}
        onPointerCancel={hide}
        onBlur={hide}
        onKeyDown={(e) => {
          if (!HOLD_KEYS.has(e.key)) return;
          e.preventDefault();
          setShown(true);
        }}
        onKeyUp={(e) => HOLD_KEYS.has(e.key) && hide()}
        onClick={(e) => e.preventDefault()}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2" d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
          <circle cx="12" cy="12" r="3" fill={shown ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </>
  );
}
