/**
 * The composition root builds the whole installation without a server (issue 32 item 5): every
 * service from the configuration and the storage, typed, and working through its use cases — a
 * declaration created at the hub, an account registered, a record read, a chat written and listed
 * for the console — then stopped, its adapters closed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoIds } from '@eid/adapter-system';
import { SAFETY_PAGES } from '@eid/adapter-storage-sqlite';
import { FixedClock } from '@eid/test-fixtures';
import { readDocuments } from '@eid/accounts';
import { loadConfig } from './config.js';
import { openStorage, type Storage } from './storage/index.js';
import { buildServices, type Services } from './services.js';
import { plates, VILNIUS } from './testing/ws-driver.js';
import { PROTOCOL_VERSION } from '@eid/domain/protocol';

describe('the composition root', () => {
  const opened: Array<{ services: Services; storage: Storage; dir: string }> = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      await o.services.stop();
      await o.storage.close();
      rmSync(o.dir, { recursive: true, force: true });
    }
  });

  it('builds every service without a server, and they work together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eid-services-'));
    const config = loadConfig({ EID_DATA_DIR: join(dir, 'data'), EID_WEB_DIST: join(dir, 'web'), EID_BACKGROUND_JOBS: 'off', EID_CAPTCHA: 'off' }, dir);
    const clock = new FixedClock(Date.UTC(2026, 10, 26, 9, 0, 0));
    const ids = new CryptoIds();
    const storage = await openStorage(config, clock, ids, () => {});
    const services = await buildServices({ config, storage, clock, ids, logger: pino({ level: 'silent' }) });
    opened.push({ services, storage, dir });
    await services.start();
    // The embedded file's WAL is copied by a thread of its own; the commits checkpoint only past the safety net.
    expect(storage.sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(SAFETY_PAGES);

    // The hub creates a declaration for a device's frame through a connection object, no socket needed.
    const sent: unknown[] = [];
    const device = { send: (m: unknown) => sent.push(m), testUser: false, source: 'test' };
    await services.hub.handle(device, { t: 'connect', id: 1, protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates('LRA908'), B: plates('GTE274') }, location: VILNIUS, fillLang: 'lt' });
    expect(sent.find((m) => (m as { t?: string }).t === 'result')).toMatchObject({ t: 'result', id: 1, ok: true });

    // An account registers (its e-mail to the local outbox), the records read for it.
    await services.accounts.register({ email: 'ona@example.lt', password: 'Saulė-Vėjas-2026', lang: 'lt' });
    expect((await services.outbox.list({ channel: 'email' })).map((m) => m.to)).toContainEqual(['ona@example.lt']);
    expect(await readDocuments(services.records, { id: 'nobody', personalCode: null })).toEqual({ verified: false });

    // The services share their parts: the chats the claims write to are the console's.
    expect(services.console.chats).toBe(services.chats);
    expect(services.console.staff).toBe(services.staff);
    expect(services.statements.captcha).toBeNull();
  });
});
