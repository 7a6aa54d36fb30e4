export { AccountService, ACCOUNT_MAIL_PACE_MS, type StartedSession } from './account.service.js';
export { AccountError, refuseAccount } from './account-error.js';
export type { AccountMail, AccountMailKind, AccountMailPort, AccountPorts } from './ports.js';
export { IdentitySignIn, IDENTITY_ATTEMPT_MS, IDENTITY_PACE_MS, IDENTITY_POLL_WAIT_MS, type IdentityInput, type IdentityProviders } from './identity-sign-in.js';
export { OidcSignIn, OIDC_ATTEMPT_MS } from './oidc-sign-in.js';
export { ExpiryReminders, REMINDER_RUN_EVERY_MS, type ReminderPorts, type ReminderSenderPort } from './expiry-reminders.js';
export { ChatService, type ChatEventsPort, type ChatNotifierPort, type ChatPorts, type ChatThread } from './chat.service.js';
export { StaffService, staffView, type StaffActor, type StaffPorts, type StaffView } from './staff.service.js';
export { ConsoleError, refuse, type ConsoleFailure } from './console-error.js';
