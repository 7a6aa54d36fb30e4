/**
 * The calls the application shell makes (app-shell §7), for the first screen's bundle: the shell
 * imports these from `@eid/domain/shell` rather than the whole domain.
 */
import { BACKEND_BASE_PATH, HEALTH_PATH } from '../../protocol/paths.js';

export { ACCOUNT_PATH } from '../../protocol/paths.js';
export { ACCOUNT_ERROR_CODES } from '../../rules/account-errors.js';
import type { ParameterName } from '../../protocol/parameters.js';

export type { ParameterName };
export { isParameterFailure } from '../../protocol/parameters.js';

export const CLIENT_LOG_PATHS = {
  info: `${BACKEND_BASE_PATH}/log`,
  warn: `${BACKEND_BASE_PATH}/log/warn`,
  error: `${BACKEND_BASE_PATH}/log/error`,
} as const;

export const parameterPath = (name: ParameterName): string => `${BACKEND_BASE_PATH}/parametrai/${name}`;

/** The backend's readiness (the push/message channel's server is up). */
export const BACKEND_READY_PATH = HEALTH_PATH;
