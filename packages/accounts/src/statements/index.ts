/** A driver's statement opened by its link and password, and read again (SPEC PV): one use case per file. */
export type { StatementPorts } from './ports.js';
export { StatementError, type StatementFailure } from './statement-error.js';
export { openStatement, type OpenStatementInput } from './open-statement.js';
export { readStatement } from './read-statement.js';
export { readStatementFile, type StatementFile } from './read-statement-file.js';
