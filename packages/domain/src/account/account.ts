/**
 * Accounts (app-shell §1, §2, §6; issue 15): a registered user signs in by e-mail and password
 * (later also Smart-ID, Mobile-ID and a social account), and holds server-side sessions. The
 * rules here are the ones the spec leaves open, decided as a national service would (SPEC.md AC).
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { isEmail, normaliseEmail } from '../rules/email.js';
import { passwordSchema } from '../rules/password.js';
import { LOCALES, PASSWORD_MAX_LENGTH, type Locale } from '../rules/constants.js';
import type { ACCOUNT_ERROR_CODES } from '../rules/errors.js';
import { failureLockMs } from '../rules/limits.js';
import type { AccountPerson } from './person.js';

/** How a session was started. */
export const SIGN_IN_METHODS = ['password', 'smartid', 'mobileid', 'oidc'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export type { AccountPerson } from './person.js';

export interface Account {
  readonly id: string;
  /** Normalised (trimmed, lower-case); null for an account made by Smart-ID or Mobile-ID alone. */
  readonly email: string | null;
  /** When the owner proved the address (the link of the confirmation e-mail); null: not yet. */
  readonly emailConfirmedAt: number | null;
  /** argon2id (PHC string); null: no password (signs in by another method). */
  readonly passwordHash: string | null;
  /** Verified by Smart-ID or Mobile-ID only; never typed. */
  readonly personalCode: string | null;
  readonly person: AccountPerson;
  /** The language of the account's e-mails. */
  readonly lang: Locale;
  readonly createdAt: number;
}

/** A server-side session: the browser holds only an opaque token, the store its SHA-256. */
export interface AccountSession {
  readonly id: string;
  readonly accountId: string;
  readonly tokenHash: string;
  readonly method: SignInMethod;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  /** The browser and system it was started from, as the user would recognise it ("Chrome, Android"). */
  readonly device: string;
}

/** A new account's confirmation link, a password reset link, a signed-in account's new address's confirmation link. */
export type AccountTokenPurpose = 'confirm' | 'reset' | 'email';

/** A single-use link's token as stored: its SHA-256, whom and what it is for, until when. */
export interface AccountToken {
  readonly tokenHash: string;
  readonly accountId: string;
  readonly purpose: AccountTokenPurpose;
  readonly expiresAt: number;
  /**
   * A confirmation link's password (argon2id), chosen at the registration that sent it: the account
   * gets it only when this link confirms the address with it (AC2). Null for a reset link.
   */
  readonly passwordHash: string | null;
  /** AC14: the address an 'email' link confirms for its account; null for the other links. */
  readonly email: string | null;
}

/**
 * AC3: a session ends after 30 minutes without a call (idle) and 12 hours after sign-in
 * (absolute), whichever comes first; the cookie lives no longer than the absolute limit.
 */
export const SESSION_LIMITS = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 } as const;

/** AC3: a session's last-seen time is written at most once a minute (a page's calls do not each write). */
export const SESSION_TOUCH_MS = 60_000;

/** AC3: is the session still valid at `now`? */
export function sessionAlive(session: Pick<AccountSession, 'createdAt' | 'lastSeenAt'>, now: number): boolean {
  return now - session.lastSeenAt < SESSION_LIMITS.idleMs && now - session.createdAt < SESSION_LIMITS.absoluteMs;
}

/** AC3: until when the session can live at most (the cookie's lifetime). */
export function sessionDeadline(session: Pick<AccountSession, 'createdAt'>): number {
  return session.createdAt + SESSION_LIMITS.absoluteMs;
}

/** AC5: the confirmation link is good for 24 hours, the password reset link for 1 hour; each once. */
export const ACCOUNT_LINK_MS: Readonly<Record<AccountTokenPurpose, number>> = { confirm: 24 * 60 * 60_000, reset: 60 * 60_000, email: 24 * 60 * 60_000 };

/**
 * AC4: wrong passwords per address: after 5 within 15 minutes the address refuses every password,
 * the right one too, until 15 minutes after the last wrong one. Counted for addresses without an
 * account as well, so the lock-out tells nothing of who has one.
 */
