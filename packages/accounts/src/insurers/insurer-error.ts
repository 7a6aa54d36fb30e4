import type { INSURER_API_ERROR_CODES } from '@eid/domain';

export type InsurerApiFailure = (typeof INSURER_API_ERROR_CODES)[number];

/** An insurers' API call refused (issue 36): the token, or a record not found (the same whether it does not exist or is another insurer's). */
export class InsurerApiError extends Error {
  constructor(readonly code: InsurerApiFailure) {
    super(code);
    this.name = 'InsurerApiError';
  }
}

export function refuseInsurer(code: InsurerApiFailure): never {
  throw new InsurerApiError(code);
}
