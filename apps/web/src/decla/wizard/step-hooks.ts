import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SCROLL_DELAYS_MS, SCROLL_OFFSET_PX } from '@eid/domain';
import { type InstructionName, type PayloadArgs, type ResultOf } from '@eid/domain/protocol';
import { HubError } from '@eid/domain/device';
import { codeOf } from '../session/decla-session';
import { useSession } from '../session/session-context';

/** Reports a step's validity to the wizard whenever it changes. */
export function useStepValidity(step: number, valid: boolean, parts?: { validA: boolean; validB: boolean }) {
  const s = useSession();
  const validA = parts?.validA ?? valid;
  const validB = parts?.validB ?? valid;
  useEffect(() => {
    s.wizard.send({ type: 'step.validity', step, validity: { valid, validA, validB } });
  }, [s, step, valid, validA, validB]);
}

/** Tells the wizard the step is busy (an upload, a save): next waits. */
export function useStepWaiting(waiting: boolean) {
  const s = useSession();
  useEffect(() => {
    s.wizard.send({ type: 'step.waiting', waiting });
    return () => s.wizard.send({ type: 'step.waiting', waiting: false });
  }, [s, waiting]);
}

/**
 * Runs instructions for a screen and keeps the last refusal's code. Saves are queued by the
 * connection when the link is down, so a save resolves when the hub acknowledged it.
 */
export function useInstruction() {
  const s = useSession();
  const [error, setError] = useState<string | null>(null);
  // A refusal with a wait (RATE_LIMITED, TOO_MANY_CALLS …): how long, for the screen to say.
  const [retryAfterMs, setRetryAfterMs] = useState<number | null>(null);
  const [busy, setBusy] = useState(0);
  const run = useCallback(
    async <N extends InstructionName>(name: N, ...payload: PayloadArgs<N>): Promise<ResultOf<N> | null> => {
      setBusy((n) => n + 1);
      try {
        const r = await s.request(name, ...payload);
        setError(null);
        setRetryAfterMs(null);
        return r;
      } catch (e) {
        setError(codeOf(e));
        setRetryAfterMs(e instanceof HubError && e.retryAfterMs !== undefined ? e.retryAfterMs : null);
        return null;
      } finally {
        setBusy((n) => n - 1);
      }
    },
    [s],
  );
  return { run, error, setError, retryAfterMs, busy: busy > 0 };
}

const UNSAVED = Symbol('unsaved');

/**
 * Saves a value some time after the driver stops typing (and at once on flush, e.g. on blur), so
 * that what was typed reaches the hub's queue — and local storage — within a moment.
 */
export function useAutosave<T>(value: T, save: (value: T) => void, delayMs = 700, firstSaved = true) {
  // `firstSaved` false: the first value is not the declaration's yet (a prefill) and is saved too.
  const saved = useRef<T | typeof UNSAVED>(firstSaved ? value : UNSAVED);
  const latest = useRef(value);
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
    latest.current = value;
  });
  useEffect(() => {
    if (Object.is(value, saved.current)) return;
    const timer = setTimeout(() => {
      saved.current = latest.current;
      saveRef.current(latest.current);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  const flush = useCallback(() => {
    if (Object.is(latest.current, saved.current)) return;
    saved.current = latest.current;
    saveRef.current(latest.current);
  }, []);
  useEffect(() => () => flush(), [flush]);
  // Issue 18 item 10: a page hidden or closed (the phone locked, the tab closed, a reload) saves
  // what is pending at once, so text typed within the delay is not lost.
  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', flush);
    };
  }, [flush]);
  return flush;
}

/**
 * declaration-flow §2: the topmost input in error is scrolled into view 82 px under the top, again
 * at 0, 128, 256 and 500 ms (the layout may still move as lazy parts appear), and focused.
 */
export function scrollToFirstError(container: HTMLElement | null): void {
  if (!container) return;
  // The topmost error a person can see: a field in error inside a part that is not shown (a
  // collapsed section, a hidden input) is passed over, or the focus would go nowhere visible.
  const first = [...container.querySelectorAll<HTMLElement>('[aria-invalid="true"], .step-error')].find((el) => el.getClientRects().length > 0);
  if (!first) return;
  // A group marked in error (a fieldset) takes the focus too, so the screen reader reads its message.
  if (!first.matches('input, select, textarea, button, a[href], [tabindex]')) first.tabIndex = -1;
  first.focus({ preventScroll: true });
  for (const ms of SCROLL_DELAYS_MS) {
    setTimeout(() => {
      const top = first.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: ms === 0 ? 'auto' : 'smooth' });
    }, ms);
  }
}
