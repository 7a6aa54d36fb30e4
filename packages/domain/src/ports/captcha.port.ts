/**
 * API Boundary: the server's captcha (self-hosted proof of work). A challenge is bound to an action
 * (declaration-flow §7: the token is requested with an action name, default "submit"); a token is
 * the solved challenge, accepted once, for that action only, before it expires.
 */
export interface CaptchaPort {
  /** A challenge for the action; `work` (1 by default) multiplies what solving it costs a device (JN8). */
  challenge(action: string, work?: number): Promise<unknown>;
  verify(token: string, action: string): Promise<CaptchaVerdict>;
}

/** A checked token: refused, or accepted with the work its challenge was issued with. */
export type CaptchaVerdict = { readonly valid: false } | { readonly valid: true; readonly work: number };

/** What the solver is told when its time is up (the browser's AbortSignal is one). */
export interface CancelSignal {
  readonly aborted: boolean;
}

/**
 * API Boundary: the device's side: solves a challenge for an action and resolves the token. The
 * captcha machine gives it CAPTCHA_TIMEOUT_MS; `signal` says to stop when the time is up.
 */
export interface CaptchaSolverPort {
  /** `work` (1 by default) is how many times the normal work the server asked for (JN8). */
  solve(action: string, signal: CancelSignal, work?: number): Promise<string>;
}
