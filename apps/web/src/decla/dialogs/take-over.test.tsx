import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { activateLocale, i18n } from '../../i18n/i18n';
import { errorMessage } from '../error-messages';
import { HandBackDialog, TakeOverDialog } from './take-over';

const hub = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../session/session-context', () => ({ useSession: () => ({ hub }) }));

const allowBoth = { ok: true, r: { version: 9, patch: null, allow: { A: true, B: true } } };

describe('taking over the other part from inside the wizard', () => {
  beforeEach(async () => {
    await activateLocale('en');
    hub.call.mockReset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const press = async (name: string) => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name, hidden: true }));
      await vi.advanceTimersByTimeAsync(0);
    });
  };

  it('[FU14] while the other phone is still counted the dialog shows the seconds left and asks again by itself when they are over', async () => {
    hub.call.mockResolvedValueOnce({ ok: false, code: 'SEAT_STILL_COUNTED', retryAfterMs: 3_000 }).mockResolvedValueOnce(allowBoth);
    const onDone = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <TakeOverDialog other="B" onClose={() => undefined} onDone={onDone} />
      </I18nProvider>,
    );
    await press('Finish for both here');
    expect(hub.call).toHaveBeenCalledWith('one-device');
    expect(screen.getByRole('timer', { hidden: true }).textContent).toContain('Trying again by itself in 3 s.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(hub.call).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer', { hidden: true }).textContent).toContain('Trying again by itself in 1 s.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(hub.call).toHaveBeenCalledTimes(2);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('[FU14] another refusal is shown with its message and nothing is retried', async () => {
    hub.call.mockResolvedValueOnce({ ok: false, code: 'DECLARATION_FINISHED' });
    const onDone = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <TakeOverDialog other="A" onClose={() => undefined} onDone={onDone} />
      </I18nProvider>,
    );
    expect(screen.getByText('What driver A entered so far stays.')).toBeTruthy();
    await press('Finish for both here');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(hub.call).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('timer', { hidden: true })).toBeNull();
    expect(document.querySelector('.field-error')?.textContent).toBe(i18n._(errorMessage('DECLARATION_FINISHED')));
  });

  it('[FU15] giving the part back calls two-devices once; a refusal says why', async () => {
    hub.call.mockResolvedValueOnce({ ok: false, code: 'CONNECTION_LOST' }).mockResolvedValueOnce({ ok: true, r: { version: 3, patch: null, allow: { A: true, B: false } } });
    const onDone = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <HandBackDialog other="B" onClose={() => undefined} onDone={onDone} />
      </I18nProvider>,
    );
    await press('Continue on two phones');
    expect(hub.call).toHaveBeenLastCalledWith('two-devices');
    expect(onDone).not.toHaveBeenCalled();
    expect(document.querySelector('.field-error')?.textContent).toBe(i18n._(errorMessage('CONNECTION_LOST')));
    await press('Continue on two phones');
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
