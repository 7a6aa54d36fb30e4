/**
 * A password input with a "show while pressed" button (declaration-flow §5): the password is shown
 * only while the button is held by a pointer and hidden again when it is let go, left or cancelled;
 * pressed without a pointer (keyboard, screen reader) it toggles, and hides when the focus leaves.
 * The typing caret stays in the input.
 */
import { useState, type InputHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function PasswordInput(props: PasswordInputProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const hide = () => setShown(false);
  return (
    <>
      {/* Shown as text, a password must not reach a spelling service or a keyboard's dictionary. */}
      <input {...props} spellCheck={false} autoCorrect="off" autoCapitalize="none" type={shown ? 'text' : 'password'} onBlur={(e) => {
        hide();
        props.onBlur?.(e);
      }} />
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
        // The keyboard, a screen reader or a switch press the button without a pointer (a click of
        // detail 0): there it toggles, and hides again when the focus leaves.
        onClick={(e) => {
          e.preventDefault();
          if (e.detail === 0) setShown((x) => !x);
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2" d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
          <circle cx="12" cy="12" r="3" fill={shown ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </>
  );
}
