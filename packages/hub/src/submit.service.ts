/**
 * Submit (declaration-flow §4, §6): each party submits once its data passes validate-t2; when both
 * have (or one device for both), the declaration goes to the submit queue and waits for the
 * insurers' answer, which finishes it (SUCCESS or FAIL) and makes it immutable. A party may
 * withdraw its submit while the other has not submitted. Practice declarations are checked the
 * same way and end with demo-done, never reaching the queue.
 */
import {
  completeSubmit,
  describeFindings,
  concatPatches,
  markWaiting,
  PARTIES,
  submitParties,
  submitStatus,
  validateT2,
  withdrawSubmit,
  type Party,
  type StoredDeclaration,
} from '@eid/domain';
import type { BinaryService } from './binaries.service.js';
import type { Captcha } from './captcha.js';
import type { Handlers } from './handler.js';
import type { HubOptions, HubPorts } from './ports.js';
import { Refusal, refuse } from './refusal.js';
import type { Rooms } from './rooms.js';
import type { UnitOfWork } from './unit-of-work.js';

export class SubmitService {
  constructor(
    private readonly ports: Pick<HubPorts, 'queue' | 'clock'>,
    private readonly options: HubOptions,
    private readonly uow: UnitOfWork,
    private readonly rooms: Rooms,
    private readonly binaries: BinaryService,
    private readonly captcha: Captcha,
  ) {}

  /** The submit queue's answer for a declaration: it ends in SUCCESS or FAIL and becomes immutable; false when it is gone or was finished. */
  async complete(declarationId: string, result: 'SUCCESS' | 'FAIL', viewUrls: Readonly<Record<Party, string>> | null): Promise<boolean> {
    let completed = false;
    try {
      ({ result: completed } = await this.uow.change(declarationId, { writer: null, kind: 'DATA', when: 'any' }, (record, now) => {
        if (record.declaration.status === 'FINISHED') return { after: record, result: false };
        return { after: { ...record, declaration: completeSubmit(record.declaration, result, viewUrls, now), lastActivity: now }, result: true };
      }));
    } catch (error) {
      // Removed meanwhile (nuke-it, the sweep): there is nothing left to finish.
      if (error instanceof Refusal && error.code === 'REMOVED_INACTIVE') return false;
      throw error;
    }
    if (completed) this.rooms.end(declarationId, 'FINISHED');
    return completed;
  }

  handlers(): Handlers<'submit-eid' | 'withdraw-submit' | 'demo-done'> {
    return {
      'submit-eid': async ({ captcha }, { conn, seat, contract }) => {
        await this.captcha.check(captcha, 'submit');
        const practice = this.options.mode === 'practice';
        const writer = { conn, seat };
        // Submitted, queued and marked waiting under one lock: nothing comes in between.
        return this.uow.withLock(seat.declarationId, async () => {
          const first = await this.uow.changeHeld(seat.declarationId, { writer, kind: 'DATA', when: contract.when }, async (record: StoredDeclaration, now) => {
            const d = record.declaration;
            const findings = validateT2(d, await this.binaries.previewContext(record));
            if (practice || d.mode === 'practice') {
              // Practice declarations are checked like live ones, but end with demo-done.
              const stateEID = findings.length ? ('ERROR' as const) : ('SUCCESS' as const);
              return { after: record, result: { status: { ...submitStatus(d, seat.party), stateEID, invalidDesc: describeFindings(findings) }, enqueue: false } };
            }
            const outcome = submitParties(d, PARTIES.filter((p) => seat.allow[p]), findings, now);
            if (!outcome.ok) refuse(outcome.code);
            return { after: { ...record, declaration: outcome.declaration, lastActivity: now }, result: { status: submitStatus(outcome.declaration, seat.party), enqueue: outcome.enqueue } };
          });
          if (!first.result.enqueue) return { ...first.result.status, ...first.committed };
          // On the queue only once the submit is committed; then marked waiting for the insurers' answer.
          await this.ports.queue.enqueue(seat.declarationId, this.ports.clock.now());
          const waiting = await this.uow.changeHeld(seat.declarationId, { writer, kind: 'DATA', when: 'unfinished' }, (record, now) => {
            const declaration = markWaiting(record.declaration, now);
            return { after: declaration === record.declaration ? record : { ...record, declaration, lastActivity: now }, result: submitStatus(declaration, seat.party) };
          });
          return { ...waiting.result, version: waiting.committed.version, patch: concatPatches(first.committed.patch, waiting.committed.patch) };
        });
      },
      'withdraw-submit': async ({ party: named }, { conn, seat, contract }) => {
        const party = named ?? seat.party;
        const { result, committed } = await this.uow.change(seat.declarationId, { writer: { conn, seat }, kind: 'DATA', when: contract.when }, (record, now) => {
          const outcome = withdrawSubmit(record.declaration, party, now);
          if (!outcome.ok) refuse(outcome.code);
          const after = outcome.declaration === record.declaration ? record : { ...record, declaration: outcome.declaration, lastActivity: now };
          return { after, result: submitStatus(outcome.declaration, seat.party) };
        });
        return { ...result, ...committed };
      },
      'demo-done': async (_p, { seat }) => {
        const record = await this.uow.load(seat.declarationId);
        if (record.declaration.mode !== 'practice') refuse('NOT_ALLOWED');
        await this.complete(seat.declarationId, 'SUCCESS', null);
        return { ok: true };
      },
    };
  }
}
