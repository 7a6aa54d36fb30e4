/** The captcha of abuse-prone instructions (a connect, submit-eid, send-phone-code); none in practice mode. */
import type { HubOptions, HubPorts } from './ports.js';
import { refuse } from './refusal.js';

export class Captcha {
  constructor(
    private readonly ports: Pick<HubPorts, 'captcha' | 'log'>,
    private readonly options: HubOptions,
  ) {}

  /** Is a proof of work asked at all (not in practice, not without a captcha)? */
  get on(): boolean {
    return this.ports.captcha !== undefined && this.options.mode !== 'practice';
  }

  /**
   * CAPTCHA_REQUIRED without a token, CAPTCHA_INVALID for a wrong one; otherwise the work the token
   * was issued with (JN8), Infinity where no proof is asked.
   */
  async check(token: string | undefined, action: string): Promise<number> {
    if (!this.ports.captcha || !this.on) return Infinity;
    if (!token) refuse('CAPTCHA_REQUIRED');
    try {
      const verdict = await this.ports.captcha.verify(token, action);
      if (verdict.valid) return verdict.work;
    } catch (error) {
      this.ports.log?.('warn', 'captcha check failed', { error: String(error) });
    }
    return refuse('CAPTCHA_INVALID');
  }
}
