import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { ACCIDENT_TIME } from '@eid/test-fixtures';
import { openDatabase, SqliteOutputStore } from '@eid/adapter-storage-sqlite';
import { createSqliteOutbox } from '@eid/adapter-outbox-sqlite';
import { SystemClock, CryptoIds } from '@eid/adapter-system';
import { buildTestApp } from '../testing/build-test-app.js';
import { seedSubmitted } from '../testing/submitted.js';
import { SERVER_NODE_FLAGS } from '../process-flags.js';

/** The built server (`tsc -b`, which `npm test` runs before the unit tests). */
const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const accepted: string[] = [];
let holdNext = false;
let held: (() => void) | null = null;
let onHeld: (() => void) | null = null;
/** An SMTP peer that can hold a message mid-transfer (no answer to its DATA) until the client is gone. */
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    if (holdNext) {
      holdNext = false;
      stream.resume();
      held = () => callback(new Error('connection lost'));
      onHeld?.();
      return;
    }
    simpleParser(stream)
      .then((mail) => {
        accepted.push(mail.messageId ?? '');
        callback();
      })
      .catch(callback);
  },
});
// The killed client resets its connection: expected here, not a failure of the test.
smtp.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ECONNRESET') throw error;
});
let smtpUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** What the spawned servers wrote to stderr (warnings and errors), shown when the test times out. */
let serverLog = '';
/** Every server started, so a failing run leaves none behind. */
const servers: ChildProcess[] = [];

function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      EID_DATA_DIR: dataDir,
      EID_WEB_DIST: join(dataDir, 'no-web'),
      EID_SMTP_URL: smtpUrl,
      EID_PUBLIC_URL: 'https://eid.test',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString('utf8')));
  servers.push(child);
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

async function until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the server wrote:\n${serverLog.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('delivery after a crash', () => {
  it('[DL2] a server killed while an e-mail is on the wire resumes after a restart and sends each message exactly once', { timeout: 90_000 }, async () => {
    expect(existsSync(SERVER), `${SERVER} is built by tsc -b`).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'eid-killed-'));
    try {
      // A declaration both drivers submitted, in the data folder the server will open.
      const seed = await buildTestApp({}, { dir });
      await seedSubmitted(seed.app, 'decl-killed-0001', ACCIDENT_TIME + 60_000);
      await seed.stop();
      const dataDir = join(dir, 'data');

      // First run: the submit worker produces the documents; the first e-mail is held on the wire and the process is killed.
      holdNext = true;
      const heldNow = new Promise<void>((resolve) => (onHeld = resolve));
      const first = startServer(dataDir);
      await Promise.race([heldNow, new Promise((_, reject) => setTimeout(() => reject(new Error(`no e-mail reached the SMTP server; it wrote:\n${serverLog.slice(-4000)}`)), 60_000))]);
      first.kill('SIGKILL');
      await exited(first);
      held?.();
      expect(accepted).toEqual([]);

      // Second run: it resumes from the outbox.
      const second = startServer(dataDir);
      await until(() => accepted.length >= 2, 60_000, 'two e-mails');
      // Nothing more can be sent once every message is marked sent: the outbox, read beside the running server, says when.
      const watching = openDatabase(join(dataDir, 'eid.sqlite'));
      let states: string[] = [];
      try {
        const outbox = new SqliteOutputStore(watching.db);
        for (const end = Date.now() + 30_000; ; ) {
          states = (await outbox.deliveriesFor('decl-killed-0001')).map((m) => m.state);
          if (states.length === 3 && states.every((s) => s === 'SENT')) break;
          if (Date.now() > end) throw new Error(`the outbox never had every message sent: ${states.join(', ')}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        watching.close();
      }
      second.kill('SIGTERM');
      await exited(second);
      // Started as npm start starts it, the server found its flags in effect (it says so when they are not).
      expect(serverLog).not.toContain('started without the Node flags');

      expect([...accepted].sort()).toEqual(['<decl-killed-0001.driver-B-email@eid.test>', '<decl-killed-0001.insurer-A-email@eid.test>']);
      const db = openDatabase(join(dataDir, 'eid.sqlite'));
      try {
        const messages = await new SqliteOutputStore(db.db).deliveriesFor('decl-killed-0001');
        expect(messages.map((m) => [m.key, m.state])).toEqual([
          ['driver-A-sms', 'SENT'],
          ['driver-B-email', 'SENT'],
          ['insurer-A-email', 'SENT'],
        ]);
        const sms = createSqliteOutbox(db.sqlite, new SystemClock(), new CryptoIds()).list({ channel: 'sms' });
        expect(sms).toHaveLength(1);
      } finally {
        db.close();
      }
    } finally {
      for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
