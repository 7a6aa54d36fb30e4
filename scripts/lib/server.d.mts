// Types of server.mjs for the TypeScript that starts the built server (the end-to-end specs).
import type { ChildProcess, StdioNull, StdioPipe } from 'node:child_process';

export function waitForOk(url: string, timeoutMs?: number, child?: ChildProcess | null): Promise<void>;

export function startBuiltServer(options: {
  readonly port: number;
  readonly dataDir: string;
  readonly env?: Record<string, string>;
  readonly nodeArgs?: readonly string[];
  readonly readyPath?: string;
  readonly output?: StdioNull | StdioPipe;
}): Promise<ChildProcess>;

export function stopServer(server: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
