import { describe, expect, it } from 'vitest';
import { blankDeclaration, type Declaration } from '@eid/domain';
import { type ServerMessage } from '@eid/domain/protocol';
import { FixedClock } from '@eid/test-fixtures';
import { kindOf } from './cluster.service.js';
import { Rooms, type HubConnection } from './rooms.js';

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

function declaration(version: number, comment = ''): Declaration {
  const d = blankDeclaration({ id: 'd1', mode: 'live', now: T0, maxTimeAdjust: 3, fillLang: 'lt', location: null });
  return { ...d, version, parties: { ...d.parties, A: { ...d.parties.A, comment } } };
}

function connection(): HubConnection & { readonly got: ServerMessage[] } {
  const got: ServerMessage[] = [];
  return { got, send: (m) => void got.push(m) };
}

describe('several nodes: what a node tells its devices', () => {
  it('[CL1] the kind of several versions: a photo among them, or versions whose notes are gone, make the devices sync their images', () => {
    expect(kindOf([{ version: 5, kind: 'DATA', by: 'A' }], 4)).toBe('DATA');
    expect(kindOf([{ version: 5, kind: 'PHOTO', by: 'A' }, { version: 6, kind: 'SCHEME', by: 'B' }], 4)).toBe('PHOTO');
    expect(kindOf([{ version: 5, kind: 'DATA', by: 'A' }, { version: 6, kind: 'SCHEME', by: 'B' }], 4)).toBe('SCHEME');
    // Versions 5 to 9 are no longer noted: what they were is unknown.
    expect(kindOf([{ version: 10, kind: 'DATA', by: 'A' }], 4)).toBe('PHOTO');
    expect(kindOf([], 4)).toBe('PHOTO');
  });

  it('[CL1] a device bound with a newer version than the room’s devices saw brings them to it first: the room has one version', () => {
    const rooms = new Rooms(new FixedClock(T0));
    const first = connection();
    const second = connection();
    rooms.bind(first, { declarationId: 'd1', party: 'A', tokenHash: 'a', allow: { A: true, B: false } }, declaration(1));
    // The second device resumed here after another node's change this node had not heard of yet.
    rooms.bind(second, { declarationId: 'd1', party: 'A', tokenHash: 'a', allow: { A: true, B: false } }, declaration(3, 'from node 2'));
    const pushed = first.got.filter((m) => m.t === 'changed');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ t: 'changed', patch: { from: 1, version: 3 } });
    expect(rooms.knownOf('d1')?.version).toBe(3);
    expect(second.got.filter((m) => m.t === 'changed')).toEqual([]);
  });
});