export const SIGN_IN_LIMIT = { attempts: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/**
 * AC4: how long the address stays locked after these wrong passwords (0: open): any 5 of them
 * within 15 minutes lock it until 15 minutes after the 5th. The times are kept for the window and
 * the lock together (SIGN_IN_FAILURES_KEPT_MS), so a lock lasts its whole time.
 */
export function signInLockMs(failures: readonly number[], now: number): number {
  return failureLockMs(SIGN_IN_LIMIT, failures, now);
}

/** AC4: how long a wrong password's time is kept (the window and a lock after it). */
export const SIGN_IN_FAILURES_KEPT_MS = SIGN_IN_LIMIT.windowMs + SIGN_IN_LIMIT.lockMs;

/** AC7: an unconfirmed account is deleted 7 days after registration (its address may be someone else's). */
export const UNCONFIRMED_ACCOUNT_MS = 7 * 24 * 60 * 60_000;

/** AC1: the address an account is found by: a well-formed address, normalised. */
export function accountEmail(value: string): string | null {
  const email = normaliseEmail(value);
  return email !== '' && isEmail(email) ? email : null;
}

const EmailInput = v.pipe(v.string(), v.maxLength(254), v.check((s) => accountEmail(s) !== null));
const PasswordInput = v.pipe(v.string(), v.maxLength(200));
/** A new password: the account password rule (PW1-PW4), and no longer than that rule allows. */
const NewPasswordInput = v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH), v.check((s) => v.safeParse(passwordSchema, s).success));
const LangInput = v.picklist(LOCALES);
/** A link's token: what `IdPort.token` makes (URL-safe, 128 bits at least). */
const LinkToken = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/));

/** AC2: a registration: the address and a password that passes the account password rule (PW1-PW4). */
export const RegisterSchema = object({
  email: EmailInput,
  password: NewPasswordInput,
  lang: LangInput,
});
/** A sign-in: any password text is judged by comparing it, not by the rule (an old password may predate it). */
export const SignInSchema = object({ email: EmailInput, password: PasswordInput });
export const ResetRequestSchema = object({ email: EmailInput, lang: LangInput });
export const ResetSchema = object({
  token: LinkToken,
  password: NewPasswordInput,
});
/** AC11: a signed-in account's new password, with its current one. */
export const ChangePasswordSchema = object({
  current: PasswordInput,
  password: NewPasswordInput,
});
export const ConfirmAccountSchema = object({ token: LinkToken, password: PasswordInput });
/** AC14: the address an account without a password asks to receive its messages at (a link confirms it). */
export const AddEmailSchema = object({ email: EmailInput, lang: LangInput });
export const ConfirmNewEmailSchema = object({ token: LinkToken });
export const SessionIdSchema = object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)) });

/** The account calls' refusals (the catalogue's ACCOUNT_ERROR_CODES). */
export type AccountFailure = (typeof ACCOUNT_ERROR_CODES)[number];

/** What a signed-in browser is told of itself (`GET …/account/me`). */
export interface AccountView {
  readonly email: string | null;
  readonly emailConfirmed: boolean;
  readonly hasPassword: boolean;
  readonly personalCodeVerified: boolean;
  /** The verified personal code (its owner's own browser only: it prefills the declaration, AC13). */
  readonly personalCode: string | null;
  readonly person: AccountPerson;
  readonly lang: Locale;
  readonly session: { readonly id: string; readonly method: SignInMethod; readonly expiresAt: number };
  /** Sent back in the X-EID-CSRF header of every state-changing call. */
  readonly csrfToken: string;
}

/** The sign-in methods this installation offers (the login dialog shows these). */
export interface SignInMethodsAnswer {
  readonly password: boolean;
  readonly identity: ReadonlyArray<'smartid' | 'mobileid'>;
  readonly social: ReadonlyArray<{ readonly id: string; readonly name: string }>;
}
/** ID1, ID2: a Smart-ID or Mobile-ID attempt started: its id and the code the person compares on the phone. */
export interface IdentityStartedAnswer {
  readonly attempt: string;
  readonly verificationCode: string;
}
/** ID3: a poll of the attempt: still running, or done with the browser's account. */
export type IdentityPollAnswer = { readonly state: 'RUNNING' } | { readonly state: 'OK'; readonly account: AccountView };
/** What a call that changes the account says it did. */
export interface AccountDone<S extends string> {
  readonly status: S;
}

/** A session as its owner sees it in settings (L). */
export interface SessionView {
  readonly id: string;
  readonly method: SignInMethod;
  readonly device: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly current: boolean;
}

export function accountView(account: Account, session: AccountSession, csrfToken: string): AccountView {
  return {
    email: account.email,
    emailConfirmed: account.emailConfirmedAt !== null,
    hasPassword: account.passwordHash !== null,
    personalCodeVerified: account.personalCode !== null,
    personalCode: account.personalCode,
    person: account.person,
    lang: account.lang,
    session: { id: session.id, method: session.method, expiresAt: sessionDeadline(session) },
    csrfToken,
  };
}

/**
 * AC6: the device a session was started from, as its owner recognises it, from the User-Agent:
 * the browser and the system, nothing finer (no versions: they identify a person better than
 * they help).
 */
export function deviceOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return [browser, system].filter((x) => x !== null).join(', ') || '?';
}

/**
 * AC14: a test user — an account whose verified personal code the installation lists as a test
 * code (`EID_TEST_PERSONAL_CODES`) — cannot fill declarations (declaration-flow §6): its device's
 * connect is TEST_USER_REFUSED.
 */
export function isTestUser(account: Pick<Account, 'personalCode'>, testCodes: readonly string[]): boolean {
  return account.personalCode !== null && testCodes.includes(account.personalCode);
}
