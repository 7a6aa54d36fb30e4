import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type Declaration } from '../../declaration/entities.js';
import { blankDeclaration } from '../../declaration/blank.js';
import type { PreviewFinding } from '../../declaration/preview.js';
import { completeSubmit, markWaiting, submitParties, submitStatus, withdrawSubmit, type SubmitStatus } from '../../declaration/submit.js';
import type { Party } from '../../rules/constants.js';
import {
  LONG_FILL_GUARD_MS,
  LONG_SUBMIT_MS,
  SUBMIT_TIMEOUT_MS,
  dialogStateOf,
  provideSubmitPorts,
  type SubmitActor,
  type SubmitPort,
} from './submit.machine.js';

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** The hub's submit rules on one declaration; devices get each change pushed. */
class SubmitServer {
  d: Declaration = blankDeclaration({ id: 'decl_submit_00', mode: 'live', now: 0, maxTimeAdjust: 2, fillLang: 'lt', location: null });
  findings: PreviewFinding[] = [];
  hang = false;
  informed = 0;
  readonly devices: Array<{ party: Party; actor: SubmitActor }> = [];
  clock = new SimulatedClock();

  push(except: Party | null): void {
    for (const dev of this.devices) if (dev.party !== except) dev.actor.send({ type: 'peer.status', status: submitStatus(this.d, dev.party) });
  }

  port(parties: Party[]): SubmitPort {
    return {
      validate: async () => this.findings,
      submit: () => {
        if (this.hang) return new Promise<SubmitStatus>(() => {});
        const out = submitParties(this.d, parties, this.findings, 1);
        if (!out.ok) return Promise.reject(Object.assign(new Error(out.code), { code: out.code }));
        this.d = out.enqueue ? markWaiting(out.declaration, 2) : out.declaration;
        this.push(parties[0]!);
        return Promise.resolve(submitStatus(this.d, parties[0]!));
      },
      withdraw: async () => {
        const out = withdrawSubmit(this.d, parties[0]!, 3);
        if (out.ok) this.d = out.declaration;
        this.push(parties[0]!);
        return submitStatus(this.d, parties[0]!);
      },
      informAdmin: async () => {
        this.informed += 1;
      },
    };
  }

  queueAnswers(result: 'SUCCESS' | 'FAIL'): void {
    this.d = completeSubmit(this.d, result, result === 'SUCCESS' ? { A: '/a/suid', B: '/a/suid-b' } : null, 4);
    this.push(null);
  }

  device(party: Party, parties: Party[] = [party]): SubmitActor {
    const actor = createActor(provideSubmitPorts(this.port(parties)), { input: { parties, status: submitStatus(this.d, party) }, clock: this.clock });
    this.devices.push({ party, actor });
    return actor.start();
  }
}

