import type { CHAT_ERROR_CODES, CLAIM_ERROR_CODES, CONSOLE_ERROR_CODES } from '@eid/domain';

export type ConsoleFailure = (typeof CHAT_ERROR_CODES)[number] | (typeof CONSOLE_ERROR_CODES)[number] | (typeof CLAIM_ERROR_CODES)[number];

/** A chat, claim or console call refused with its typed code (the server answers it with its status). */
export class ConsoleError extends Error {
  constructor(readonly code: ConsoleFailure) {
    super(code);
    this.name = 'ConsoleError';
  }
}

export function refuse(code: ConsoleFailure): never {
  throw new ConsoleError(code);
}
