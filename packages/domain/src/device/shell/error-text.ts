/** The message of a failure, for the server log (not exported from the package). */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
