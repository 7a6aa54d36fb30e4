import { requestCaptchaToken, type CaptchaAction, type CaptchaSolverPort } from '@eid/domain';

/** Asks the driver to solve the captcha by hand (the captcha dialog); rejects when they close it. */
export type ManualCaptcha = (action: CaptchaAction) => Promise<string>;

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

  /** A fresh token for one call; rejects with `{ code }` when neither way produced one. */
  async token(action: CaptchaAction): Promise<string> {
    const pending = this.pending.get(action) ?? requestCaptchaToken(this.solver, { action });
    this.pending.delete(action);
    try {
      return await pending;
    } catch (error) {
      if (this.manual) return this.manual(action);
      throw error;
    }
  }
}
