import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFixture, ACCIDENT_TIME, FixedClock } from '@eid/test-fixtures';
import { HISTORY_YEARS, retentionCutoff } from '@eid/domain';
import { buildTestApp } from '../testing/build-test-app.js';
import { seedSubmitted } from '../testing/submitted.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const NOW = ACCIDENT_TIME + 20 * 60_000;
const DAY = 24 * 60 * 60_000;

describe('retention', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  it(`[RT1] a finished declaration is kept ${HISTORY_YEARS} years with its statements, messages and files; ${HISTORY_YEARS} years and a day after its end all of it is gone`, async () => {
    const clock = new FixedClock(NOW);
    const ctx = await buildTestApp({ EID_DEV_OUTBOX: 'on' }, { clock });
    open.push(ctx);
    await seedSubmitted(ctx.app, 'decl-retained-01', NOW);
    expect(await ctx.app.submitWorker.runOnce()).toBe(1);
    expect(await ctx.app.deliveryWorker.runOnce()).toBeGreaterThan(0);
    const ended = (await ctx.app.declarations.get('decl-retained-01'))!;
    expect(ended.declaration.status).toBe('FINISHED');
    const folder = join(ctx.config.blobsDir, 'decl-retained-01');
    expect(existsSync(folder)).toBe(true);
    expect((await ctx.app.outbox.list()).length).toBeGreaterThan(0);
    // A signed-in driver's account is linked to it (BR5); another link points at a declaration already swept unfinished.
    await ctx.app.storage.accounts.createAccount(accountFixture('acc-ret', 'ret@example.lt', { emailConfirmedAt: NOW }));
    await ctx.app.storage.accounts.linkDeclaration('acc-ret', 'decl-retained-01', 'A', 'h1', NOW);
    await ctx.app.storage.accounts.linkDeclaration('acc-ret', 'decl-never-finished', 'B', 'h2', NOW);
    const kept = async () => ({
      declaration: (await ctx.app.declarations.get('decl-retained-01')) !== null,
      links: (await ctx.app.storage.accounts.declarationsOf('acc-ret')).length,
      statements: (await ctx.app.output.statementsFor('decl-retained-01')).length,
      deliveries: (await ctx.app.output.deliveriesFor('decl-retained-01')).length,
      files: existsSync(folder),
      outbox: (await ctx.app.outbox.list()).length,
    });

    // The day before the period ends: everything is there.
    clock.set(retentionCutoff(ended.lastActivity, -HISTORY_YEARS) - DAY);
    expect(await ctx.app.retention.runOnce()).toEqual({ declarations: 0, orphanFolders: 0, insurerOrphans: 0, outboxMessages: 0, accountLinks: 1, auditEntries: 0 });
    expect(await kept()).toMatchObject({ declaration: true, links: 1, statements: 2, files: true });

    clock.set(retentionCutoff(ended.lastActivity, -HISTORY_YEARS) + DAY);
    const run = await ctx.app.retention.runOnce();
    expect(run).toMatchObject({ declarations: 1, accountLinks: 1 });
    expect(await kept()).toEqual({ declaration: false, links: 0, statements: 0, deliveries: 0, files: false, outbox: 0 });
    // Issue 36: its insurers' feed entries went with it.
    expect(await ctx.app.storage.insurers.declarationIds()).toEqual([]);
    // Its links open nothing any more.
    expect(await ctx.app.output.findStatement({ suid: 'x'.repeat(32) })).toBeNull();
  });

  it("[RT2] unfinished declarations are not touched by retention; a folder of files, an insurer's feed entry and claim whose declaration is gone are swept", async () => {
    const clock = new FixedClock(NOW);
    const ctx = await buildTestApp({}, { clock });
    open.push(ctx);
    await seedSubmitted(ctx.app, 'decl-retained-02', NOW);
    const orphan = join(ctx.config.blobsDir, 'decl-gone-000001');
    mkdirSync(orphan, { recursive: true });
    writeFileSync(join(orphan, 'photo0000000001.image~jpeg'), Buffer.from([0xff, 0xd8, 0xff]));
    // Issue 36: an insurer's feed entry and claim of a declaration that is gone (a removal cut short by a crash), beside a live one's.
    await ctx.app.storage.insurers.addToFeed([
      { insurerId: 2, declarationId: 'decl-gone-000001', finishedAt: NOW },
      { insurerId: 2, declarationId: 'decl-retained-02', finishedAt: NOW },
    ]);
    await ctx.app.storage.insurers.registerClaim({ declarationId: 'decl-gone-000001', insurerId: 2, claimNumber: 'X-1', contactName: '', contactPhone: '', contactEmail: '', clientId: 'ic_gone0000000000000', registeredAt: NOW });
    const run = await ctx.app.retention.runOnce();
    expect(run).toMatchObject({ declarations: 0, orphanFolders: 1, insurerOrphans: 1 });
    expect(existsSync(orphan)).toBe(false);
    expect(await ctx.app.declarations.get('decl-retained-02')).not.toBeNull();
    expect(await ctx.app.storage.insurers.declarationIds()).toEqual(['decl-retained-02']);
  });
});
