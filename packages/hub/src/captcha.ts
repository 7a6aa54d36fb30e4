/** The captcha of abuse-prone instructions (submit-eid, send-phone-code); none in practice mode. */
import type { HubOptions, HubPorts } from './ports.js';
import { refuse } from './refusal.js';

export class Captcha {
  constructor(
    private readonly ports: Pick<HubPorts, 'captcha' | 'log'>,
    private readonly options: HubOptions,
  ) {}

  /** CAPTCHA_REQUIRED without a token, CAPTCHA_INVALID for a wrong one; passes otherwise. */
  async check(token: string | undefined, action: string): Promise<void> {
    if (!this.ports.captcha || this.options.mode === 'practice') return;
    if (!token) refuse('CAPTCHA_REQUIRED');
    let valid = false;
    try {
      valid = await this.ports.captcha.verify(token, action);
    } catch (error) {
      this.ports.log?.('warn', 'captcha check failed', { error: String(error) });
    }
    if (!valid) refuse('CAPTCHA_INVALID');
  }
}
