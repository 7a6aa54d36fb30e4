/** The person's records (SPEC BR1-BR5) and notification choices (settings M): one use case per file. */
export type { RecordsPorts, RecordsReader } from './ports.js';
export { RecordsError, type RecordsFailure } from './records-error.js';
export { readDocuments } from './read-documents.js';
export { readDebts } from './read-debts.js';
export { readAccidents } from './read-accidents.js';
export { openOwnStatement } from './open-own-statement.js';
export { readNotificationChoices } from './read-notification-choices.js';
export { saveNotificationChoices } from './save-notification-choices.js';
