// Types of postgres.mjs for the TypeScript tests that start a PostgreSQL of their own.
export interface StartedPostgres {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  stop(): void;
  restart(downMs?: number): Promise<void>;
}
export function startPostgres(options?: { port?: number; log?: (message: string) => void }): Promise<StartedPostgres>;
export function postgresBinDir(): string;
export function freePort(): Promise<number>;
