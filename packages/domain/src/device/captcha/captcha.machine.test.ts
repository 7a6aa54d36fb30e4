import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { CAPTCHA_DEFAULT_ACTION, CAPTCHA_TIMEOUT_MS } from '../../rules/constants.js';
import type { CancelSignal, CaptchaSolverPort } from '../../ports/captcha.port.js';
import { requestCaptchaToken } from './captcha.machine.js';

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('captcha token', () => {
  it('[CP1] a token is requested with the action name, "submit" when none is given', async () => {
    const asked: string[] = [];
    const solver: CaptchaSolverPort = { solve: async (action) => (asked.push(action), `token-for-${action}`) };
    expect(await requestCaptchaToken(solver)).toBe('token-for-submit');
    expect(await requestCaptchaToken(solver, { action: 'phone-code' })).toBe('token-for-phone-code');
    expect(asked).toEqual([CAPTCHA_DEFAULT_ACTION, 'phone-code']);
  });

  it(`[CP1] no token within ${CAPTCHA_TIMEOUT_MS} ms: ERR_TIMEOUT, and the solver is told to stop`, async () => {
    const clock = new SimulatedClock();
    let signal: CancelSignal | null = null;
    const solver: CaptchaSolverPort = {
      solve: (_action, s) => {
        signal = s;
        return new Promise<string>(() => {});
      },
    };
    const token = requestCaptchaToken(solver, { clock });
    const outcome = token.then(
      () => 'resolved',
      (e: { code: string }) => e.code,
    );
    await flush();
    clock.increment(CAPTCHA_TIMEOUT_MS - 1);
    await flush();
    expect(signal!.aborted).toBe(false);
    clock.increment(1);
    expect(await outcome).toBe('ERR_TIMEOUT');
    expect(signal!.aborted).toBe(true);
  });

  it('[CP1] a solver that fails (no challenge, network) is CAPTCHA_INVALID', async () => {
    const solver: CaptchaSolverPort = { solve: async () => Promise.reject(new Error('offline')) };
    await expect(requestCaptchaToken(solver)).rejects.toMatchObject({ code: 'CAPTCHA_INVALID' });
  });
});