describe('submit machine', () => {
  it('[SM1] the first driver to submit waits for the other (ready); both submitted, it waits for the queue, then success', async () => {
    const s = new SubmitServer();
    const a = s.device('A');
    const b = s.device('B');
    expect(a.getSnapshot().value).toBe('idle');
    a.send({ type: 'user.submit' });
    expect(a.getSnapshot().value).toBe('validating');
    await flush();
    expect(a.getSnapshot().matches('ready')).toBe(true);
    expect(a.getSnapshot().context.result).toBe('OK');
    expect(b.getSnapshot().value).toBe('idle');
    b.send({ type: 'user.submit' });
    await flush();
    expect(b.getSnapshot().matches('waiting')).toBe(true);
    expect(a.getSnapshot().matches('waiting')).toBe(true);
    s.queueAnswers('SUCCESS');
    expect(a.getSnapshot().value).toBe('success');
    expect(b.getSnapshot().value).toBe('success');
    // Each driver gets their own view link.
    expect(a.getSnapshot().context.status?.viewUrl).toBe('/a/suid');
    expect(b.getSnapshot().context.status?.viewUrl).toBe('/a/suid-b');
  });

  it('[SM2] findings of the final validation stop the submit: error with the findings; fixed, a retry goes through', async () => {
    const s = new SubmitServer();
    const a = s.device('A');
    s.findings = [{ code: 'PREVIEW_SCHEME', party: null, step: 10 }];
    a.send({ type: 'user.submit' });
    await flush();
    expect(a.getSnapshot().value).toBe('error');
    expect(a.getSnapshot().context.findings).toEqual(s.findings);
    expect(a.getSnapshot().context.result).toBe('ERROR');
    s.findings = [];
    a.send({ type: 'user.submit' });
    await flush();
    expect(a.getSnapshot().matches('ready')).toBe(true);
  });

  it('[SM3] a submit without an answer in SUBMIT_TIMEOUT_MS is TIMEDOUT; a refused one is ERROR with its code', async () => {
    const s = new SubmitServer();
    const a = s.device('A');
    s.hang = true;
    a.send({ type: 'user.submit' });
    await flush();
    expect(a.getSnapshot().value).toBe('submitting');
    s.clock.increment(SUBMIT_TIMEOUT_MS);
    expect(a.getSnapshot().value).toBe('error');
    expect(a.getSnapshot().context.result).toBe('TIMEDOUT');
    s.hang = false;
    s.d = completeSubmit(s.d, 'FAIL', null, 1);
    a.send({ type: 'user.submit' });
    await flush();
    expect(a.getSnapshot().context).toMatchObject({ result: 'ERROR', error: 'DECLARATION_FINISHED' });
  });

  it('[SM4] the long-fill guard: after LONG_FILL_GUARD_MS waiting for the other, the driver may withdraw to correct data', async () => {
    const s = new SubmitServer();
    const a = s.device('A');
    s.device('B');
    a.send({ type: 'user.submit' });
    await flush();
    s.clock.increment(LONG_FILL_GUARD_MS - 1);
    expect(a.getSnapshot().hasTag('longFill')).toBe(false);
    s.clock.increment(1);
    expect(a.getSnapshot().hasTag('longFill')).toBe(true);
    a.send({ type: 'user.keepWaiting' });
    expect(a.getSnapshot().hasTag('longFill')).toBe(false);
    s.clock.increment(LONG_FILL_GUARD_MS);
    a.send({ type: 'user.withdraw' });
    await flush();
    expect(a.getSnapshot().value).toBe('idle');
    expect(s.d.parties.A.submit).toBe('NONE');
  });

  it('[SM5] the long submit: after LONG_SUBMIT_MS on the queue, the driver may inform the administrator or close; the answer still arrives', async () => {
    const s = new SubmitServer();
    const a = s.device('A', ['A', 'B']);
    a.send({ type: 'user.submit' });
    await flush();
    expect(a.getSnapshot().matches('waiting')).toBe(true);
    s.clock.increment(LONG_SUBMIT_MS);
    expect(a.getSnapshot().hasTag('longSubmit')).toBe(true);
    a.send({ type: 'user.informAdmin' });
    await flush();
    expect(s.informed).toBe(1);
    expect(a.getSnapshot().context.adminInformed).toBe(true);
    a.send({ type: 'user.close' });
    expect(a.getSnapshot().value).toBe('closedWhileWaiting');
    s.queueAnswers('FAIL');
    expect(a.getSnapshot().value).toBe('fail');
  });

  it('[SM6] the dialog state follows the declaration submit state for the parties the device submits for', () => {
    const base = submitStatus(s0(), 'A');
    expect(dialogStateOf(base, ['A'])).toBe('idle');
    expect(dialogStateOf({ ...base, stateA: 'SUBMITTED' }, ['A'])).toBe('ready');
    expect(dialogStateOf({ ...base, stateA: 'SUBMITTED' }, ['A', 'B'])).toBe('idle');
    expect(dialogStateOf({ ...base, stateEID: 'SUBMITTING' }, ['B'])).toBe('waiting');
    expect(dialogStateOf({ ...base, stateEID: 'WAITING' }, ['B'])).toBe('waiting');
    expect(dialogStateOf({ ...base, stateEID: 'SUCCESS' }, ['B'])).toBe('success');
    expect(dialogStateOf({ ...base, stateEID: 'FAIL' }, ['B'])).toBe('fail');
    expect(dialogStateOf({ ...base, stateEID: 'ERROR' }, ['B'])).toBe('error');
  });
});

function s0(): Declaration {
  return blankDeclaration({ id: 'decl_submit_01', mode: 'live', now: 0, maxTimeAdjust: 2, fillLang: 'en', location: null });
}

describe('submit machine and its source', () => {
  it("[SM1] [HB21] a machine with a watch port follows the declaration by itself: the queue's answer ends the wait without any event from the screen", async () => {
    const s = new SubmitServer();
    const listeners: Array<(st: SubmitStatus) => void> = [];
    const port: SubmitPort = {
      ...s.port(['A', 'B']),
      watch: (on) => {
        listeners.push(on);
        return () => undefined;
      },
    };
    const a = createActor(provideSubmitPorts(port), { input: { parties: ['A', 'B'], status: submitStatus(s.d, 'A') }, clock: s.clock }).start();
    a.send({ type: 'user.submit' });
    await flush();
    expect(a.getSnapshot().matches('waiting')).toBe(true);
    // The queue answers; the device's declaration changes, the screen sends nothing.
    s.d = completeSubmit(s.d, 'SUCCESS', { A: '/a/suid', B: '/a/suid-b' }, 4);
    for (const l of listeners) l(submitStatus(s.d, 'A'));
    expect(a.getSnapshot().matches('success')).toBe(true);
  });
});
