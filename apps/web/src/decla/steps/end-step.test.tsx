import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { blankDeclaration, declarationViewFor, type DeclarationView, type SubmitState } from '@eid/domain';
import { activateLocale, i18n } from '../../i18n/i18n';
import { errorMessage } from '../error-messages';
import { analytics } from '../../shell/analytics';
import { EndStep } from './end-step';

type Shown = { declaration: DeclarationView | null; endReason: string | null };
const state = vi.hoisted(() => ({ shown: null as unknown as Shown, fetch: vi.fn(), leave: vi.fn() }));

vi.mock('../session/session-context', () => ({
  useSession: () => ({ connection: { shown: () => state.shown }, leave: state.leave, mode: 'live', backend: { fetch: state.fetch } }),
  useParties: () => ['A'],
}));
vi.mock('@xstate/react', () => ({ useSelector: (actor: { shown: () => Shown }, select: (s: { context: Shown }) => unknown) => select({ context: actor.shown() }) }));
vi.mock('../../shell/navigation', () => ({ navigate: vi.fn() }));
vi.mock('../wizard/step-hooks', () => ({ useStepValidity: () => undefined }));
vi.mock('../../shell/account-session', () => ({ useAccount: () => ({ kind: 'signed-out' }) }));
vi.mock('../../shell/login-request', () => ({ openLogin: () => undefined }));
// The service worker's module is the bundler's (virtual:pwa-register): no install offer here.
vi.mock('../../shell/pwa', () => ({ InstallButton: () => null, needsIosInstallSteps: () => false, usePwa: () => ({ installable: false }) }));

function declaration(submitState: SubmitState): DeclarationView {
  const d = blankDeclaration({ id: 'decl-0001', mode: 'live', now: Date.UTC(2026, 10, 27, 9), maxTimeAdjust: 6, fillLang: 'en', location: null });
  return declarationViewFor({ ...d, submitState }, 'A', false);
}

const renderEnd = () =>
  render(
    <I18nProvider i18n={i18n}>
      <EndStep step={14} />
    </I18nProvider>,
  );

describe('the end screen when the declaration failed', () => {
  beforeEach(async () => {
    await activateLocale('en');
    state.fetch.mockReset();
  });
  afterEach(cleanup);

  it('[SB6] says a paper declaration is needed and reports the error once, with the declaration id and no personal data', async () => {
    state.shown = { declaration: declaration('FAIL'), endReason: null };
    state.fetch.mockResolvedValue(new Response('{}', { status: 200 }));
    const before = analytics.pending.length;
    renderEnd();
    expect(screen.getByRole('heading', { name: 'The declaration could not be completed' })).toBeTruthy();
    expect(screen.getByText(/Fill in a paper declaration/)).toBeTruthy();
    // The office's contacts are there to call.
    expect(screen.getByRole('region', { name: 'Contacts of the bureau' })).toBeTruthy();
    // The result is an analytics event (queued until the visitor's answer, SH5).
    expect(analytics.pending.slice(before)).toContainEqual({ kind: 'event', name: 'declaration_result', params: { result: 'FAIL', mode: 'live' } });
    const report = screen.getByRole('button', { name: 'Report the error' });
    await act(async () => {
      fireEvent.click(report);
    });
    expect(state.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = state.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/\/log\/error$/);
    expect(JSON.parse(String(init.body))).toMatchObject({ src: 'end-screen', data: expect.stringContaining('decl-0001') });
    expect(screen.getByRole('status').textContent).toBe('Thank you: the error was reported.');
    expect((report as HTMLButtonElement).disabled).toBe(true);
  });

  it('[SB6] a report that cannot be sent says so (the connection), and is not counted as sent', async () => {
    state.shown = { declaration: declaration('FAIL'), endReason: null };
    state.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    renderEnd();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Report the error' }));
    });
    expect(document.querySelector('.field-error')?.textContent).toBe(i18n._(errorMessage('NETWORK_ERROR')));
    expect(screen.queryByText('Thank you: the error was reported.')).toBeNull();
    // Tried again once the connection is back.
    state.fetch.mockResolvedValue(new Response('{}', { status: 200 }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Report the error' }));
    });
    expect(state.fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status').textContent).toBe('Thank you: the error was reported.');
  });

  it('[FU14] a phone whose part was taken over says where to give the code and sign, and how to come back', () => {
    state.shown = { declaration: declaration('READY'), endReason: 'TAKEN_OVER' };
    renderEnd();
    expect(screen.getByRole('heading', { name: 'The declaration ended' })).toBeTruthy();
    expect(screen.getByText(/give your personal code and sign there/)).toBeTruthy();
    expect(screen.getByText(/"Continue on two phones"/)).toBeTruthy();
  });

  it('[GD1] [IN5] a sent declaration whose party at fault is insured abroad: the bureau is named where it went, and the victim claims through it', () => {
    const base = blankDeclaration({ id: 'decl-0002', mode: 'live', now: Date.UTC(2026, 10, 27, 9), maxTimeAdjust: 6, fillLang: 'en', location: null });
    const b = base.parties.B;
    const d = {
      ...base,
      submitState: 'SUCCESS' as const,
      guilt: { status: 'RESOLVED' as const, achoice: 'B' as const, bchoice: 'B' as const, resolved: 'B' as const },
      parties: {
        ...base.parties,
        B: {
          ...b,
          vehicle: { ...b.vehicle, country: 'PL', plate: 'WX4411K' },
          responsibleInsurer: { ...b.responsibleInsurer, name: 'PZU SA', special: 'OTHER' as const, greenCard: { country: 'PL', insurerName: 'PZU SA', number: 'PL/123/456', validUntil: '2027-05-31' } },
        },
      },
    };
    state.shown = { declaration: declarationViewFor(d, 'A', false), endReason: null };
    renderEnd();
    expect(screen.getByRole('heading', { name: 'The declaration was sent' })).toBeTruthy();
    expect(screen.getByText('The bureau, for driver B at fault, insured abroad by PZU SA')).toBeTruthy();
    const next = screen.getByRole('region', { name: 'What to do next' });
    expect(next.textContent).toContain('claim your damage through the bureau, which has received this declaration and settles it for the foreign insurer');
  });
});
