import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { type CancelSignal, type CaptchaSolverPort } from '@eid/domain';
import { CAPTCHA_PATH } from '@eid/domain/protocol';
import type { HttpResult } from '@eid/domain/protocol';

/** Where a challenge for the action is fetched; `work` above 1 asks a harder one (JN8). */
export function captchaUrl(action: string, work = 1): string {
  const query = new URLSearchParams({ action });
  if (work > 1) query.set('work', String(work));
  return `${CAPTCHA_PATH}?${query.toString()}`;
}

/** What the server answers when its captcha is switched off. */
const OFF_TOKEN = 'off';

/**
 * The device's captcha solver: fetches a challenge for the action from the server and does its
 * proof of work with Web Crypto (altcha-lib, PBKDF2), about a second on a phone. The token is the
 * payload the ALTCHA widget would send: base64 of `{ challenge, solution }`.
 */
export class AltchaSolver implements CaptchaSolverPort {
  constructor(private readonly fetcher: typeof fetch = (input, init) => window.fetch(input, init)) {}

  async solve(action: string, signal: CancelSignal, work = 1): Promise<string> {
    const res = await this.fetcher(captchaUrl(action, work), { cache: 'no-store', credentials: 'include' });
    if (!res.ok) throw Object.assign(new Error('CAPTCHA_INVALID'), { code: 'CAPTCHA_INVALID' });
    const answer = (await res.json()) as HttpResult<'captchaChallenge'>;
    if ('off' in answer) return OFF_TOKEN;
    // The installation's captcha is ALTCHA: its challenge is altcha-lib's.
    const challenge = answer as unknown as Challenge;
    const controller = new AbortController();
    // The machine's signal is the browser's AbortSignal: stop the work when the time is up.
    const abortable = signal as CancelSignal & Partial<Pick<AbortSignal, 'addEventListener'>>;
    abortable.addEventListener?.('abort', () => controller.abort(), { once: true });
    const solution = await solveChallenge({ challenge, deriveKey, controller });
    if (!solution) throw Object.assign(new Error('CAPTCHA_INVALID'), { code: 'CAPTCHA_INVALID' });
    return btoa(JSON.stringify({ challenge, solution }));
  }
}

/** The practice mode asks no captcha: nothing leaves the page. */
export const practiceSolver: CaptchaSolverPort = { solve: async () => 'practice' };
