import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { applyGuilt, BLANK_GUILT } from '../../declaration/guilt.js';
import type { GuiltState, GuiltyChoice } from '../../declaration/entities.js';
import { declarationViewFor, type GuiltStateView } from '../../declaration/view.js';
import { blankDeclaration } from '../../declaration/blank.js';
import type { Party } from '../../rules/constants.js';
import { provideGuiltPorts, type GuiltActor, type GuiltPort } from './guilt.machine.js';

/** The hub's guilt rules behind a port, shared by two devices; each change is pushed to the others. */
class GuiltServer {
  state: GuiltState = BLANK_GUILT;
  failNext = false;
  readonly devices: Array<{ party: Party; actor: GuiltActor }> = [];

  viewFor(party: Party, both = false): GuiltStateView {
    const d = blankDeclaration({ id: 'decl_guilt_000', mode: 'live', now: 0, maxTimeAdjust: 2, fillLang: 'lt', location: null });
    return declarationViewFor({ ...d, guilt: this.state }, party, both).guilt;
  }

  port(self: Party): GuiltPort {
    const apply = async (party: Party, op: { op: 'SET'; choice: GuiltyChoice } | { op: 'RESET' }) => {
      if (this.failNext) {
        this.failNext = false;
        throw new Error('GUILT');
      }
      this.state = applyGuilt(this.state, party, op);
      for (const d of this.devices) if (d.party !== self) d.actor.send({ type: 'peer.guilt', guilt: this.viewFor(d.party) });
      return this.viewFor(self);
    };
    return { set: (party, choice) => apply(party, { op: 'SET', choice }), reset: (party) => apply(party, { op: 'RESET' }) };
  }

  device(party: Party): GuiltActor {
    const actor = createActor(provideGuiltPorts(this.port(party)), { input: { parties: [party], guilt: this.viewFor(party) } });
    this.devices.push({ party, actor });
    return actor.start();
  }
}

const settled = (a: GuiltActor) => waitFor(a, (s) => !s.hasTag('busy'));

describe('guilt machine', () => {
  it('[GM1] both drivers choosing the same party: the first waits, then both see it resolved', async () => {
    const server = new GuiltServer();
    const a = server.device('A');
    const b = server.device('B');
    expect(a.getSnapshot().hasTag('mustChoose')).toBe(true);
    a.send({ type: 'user.choose', choice: 'B' });
    await settled(a);
    expect(a.getSnapshot().value).toBe('waiting');
    expect(b.getSnapshot().value).toBe('choosing');
    // B is told that A has chosen, not what.
    expect(b.getSnapshot().context.guilt).toMatchObject({ achosen: true, achoice: null });
    b.send({ type: 'user.choose', choice: 'B' });
    await settled(b);
    expect(a.getSnapshot().value).toBe('resolved');
    expect(b.getSnapshot().value).toBe('resolved');
    expect(a.getSnapshot().context.guilt.resolved).toBe('B');
  });

  it('[GM2] differing choices: both are in conflict and must choose again; agreeing then resolves it', async () => {
    const server = new GuiltServer();
    const a = server.device('A');
    const b = server.device('B');
    a.send({ type: 'user.choose', choice: 'A' });
    await settled(a);
    b.send({ type: 'user.choose', choice: 'B' });
    await settled(b);
    for (const d of [a, b]) {
      expect(d.getSnapshot().value).toBe('conflict');
      expect(d.getSnapshot().hasTag('mustChoose')).toBe(true);
      expect(d.getSnapshot().context.hadConflict).toBe(true);
    }
    a.send({ type: 'user.choose', choice: 'BOTH' });
    await settled(a);
    expect(a.getSnapshot().value).toBe('waiting');
    b.send({ type: 'user.choose', choice: 'BOTH' });
    await settled(b);
    expect(a.getSnapshot().value).toBe('resolved');
    expect(b.getSnapshot().context.guilt.resolved).toBe('BOTH');
  });

  it('[GM3] a failed save is reported as GUILT_SET_FAILED and the driver can choose again; reset returns to choosing', async () => {
    const server = new GuiltServer();
    const a = server.device('A');
    server.failNext = true;
    a.send({ type: 'user.choose', choice: 'A' });
    await settled(a);
    expect(a.getSnapshot().value).toBe('choosing');
    expect(a.getSnapshot().context.error).toBe('GUILT_SET_FAILED');
    a.send({ type: 'user.choose', choice: 'A' });
    await settled(a);
    expect(a.getSnapshot().value).toBe('waiting');
    expect(a.getSnapshot().context.error).toBeNull();
    a.send({ type: 'user.reset' });
    await settled(a);
    expect(a.getSnapshot().value).toBe('choosing');
    server.failNext = true;
    a.send({ type: 'user.choose', choice: 'B' });
    await settled(a);
    a.send({ type: 'user.choose', choice: 'B' });
    await settled(a);
    server.failNext = true;
    a.send({ type: 'user.reset' });
    await settled(a);
    expect(a.getSnapshot().context.error).toBe('GUILT_RESET_FAILED');
  });

  it('[GM4] a device may choose only for the parties it fills; one device filling for both chooses for both', async () => {
    const server = new GuiltServer();
    const b = server.device('B');
    b.send({ type: 'user.choose', choice: 'A', party: 'A' });
    expect(b.getSnapshot().value).toBe('choosing');
    expect(server.state.achoice).toBeNull();

    const both = createActor(provideGuiltPorts(server.port('A')), { input: { parties: ['A', 'B'], guilt: server.viewFor('A', true) } }).start();
    both.send({ type: 'user.choose', choice: 'A', party: 'A' });
    await settled(both);
    expect(both.getSnapshot().value).toBe('choosing');
    both.send({ type: 'user.choose', choice: 'A', party: 'B' });
    await settled(both);
    expect(both.getSnapshot().value).toBe('resolved');
  });

  it('[GM1] [HB21] a machine with a watch port follows the declaration by itself: the other driver\'s choice arrives without any event from the screen', async () => {
    const server = new GuiltServer();
    const listeners: Array<(g: GuiltStateView) => void> = [];
    let unsubscribed = 0;
    const withWatch: GuiltPort = {
      ...server.port('B'),
      watch: (onGuilt) => {
        listeners.push(onGuilt);
        return () => void (unsubscribed += 1);
      },
    };
    const b = createActor(provideGuiltPorts(withWatch), { input: { parties: ['B'], guilt: server.viewFor('B') } }).start();
    const a = server.device('A');
    a.send({ type: 'user.choose', choice: 'A' });
    await settled(a);
    // The source (the device's declaration) changes; the screen sends nothing.
    for (const l of listeners) l(server.viewFor('B'));
    expect(b.getSnapshot().context.guilt).toMatchObject({ achosen: true, achoice: null });
    b.send({ type: 'user.choose', choice: 'B' });
    await settled(b);
    expect(b.getSnapshot().value).toBe('conflict');
    b.stop();
    expect(unsubscribed).toBe(1);
  });
});
