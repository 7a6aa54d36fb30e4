/**
 * The error catalogue: every code the domain, the server and the web app may report.
 *
 * The domain never holds user-facing text (ARCHITECTURE invariant); it speaks in these codes and the
 * web app maps each one to a translated message. Codes are grouped by family as `const` arrays so
 * that other code (message catalogues, exhaustiveness tests, server schemas) can iterate them, and
 * the one `ErrorCode` union is derived from those arrays so the two can never drift apart.
 */
import { ACCOUNT_ERROR_CODES } from './account-errors.js';

/** Plate check and connect errors of declaration-flow §8 (names as the server sends them). */
export const PLATE_CHECK_ERROR_CODES = [
  'PLATE_UNREGISTERED',
  'PLATE_MUST_BE_TERMINATED',
  'PLATE_CHECK_LIMIT',
  'GPS_NOT_LT',
  'NO_ASSIGNED_EID',
  'NOT_CONNECTED',
  'INSUFFICIENT',
  'INCORRECT',
  'DATA_ERROR',
  'NO_PLATE',
] as const;

/**
 * Every plate-recognition status of declaration-flow §8. `OK` is a status, not an error, so it is
 * kept here but left out of {@link PLATE_RECOGNITION_ERROR_CODES} and of `ErrorCode`.
 */
export const PLATE_RECOGNITION_STATUSES = [
  'OK',
  'NOT_FOUND',
  'ERROR_IO',
  'ERROR_PROCESS',
  'ERROR_INTERRUPT',
  'ERROR_CONCURRENT',
  'ERROR_WRONG_PLATE',
  'ERROR_NOT_IN_EID',
] as const;
export type PlateRecognitionStatus = (typeof PLATE_RECOGNITION_STATUSES)[number];

/** The plate-recognition statuses that are failures. */
export const PLATE_RECOGNITION_ERROR_CODES = [
  'NOT_FOUND',
  'ERROR_IO',
  'ERROR_PROCESS',
  'ERROR_INTERRUPT',
  'ERROR_CONCURRENT',
  'ERROR_WRONG_PLATE',
  'ERROR_NOT_IN_EID',
] as const satisfies readonly PlateRecognitionStatus[];

/**
 * Connect rejections (declaration-flow §4) and connection failures (§8). `TTL_TOO_LONG` and
 * `HEARTBEAT` are the spelled-out reconnect rejection reasons; the rest are named here.
 */
export const CONNECTION_ERROR_CODES = [
  'PLATE_A_IN_USE',
  'PLATE_B_IN_USE',
  'TRAILER_A_IN_USE',
  'TRAILER_B_IN_USE',
  'PLATES_INVERSED',
  'LOCATION_TOO_FAR',
  'OTHER_MODE',
  'DECLARATION_FULL',
  'DECLARATION_FINISHED',
  'ALREADY_ASSIGNED',
  'SEAT_STILL_COUNTED',
  'ASSIGNMENT_FAILED',
  'HEARTBEAT',
  'TTL_TOO_LONG',
  'REMOVED_INACTIVE',
  'SYSTEM_UPDATE',
  'SERVER_ERROR',
  'CONNECTION_LOST',
  'SERVER_UNREACHABLE',
  'CREATE_FAILED',
  'JOIN_REFUSED',
  'JOIN_NOT_CONFIRMED',
  /** The driver stopped a join in progress (issue 34: the join wait had no way back). */
  'JOIN_CANCELLED',
  'NOBODY_TO_CONFIRM',
  'JOIN_REQUEST_CHANGED',
  'JOIN_BUSY',
  'JOIN_ASKED_TOO_OFTEN',
  'SERVER_BUSY',
  'TOO_MANY_CALLS',
] as const;

/** Plate-step failures of declaration-flow §5 and §8. */
export const PLATE_ERROR_CODES = [
  'TWO_FOREIGN_VEHICLES',
  'PLATES_MUST_DIFFER',
  'TRAILER_PLATES_MUST_DIFFER',
  'INSURANCE_STATUS_UNRESOLVED',
] as const;

/** Contact-step failures of declaration-flow §8. */
export const CONTACT_ERROR_CODES = [
  'PHONES_MUST_DIFFER',
  'EMAILS_MUST_DIFFER',
  'WRONG_CONFIRMATION_CODE',
  'CONTACT_SYSTEM_ERROR',
] as const;

