/**
 * The refusals of the signed-in half's use cases, one type per area, each with its area's typed
 * codes (the server answers each with its status, plugins/errors.ts): a chat's, a claim's, the
 * bureau's console's.
 */
import type { CHAT_ERROR_CODES, CLAIM_ERROR_CODES, CONSOLE_ERROR_CODES } from '@eid/domain';

export type ChatFailure = (typeof CHAT_ERROR_CODES)[number];
export type ClaimFailure = (typeof CLAIM_ERROR_CODES)[number];
export type ConsoleFailure = (typeof CONSOLE_ERROR_CODES)[number];

/** A chat call refused (CH). */
export class ChatError extends Error {
  constructor(readonly code: ChatFailure) {
    super(code);
    this.name = 'ChatError';
  }
}

/** A claim call refused (the victim's claim, UE). */
export class ClaimError extends Error {
  constructor(readonly code: ClaimFailure) {
    super(code);
    this.name = 'ClaimError';
  }
}

/** A console call refused: the staff's sign-in, permissions and accounts, a recipient (SF). */
export class ConsoleError extends Error {
  constructor(readonly code: ConsoleFailure) {
    super(code);
    this.name = 'ConsoleError';
  }
}

export function refuseChat(code: ChatFailure): never {
  throw new ChatError(code);
}

export function refuseClaim(code: ClaimFailure): never {
  throw new ClaimError(code);
}

export function refuseConsole(code: ConsoleFailure): never {
  throw new ConsoleError(code);
}
