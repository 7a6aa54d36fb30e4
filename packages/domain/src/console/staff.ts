/**
 * The bureau's staff (issue 16; SPEC SF): accounts separate from drivers', signed in with a
 * password and a TOTP code, in one of two roles; their sessions are shorter than drivers'. The
 * rules are here; the accounts and sessions are kept behind StaffStorePort, the codes checked by
 * SecondFactorPort.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { accountEmail } from '../account/account.js';
import { passwordSchema } from '../rules/password.js';
import { PASSWORD_MAX_LENGTH } from '../rules/constants.js';

/**
 * SF2: an operator reads and answers; a supervisor also manages staff and reads the audit log.
 * Issue 36: an insurer's staff member (`insurer`) reads only the declarations of its own insurer
 * (those it is a responsible insurer of), nothing else of the bureau's.
 */
export const STAFF_ROLES = ['operator', 'supervisor', 'insurer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffMember {
  readonly id: string;
  /** Lower-cased; one staff account per address. */
  readonly email: string;
  /** As the drivers see it under the bureau's answers ("Ona, EID biuras"). */
  readonly name: string;
  readonly role: StaffRole;
  /** The registry's insurer (`InsurerRecord.id`) an `insurer` member works for; null for the bureau's own. */
  readonly insurerId: number | null;
  readonly passwordHash: string;
  /** The TOTP secret (base32), shown once when the account is made. */
  readonly totpSecret: string;
  /** SF1: the time step (seconds) of the last code that signed in: that code and older ones are refused. */
  readonly lastTotpStep: number;
  /** SF4: a disabled account signs nothing in; its sessions end. */
  readonly active: boolean;
  readonly createdAt: number;
}

export interface StaffSession {
  readonly id: string;
  readonly staffId: string;
  readonly tokenHash: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

/** SF3: a staff session ends after 15 minutes without a call and 10 hours after sign-in (a working day). */
export const STAFF_SESSION_LIMITS = { idleMs: 15 * 60_000, absoluteMs: 10 * 60 * 60_000 } as const;

/** SF3: is the staff session still valid at `now`? */
export function staffSessionAlive(session: Pick<StaffSession, 'createdAt' | 'lastSeenAt'>, now: number): boolean {
  return now - session.lastSeenAt < STAFF_SESSION_LIMITS.idleMs && now - session.createdAt < STAFF_SESSION_LIMITS.absoluteMs;
}

/** SF1: wrong sign-ins per address lock it like a driver's (5 within 15 minutes lock it 15 minutes). */
export const STAFF_CODE_PATTERN = /^\d{6}$/;

const Email = v.pipe(v.string(), v.maxLength(254), v.check((s) => accountEmail(s) !== null), v.transform((s) => accountEmail(s) as string));

/** SF1: a staff sign-in: address, password and the authenticator's six digits. */
export const StaffSignInSchema = object({
  email: Email,
  password: v.pipe(v.string(), v.maxLength(200)),
  code: v.pipe(v.string(), v.regex(STAFF_CODE_PATTERN)),
});

/**
 * SF4: a supervisor adds a staff member (the password must pass the account password rule). An
 * insurer's member names its insurer; the bureau's own name none.
 */
export const NewStaffSchema = v.pipe(
  object({
    email: Email,
    name: v.pipe(v.string(), v.transform((s) => s.trim()), v.minLength(1), v.maxLength(80)),
    role: v.picklist(STAFF_ROLES),
    password: v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH), v.check((s) => v.safeParse(passwordSchema, s).success)),
    insurerId: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999_999))), null),
  }),
  v.forward(
    v.partialCheck([['role'], ['insurerId']], (s) => (s.role === 'insurer') === (s.insurerId !== null && s.insurerId !== undefined)),
    ['insurerId'],
  ),
);
export type NewStaff = v.InferOutput<typeof NewStaffSchema>;

/**
 * SF2: what each role may do. `read`: the bureau's chats, claims and lists; `readDeclarations`:
 * the received declarations (an insurer's member only its own insurer's: the use cases narrow
 * them); `manageInsurers`: register, rotate and revoke the insurers' clients (issue 36).
 */
export type StaffPermission = 'read' | 'readDeclarations' | 'answer' | 'manageStaff' | 'readAudit' | 'announceUpdate' | 'manageInsurers';

export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  if (role === 'insurer') return permission === 'readDeclarations';
  if (permission === 'read' || permission === 'readDeclarations' || permission === 'answer') return true;
  return role === 'supervisor';
}

/** A console list's page: at most 50 rows, from an offset, with an optional search. */
export const CONSOLE_PAGE_SIZE = 20;
export const ConsolePageSchema = object({
  offset: v.optional(v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number), v.maxValue(1_000_000)), '0'),
  search: v.optional(v.pipe(v.string(), v.maxLength(100)), ''),
});

/** A member of staff as the console shows them (never a password hash or a TOTP secret). */
export interface StaffView {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: StaffRole;
  readonly insurerId: number | null;
  readonly active: boolean;
}

export const staffView = (s: StaffMember): StaffView => ({ id: s.id, email: s.email, name: s.name, role: s.role, insurerId: s.insurerId, active: s.active });