/**
 * Photo failures of declaration-flow §8. FAILED_CONVERSION, BAD_EXT and TOO_BIG are the spec's own
 * names; NOT_A_PHOTO is the "otherwise only photos can be uploaded" case, BASE64_FAILED the
 * "Problem converting to base64." case.
 */
export const PHOTO_ERROR_CODES = [
  'FAILED_CONVERSION',
  'BAD_EXT',
  'TOO_BIG',
  'NOT_A_PHOTO',
  'TOO_MANY',
  'BASE64_FAILED',
] as const;

/** Scheme failure: an empty scheme or photo cannot be submitted. */
export const SCHEME_ERROR_CODES = ['SCHEME_EMPTY'] as const;

/** One code per missing-step item of the preview (declaration-flow §8), in the spec's order. */
export const PREVIEW_ERROR_CODES = [
  'PREVIEW_EMAIL',
  'PREVIEW_CONTACT',
  'PREVIEW_SCHEME',
  'PREVIEW_CONDITIONS',
  'PREVIEW_IMPACT',
  'PREVIEW_PHOTOS',
  'PREVIEW_VEHICLE_DATA_LOST',
  'PREVIEW_TRAILER_LOST',
  'PREVIEW_DRIVER_DATA',
  'PREVIEW_LOCATION',
  'PREVIEW_AUTOMATIC_DATA_MISSING',
  'PREVIEW_NOT_LINKED',
  'PREVIEW_SAME_PERSON',
  'PREVIEW_GUILTY_MISSING',
  'PREVIEW_SIGNATURES_NOT_SAVED',
  'PREVIEW_INSURER_NOT_FOUND',
  'PREVIEW_CONSENT_MISSING',
  'PREVIEW_IMAGES_NOT_SAVED',
  'PREVIEW_CANNOT_FINALIZE',
] as const;

/** Signature and guilt failures of declaration-flow §8. */
export const SIGNATURE_ERROR_CODES = [
  'SIGNATURE_TOO_ABSTRACT',
  'SIGNATURE_SAVE_FAILED',
  'GUILT_SET_FAILED',
  'GUILT_RESET_FAILED',
] as const;

/** The captcha token did not arrive within the time-out (both documents). */
export const TIMEOUT_ERROR_CODES = ['ERR_TIMEOUT'] as const;

/** Application-shell failures of app-shell §7 and §8. */
export const SHELL_ERROR_CODES = [
  'MAPS_SETUP_FAILED',
  'PUSH_INIT_FAILED',
  'TAG_MANAGER_FETCH_FAILED',
  'TAG_MANAGER_INIT_FAILED',
  'RECAPTCHA_INIT_FAILED',
  'ANALYTICS_INIT_FAILED',
  'DMZ_UNREACHABLE',
  'BACKEND_UNREACHABLE',
  'PAGE_LOAD_FAILED',
  'UNSUPPORTED_BROWSER',
  'NETWORK_ERROR',
  'GENERIC_ERROR',
  'ROUTE_NOT_FOUND',
  'LOGIN_REQUIRED',
  'PREVIEW_LOAD_FAILED',
  'AUDIO_FETCH_INCOMPLETE',
  'EMAIL_ADDRESS_MISTAKE',
  'CHUNK_LOAD_FAILED',
] as const;

