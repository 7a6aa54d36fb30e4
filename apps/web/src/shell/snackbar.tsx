/**
 * Snackbars (app-shell §2, a shell element always present): short notices after an action —
 * success, error, info. One at a time (issue 34: notices piled up beside each other): a new notice
 * takes the place of the one shown. A notice stays 6 seconds (an error until closed), is read out by screen
 * readers (errors at once), and has a close button. While a modal dialog is open the page behind
 * it is inert: a dialog says its own outcomes.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';

export type SnackKind = 'success' | 'error' | 'info';
interface Snack {
  readonly id: number;
  readonly kind: SnackKind;
  readonly text: string;
}

const SHOWN_MS = 6000;
let snacks: readonly Snack[] = [];
let next = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Shows a notice; `text` is already translated. */
export function notify(kind: SnackKind, text: string): void {
  snacks = [{ id: next++, kind, text }];
  emit();
}

function dismiss(id: number): void {
  snacks = snacks.filter((s) => s.id !== id);
  emit();
}

function SnackItem({ snack }: { snack: Snack }) {
  const { t } = useLingui();
  useEffect(() => {
    if (snack.kind === 'error') return undefined;
    const timer = window.setTimeout(() => dismiss(snack.id), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [snack]);
  return (
    <div className={`snackbar snackbar--${snack.kind}`}>
      <span>{snack.text}</span>
      <button type="button" className="snackbar-close" aria-label={t`Close the notice`} onClick={() => dismiss(snack.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function Snackbars() {
  const shown = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snacks,
  );
  // Two live regions always present (a region inserted with its text is often not read out).
  return (
    <div className="snackbars">
      <div role="status" aria-live="polite">
        {shown
          .filter((s) => s.kind !== 'error')
          .map((s) => (
            <SnackItem key={s.id} snack={s} />
          ))}
      </div>
      <div role="alert" aria-live="assertive">
        {shown
          .filter((s) => s.kind === 'error')
          .map((s) => (
            <SnackItem key={s.id} snack={s} />
          ))}
      </div>
    </div>
  );
}
