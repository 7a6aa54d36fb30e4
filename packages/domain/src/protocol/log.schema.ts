import * as v from 'valibot';
import { object } from '../rules/schema.js';

/**
 * The client log calls of app-shell §7. Sizes are bounded so a faulty or hostile client
 * cannot fill the server's logs: the body limit of the route is LOG_BODY_LIMIT_BYTES.
 */
export const LOG_BODY_LIMIT_BYTES = 32 * 1024;
export const LOG_SRC_MAX = 64;
export const LOG_TEXT_MAX = 4000;
export const LOG_STACK_MAX = 16000;

export const LOG_LEVELS = ['info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const src = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LOG_SRC_MAX));
const text = v.pipe(v.string(), v.maxLength(LOG_TEXT_MAX));
const position = v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(10_000_000));
/** What the page adds to a line (its state, an error's details), as the page wrote it out: text. */
const data = v.optional(v.pipe(v.string(), v.maxLength(LOG_TEXT_MAX)));

/** POST /log, /log/warn, /log/error: message prefixed by the client with the plates pair or instance id. */
export const ClientMessageLogSchema = object({
  src,
  message: v.pipe(text, v.minLength(1)),
  data,
});

/** POST /log/error for start-up (init) failures and uncaught errors: where it happened. */
export const ClientErrorReportSchema = object({
  src,
  msg: text,
  url: v.pipe(v.string(), v.maxLength(2048)),
  line: position,
  col: position,
  error: v.optional(v.pipe(v.string(), v.maxLength(LOG_STACK_MAX))),
});

/** POST /log/error for framework (React) errors. */
export const ClientFrameworkErrorSchema = object({
  src,
  error: text,
  name: v.pipe(v.string(), v.maxLength(256)),
  data,
  stack: v.optional(v.pipe(v.string(), v.maxLength(LOG_STACK_MAX))),
});

export const ClientLogBodySchema = v.union([
  ClientMessageLogSchema,
  ClientErrorReportSchema,
  ClientFrameworkErrorSchema,
]);
export type ClientLogBody = v.InferOutput<typeof ClientLogBodySchema>;

/** Only /log/error accepts the error-report shapes; info and warn take messages. */
export function logBodySchemaFor(level: LogLevel) {
  return level === 'error' ? ClientLogBodySchema : ClientMessageLogSchema;
}

export const LogQuerySchema = object({
  node_id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,128}$/))),
});
