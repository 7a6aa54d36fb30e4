/**
 * A captcha with the port's whole contract but no hashing, for simulations on a fake clock: a
 * challenge is issued for an action and a work, a token is accepted once, for that action, with the
 * work it was issued with. What solving costs a device is the simulation's to count (time × work).
 */
import type { CaptchaPort, CaptchaVerdict } from '@eid/domain';

interface Issued {
  readonly action: string;
  readonly work: number;
}

export class WorkCaptcha implements CaptchaPort {
  private readonly issued = new Map<string, Issued>();
  private next = 0;

  async challenge(action: string, work = 1): Promise<{ readonly id: string; readonly action: string; readonly work: number }> {
    const id = `challenge-${++this.next}`;
    this.issued.set(id, { action, work });
    return { id, action, work };
  }

  /** The token of a solved challenge (what a device sends after doing its work). */
  tokenOf(challenge: { readonly id: string }): string {
    return challenge.id;
  }

  async verify(token: string, action: string): Promise<CaptchaVerdict> {
    const issued = this.issued.get(token);
    if (!issued || issued.action !== action) return { valid: false };
    this.issued.delete(token);
    return { valid: true, work: issued.work };
  }
}
