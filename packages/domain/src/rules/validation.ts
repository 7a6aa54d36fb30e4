/**
 * The general semantics of a validated input (declaration-flow §5 "General") and the two helpers
 * every rule module builds on.
 *
 * Each rule is a valibot schema whose issue message is an `ErrorCode`, never UI text: the browser
 * and the server run the very same schema and the web app translates the code.
 */
import * as v from 'valibot';
import { isErrorCode, type ErrorCode } from './errors.js';

/** A rule: a valibot schema whose issues carry an `ErrorCode` as message. */
export type Rule = v.GenericSchema<unknown, unknown>;

/** The first failure of a rule: its code and, for bound rules (min, max …), the bound. */
export interface RuleIssue {
  readonly code: ErrorCode;
  readonly requirement?: unknown;
}

/**
 * Runs a rule and returns its first issue, or null when the value passes. An issue whose message is
 * not a known code (a schema built without one) is reported as INVALID_TYPE rather than leaking
 * valibot's English message.
 */
export function validateIssue(schema: Rule, value: unknown): RuleIssue | null {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return null;
  const [issue] = result.issues;
  const code: ErrorCode = isErrorCode(issue.message) ? issue.message : 'INVALID_TYPE';
  return issue.requirement === undefined ? { code } : { code, requirement: issue.requirement };
}

/** Runs a rule and returns the code of its first issue, or null when the value passes. */
export function validate(schema: Rule, value: unknown): ErrorCode | null {
  return validateIssue(schema, value)?.code ?? null;
}

/** A `v.check` whose message must be an error code (the compiler refuses UI text here). */
export function codeCheck<T>(requirement: (input: T) => boolean, code: ErrorCode) {
  return v.check<T, ErrorCode>(requirement, code);
}

/**
 * A check that may fail with one of several codes: `decide` returns the code of the failure or
 * null. Used where one parse decides between codes (phone, personal code), to parse only once.
 */
export function codeRule<T>(decide: (input: T) => ErrorCode | null) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const code = decide(dataset.value);
    if (code !== null) addIssue({ message: code });
  });
}

/** A string schema whose type failure is reported as INVALID_TYPE. */
export function codeString() {
  return v.string<ErrorCode>('INVALID_TYPE');
}

// ---------------------------------------------------------------------------------------------
// Presence ("required")
// ---------------------------------------------------------------------------------------------

const END_FILLERS = /^[\s\-_]+|[\s\-_]+$/g;

/** Trims spaces, hyphens and underscores at both ends: "-_ x _-" is "x", "--" is empty. */
export function trimFillers(value: string): string {
  return value.replace(END_FILLERS, '');
}

/** Something with a byte size and a file name, as a browser File or an uploaded part. */
export interface FileLike {
  readonly size: number;
  readonly name: string;
}

export function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { size?: unknown }).size === 'number' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

/**
 * Whether an input holds a value in the sense of the "Required" rule: a string that is not empty
 * after trimming fillers, any number but NaN, any boolean (a checkbox has its own rule), a
 * non-empty array, a file with a size and a name, or an object with at least one own key.
 */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return trimFillers(value) !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  if (typeof value === 'boolean') return true;
  if (Array.isArray(value)) return value.length > 0;
  if (isFileLike(value)) return value.size > 0 && value.name !== '';
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return false;
}

/** The "Required input" rule on its own. */
export const requiredSchema: Rule = v.custom<unknown, ErrorCode>(hasValue, 'REQUIRED');

// ---------------------------------------------------------------------------------------------
// Field composer
// ---------------------------------------------------------------------------------------------

export interface FieldOptions {
  /** An empty input fails with REQUIRED; otherwise an empty input passes. */
  readonly required?: boolean;
  /** A disabled input has no rules at all, not even "required". */
  readonly disabled?: boolean;
  /** Custom rules, run in order on a present value; the first failure wins. */
  readonly rules?: readonly Rule[];
  /**
   * Strings are trimmed of white space before the custom rules see them (the spec's "Strings are
   * trimmed"). Passwords switch this off: a space is a legal password character.
   */
  readonly trim?: boolean;
}

const anything: Rule = v.unknown();

/**
 * Composes an input's rules with the spec's general semantics: disabled means no rules; an absent
 * value fails only when required; custom rules apply only when there is a value. The result is one
 * valibot schema, so it validates the same in the browser and on the server, and its output is the
 * trimmed value.
 */
export function field(options: FieldOptions): Rule {
  const { required = false, disabled = false, rules = [], trim = true } = options;
  if (disabled) return anything;
  const prepared: Rule = v.pipe(
    v.unknown(),
    v.transform((input: unknown) => (trim && typeof input === 'string' ? input.trim() : input)),
  );
  // A pipe stops before the next schema once an issue exists, so the first failing rule wins.
  const present = rules.reduce<Rule>((chain, rule) => v.pipe(chain, rule), prepared);
  return v.lazy((input) => {
    if (!hasValue(input)) return required ? requiredSchema : anything;
    return present;
  });
}

/** Shorthand for `validate(field(options), value)`. */
export function validateField(options: FieldOptions, value: unknown): ErrorCode | null {
  return validate(field(options), value);
}

// ---------------------------------------------------------------------------------------------
// Record-level presence
// ---------------------------------------------------------------------------------------------

/** A signed-in user as the login service reports it. */
export interface UserRecord {
  readonly firstname?: string | null;
  readonly lastname?: string | null;
  readonly birthDate?: string | null;
}

/** A user is valid only if first name, last name and birth date are all present. */
export function isUserValid(user: UserRecord | null | undefined): boolean {
  return !!user && hasValue(user.firstname) && hasValue(user.lastname) && hasValue(user.birthDate);
}
