// Types of cluster.mjs for the TypeScript tests that start a local cluster.
import type { ChildProcess } from 'node:child_process';

export interface ClusterNode {
  readonly port: number;
  readonly url: string;
  child: ChildProcess;
  kill(): Promise<void>;
  restart(): Promise<void>;
}

export interface Cluster {
  readonly url: string;
  readonly nodes: readonly ClusterNode[];
  readonly postgres: { readonly url: string; restart(downMs?: number): Promise<void>; stop(): void } | null;
  readonly env: Record<string, string>;
  stop(): Promise<void>;
}

export function startCluster(options?: {
  nodes?: number;
  port?: number;
  env?: Record<string, string>;
  log?: (message: string) => void;
  logTo?: 'ignore' | 'inherit' | 'pipe';
}): Promise<Cluster>;

export function haproxyConfig(options: { port: number; nodes: ReadonlyArray<{ port: number }> }): string;
export function waitForOk(url: string, timeoutMs?: number): Promise<void>;
