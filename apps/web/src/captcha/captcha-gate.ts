import { type CaptchaAction, type CaptchaSolverPort } from '@eid/domain';
import { requestCaptchaToken } from '@eid/domain/device';

/** Asks the driver to solve the captcha by hand (the captcha dialog); rejects when they close it. */
export type ManualCaptcha = (action: CaptchaAction, work: number) => Promise<string>;

/**
 * Captcha tokens for a page: solved ahead when a screen knows one will be needed (the submit, a
 * phone code), so the driver seldom waits; a token is used once. When the automatic solve fails
 * or takes over 10 s (ERR_TIMEOUT), the captcha dialog takes over.
 */
export class CaptchaGate {
  private readonly pending = new Map<CaptchaAction, Promise<string>>();
  private manual: ManualCaptcha | null = null;

  constructor(private readonly solver: CaptchaSolverPort) {}

  setManual(manual: ManualCaptcha | null): void {
    this.manual = manual;
  }

  /** Starts solving a token for the action now, if none is waiting. */
  prefetch(action: CaptchaAction): void {
    if (this.pending.has(action)) return;
    const token = requestCaptchaToken(this.solver, { action });
    token.catch(() => undefined);
    this.pending.set(action, token);
  }

  /**
   * A fresh token for one call; rejects with `{ code }` when neither way produced one. `work` above 1
   * (JN8: the server asked for a harder proof) is never the one solved ahead.
   */
  async token(action: CaptchaAction, work = 1): Promise<string> {
    const ahead = work > 1 ? undefined : this.pending.get(action);
    if (ahead) this.pending.delete(action);
    const pending = ahead ?? requestCaptchaToken(this.solver, { action, work });
    try {
      return await pending;
    } catch (error) {
      if (this.manual) return this.manual(action, work);
      throw error;
    }
  }
}
