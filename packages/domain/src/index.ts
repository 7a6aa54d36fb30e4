/**
 * API Boundary: the domain's core, used on the phone and on the server alike: rules and constants,
 * entities and their changes, the ports, output, accounts, records, chat, claims and the console.
 * Its two other entry points: `@eid/domain/protocol` (the socket's instructions and frames, the
 * HTTP calls' contracts, paths and error bodies) and `@eid/domain/device` (the machines that run on
 * the phone). Modules not listed are internal.
 */
export type { ClockPort } from './ports/clock.port.js';
export type { IdPort } from './ports/id.port.js';
export type * from './ports/registry.port.js';
export type * from './ports/messaging.port.js';
export * from './ports/declaration-store.port.js';
export type * from './ports/hash.port.js';
export type * from './ports/submit-queue.port.js';
export type * from './ports/key-value.port.js';
export type * from './ports/phone-code.port.js';
export type * from './ports/address.port.js';
export * from './ports/media.port.js';
export type * from './ports/plate-reader.port.js';
export type * from './ports/document.port.js';
export type * from './ports/captcha.port.js';
export type * from './ports/email-confirmation.port.js';
export type * from './ports/expiring-store.port.js';
export * from './ports/output-store.port.js';
export type * from './ports/account-store.port.js';
export type * from './ports/password-hasher.port.js';
export type * from './ports/chat-store.port.js';
export type * from './ports/claim-store.port.js';
export type * from './ports/staff-store.port.js';
export type * from './ports/second-factor.port.js';
export * from './ports/storage-full.js';

export * from './rules/errors.js';
export * from './rules/constants.js';
export * from './rules/validation.js';
export * from './rules/general-rules.js';
export * from './rules/password.js';
export * from './rules/email.js';
export * from './rules/phone.js';
export * from './rules/sms-encoding.js';
export * from './rules/limits.js';
export * from './rules/token-bucket.js';
export * from './rules/personal-code.js';
export * from './rules/iban.js';
export * from './rules/vehicle-id.js';
export * from './rules/dates.js';
export * from './rules/address.js';
export * from './rules/driver-identity.js';
export * from './rules/plates.js';
export * from './rules/contacts.js';
export * from './rules/witness.js';
export * from './rules/driver-form.js';
export * from './rules/content-type.js';
export * from './rules/photos.js';
export * from './rules/text.js';
export * from './rules/geometry.js';
export * from './geo/lithuania.js';
export * from './rules/circumstances.js';
export * from './rules/scheme-templates.js';
export * from './rules/scheme-layouts.js';
export * from './rules/vehicle-types.js';
export * from './rules/shell.js';

// The declaration: entities, edits, connect, guilt, preview validation, submit.
export * from './declaration/index.js';

export * from './rules/signature.js';
export * from './rules/image.js';
export * from './rules/plate-recognition.js';

// Output: the declaration document, view links, delivery.
export * from './output/document.js';
export * from './output/statement.js';
export * from './output/delivery.js';
export * from './output/guidance.js';
export * from './claim/competence.js';
export * from './claim/claim.js';
export * from './claim/claim-rules.js';
export * from './claim/prefill.js';
export * from './output/retention.js';

// Accounts: sessions, sign-in limits, the account calls' payloads (issue 15).
export * from './account/account.js';
export * from './account/person.js';
export * from './account/identity.js';
export * from './account/oidc.js';
export * from './bureau/index.js';
export * from './chat/index.js';
export * from './console/index.js';
export * from './claim/claim-api.js';
