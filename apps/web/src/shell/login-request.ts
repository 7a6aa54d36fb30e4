/** What the login dialog is opened for (shell/login-host.tsx opens it, account/login-dialog.tsx shows it). */
export interface LoginRequest {
  readonly mode: 'sign-in' | 'register' | 'forgot' | 'reset' | 'smart-id' | 'mobile-id';
  /** Prefilled address (the end screen's offer: the declaration's e-mail). */
  readonly email?: string;
  /** The reset link's token. */
  readonly token?: string;
  /** Where to go once signed in (a page the login gate turned away). */
  readonly next?: string;
  /** A sign-in elsewhere (a social provider) that came back refused: its typed code. */
  readonly refused?: string;
}