/** Field-validation failures of declaration-flow §5 (the rules modules report these). */
export const VALIDATION_ERROR_CODES = [
  'REQUIRED',
  'INVALID_TYPE',
  'NAME_INVALID',
  'NUMBERS_ONLY',
  'SUM_FORMAT',
  'SUM_TOO_LARGE',
  'PASSWORD_LENGTH',
  'PASSWORD_FORBIDDEN_CHARS',
  'PASSWORD_WEAK',
  'PASSWORDS_DO_NOT_MATCH',
  'EMAIL_INVALID',
  'EMAILS_DO_NOT_MATCH',
  'TOO_SHORT',
  'TOO_LONG',
  'CHECKBOX_REQUIRED',
  'TOO_EARLY',
  'TOO_LATE',
  'PHONE_NO_COUNTRY_CODE',
  'PHONE_ONLY_PREFIX',
  'PHONE_INVALID',
  'PHONE_COUNTRY_NOT_SERVED',
  'PHONE_CODE_INVALID',
  'NOT_LT_TEMPLATE',
  'PERSONAL_CODE_INVALID',
  'LICENCE_INVALID',
  'FOREIGN_LICENCE_INVALID',
  'BIRTH_DATE_MISMATCH',
  'IBAN_INVALID',
  'VI_INVALID',
  'DATE_FORMAT',
  'TIME_FORMAT',
  'ADDRESS_NOT_PICKED',
  'ADDRESS_NO_HOUSE',
  'ADDRESS_NO_APARTMENT',
  'ADDRESS_INCOMPLETE',
  'PLATE_TOO_LONG',
] as const;

/**
 * Refusals of the declaration hub (not named by the spec): an edit the rules of declaration-flow
 * §4 and §6 do not allow.
 */
export const DECLARATION_ERROR_CODES = [
  'UNKNOWN_INSTRUCTION',
  /** The device speaks another protocol version (an old page after a release): it must reload. */
  'PROTOCOL_UNSUPPORTED',
  'NOT_ALLOWED',
  'ALREADY_SUBMITTED',
  'CONDITIONS_INCOMPATIBLE',
  'INSURER_ALREADY_CHOSEN',
  'INSURER_UNKNOWN',
  /** IN3: "insured abroad" said of a vehicle registered in Lithuania. */
  'INSURED_ABROAD_LT_VEHICLE',
  /** IN3: the green card ended before the day of the accident. */
  'GREEN_CARD_EXPIRED',
  /** IN4: "not insured" said of a vehicle the registry has a policy for. */
  'VEHICLE_INSURED',
  'PHOTO_NOT_FOUND',
  'AUDIO_NOT_FOUND',
  'TEST_USER_REFUSED',
] as const;

/**
 * Output and delivery failures (issue 6; names are ours): the captcha was missing or not solved,
 * an e-mail confirmation link is unknown or expired, a file of a statement is not there, the
 * declaration document could not be produced.
 */
export const OUTPUT_ERROR_CODES = ['CAPTCHA_REQUIRED', 'CAPTCHA_INVALID', 'CAPTCHA_TOO_EASY', 'CONFIRMATION_LINK_INVALID', 'FILE_NOT_FOUND', 'DOCUMENT_FAILED'] as const;

/** The audio recorder's failures (declaration-flow §4 recorder state "error"); names are ours. */
export const AUDIO_ERROR_CODES = ['MICROPHONE_UNAVAILABLE', 'AUDIO_SAVE_FAILED'] as const;

/**
 * Photos still on this phone (issue 35: they are sent while the driver goes on): PHOTOS_NOT_SENT
 * when some could not be sent and the driver is about to sign or submit. Names are ours.
 */
export const PHOTO_QUEUE_ERROR_CODES = ['PHOTOS_NOT_SENT'] as const;

/**
 * Refusals of the HTTP and RPC edge itself (not named by the spec). Invalid input is answered with
 * the catalogue's DATA_ERROR, an unknown path with ROUTE_NOT_FOUND, a fault with SERVER_ERROR.
 */
export const API_EDGE_ERROR_CODES = [
  'STORAGE_FULL',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
] as const;

export { ACCOUNT_ERROR_CODES };

/** Chat with the bureau (CH1, CH6): a chat that is not the caller's is not found (it tells nothing of others'). */
export const CHAT_ERROR_CODES = ['CHAT_NOT_FOUND', 'CHAT_TOPIC_INVALID', 'CHAT_TEXT_INVALID', 'CHAT_FILE_INVALID', 'CHAT_TOO_MANY_FILES'] as const;

/**
 * The victim's claim (issue 17; SPEC CL, CC, BK): a claim that is not the caller's is not found; a
 * submitted one is no longer edited; a submission with a step's errors is CLAIM_INCOMPLETE; a
 * declaration in which the caller was not a victim starts no claim from it.
 */
