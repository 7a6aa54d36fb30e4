/**
 * What the account use cases need from the world. **API Boundary**: the server builds an
 * AccountService from these; tests build it on the memory adapters and a fixed clock.
 */
import type { AccountStorePort, ClockPort, ExpiringStorePort, HashPort, IdPort, PasswordHasherPort, Locale } from '@eid/domain';

/** The account e-mails, each with its single-use link's token (null: the e-mail has no link). */
export type AccountMailKind =
  /** AC2: confirm the address of a new account. */
  | 'confirm'
  /** AC2: someone registered an address that has an account already (no second account, no enumeration). */
  | 'already-registered'
  /** AC5: the password reset link. */
  | 'reset'
  /** AC5: a reset was asked for an address without an account. */
  | 'reset-no-account'
  /** AC15: confirm the address an account without a password gave for its messages. */
  | 'confirm-email'
  /** AC15: the address given is another account's: nothing changes (no enumeration in the answer). */
  | 'email-taken'
  /** AC15: a reset was asked for an account that signs in by Smart-ID, Mobile-ID or a social account: it has no password to reset. */
  | 'reset-no-password';

export interface AccountMail {
  readonly kind: AccountMailKind;
  readonly to: string;
  readonly lang: Locale;
  readonly token: string | null;
}

export interface AccountMailPort {
  send(mail: AccountMail): Promise<void>;
}

export interface AccountPorts {
  readonly store: AccountStorePort;
  readonly hasher: PasswordHasherPort;
  readonly mail: AccountMailPort;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  readonly hash: HashPort;
  /** The wrong-password times per address (AC4) and the account e-mails' pacing (AC8). */
  readonly expiring: ExpiringStorePort;
}
