export { AccountService, ACCOUNT_MAIL_PACE_MS, type StartedSession } from './account.service.js';
export { AccountError, refuseAccount } from './account-error.js';
export type { AccountMail, AccountMailKind, AccountMailPort, AccountPorts } from './ports.js';