export const CLAIM_ERROR_CODES = [
  'CLAIM_NOT_FOUND',
  'CLAIM_NOT_EDITABLE',
  'CLAIM_INCOMPLETE',
  'CLAIM_STATE_INVALID',
  'CLAIM_NOT_VICTIM',
  'CLAIM_FILE_INVALID',
  'CLAIM_TOO_MANY_FILES',
  'CLAIM_DOCUMENT_MISSING',
  'CLAIM_NO_DAMAGE',
  'COMPANY_CODE_INVALID',
  'IBAN_BANK_MISMATCH',
] as const;

/** The bureau's console (SF1-SF4): one answer for every failed sign-in, whatever was wrong. */
export const CONSOLE_ERROR_CODES = ['STAFF_SIGN_IN_FAILED', 'STAFF_NOT_SIGNED_IN', 'STAFF_FORBIDDEN', 'STAFF_EXISTS', 'STAFF_NOT_FOUND', 'RECIPIENT_NOT_FOUND', 'SYSTEM_UPDATE_TIMES', 'INSURER_CLIENT_NOT_FOUND', 'INSURER_NOT_IN_REGISTRY', 'WEBHOOK_ADDRESS_REFUSED', 'WEBHOOK_NOT_FOUND'] as const;

/**
 * The insurers' API (issue 36): a token that is not one (unknown, expired, its client revoked); a
 * declaration or file the insurer may not read is not found, exactly as one that does not exist.
 */
export const INSURER_API_ERROR_CODES = ['INSURER_TOKEN_INVALID', 'INSURER_RECORD_NOT_FOUND'] as const;

/** Every family, for code that iterates them all (message catalogues, exhaustiveness tests). */
export const ERROR_CODE_FAMILIES = {
  plateCheck: PLATE_CHECK_ERROR_CODES,
  plateRecognition: PLATE_RECOGNITION_ERROR_CODES,
  connection: CONNECTION_ERROR_CODES,
  plate: PLATE_ERROR_CODES,
  contact: CONTACT_ERROR_CODES,
  photo: PHOTO_ERROR_CODES,
  scheme: SCHEME_ERROR_CODES,
  preview: PREVIEW_ERROR_CODES,
  signature: SIGNATURE_ERROR_CODES,
  timeout: TIMEOUT_ERROR_CODES,
  shell: SHELL_ERROR_CODES,
  validation: VALIDATION_ERROR_CODES,
  declaration: DECLARATION_ERROR_CODES,
  audio: AUDIO_ERROR_CODES,
  photoQueue: PHOTO_QUEUE_ERROR_CODES,
  output: OUTPUT_ERROR_CODES,
  apiEdge: API_EDGE_ERROR_CODES,
  account: ACCOUNT_ERROR_CODES,
  chat: CHAT_ERROR_CODES,
  claim: CLAIM_ERROR_CODES,
  console: CONSOLE_ERROR_CODES,
  insurerApi: INSURER_API_ERROR_CODES,
} as const;

export type ErrorCodeFamily = keyof typeof ERROR_CODE_FAMILIES;

/** The one typed union of every error code. */
export type ErrorCode = (typeof ERROR_CODE_FAMILIES)[ErrorCodeFamily][number];

export type PlateCheckErrorCode = (typeof PLATE_CHECK_ERROR_CODES)[number];
export type ConnectionErrorCode = (typeof CONNECTION_ERROR_CODES)[number];
export type PhotoErrorCode = (typeof PHOTO_ERROR_CODES)[number];
export type PreviewErrorCode = (typeof PREVIEW_ERROR_CODES)[number];
export type ShellErrorCode = (typeof SHELL_ERROR_CODES)[number];
export type ValidationErrorCode = (typeof VALIDATION_ERROR_CODES)[number];

/** Every code once, in family order. */
export const ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR_CODE_FAMILIES).flat();

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

/** Narrows anything (a server reply, a valibot issue message) to a known error code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value);
}

/** The family a code belongs to (each code is in exactly one). */
export function errorCodeFamily(code: ErrorCode): ErrorCodeFamily {
  for (const [family, codes] of Object.entries(ERROR_CODE_FAMILIES)) {
    if ((codes as readonly string[]).includes(code)) return family as ErrorCodeFamily;
  }
  // Unreachable for a well-typed ErrorCode; kept so the function is total at run time.
  throw new Error(`unknown error code ${code}`);
}
