import { describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@eid/domain/protocol';
import { MemoryTransport, type HubEndpoint } from './memory-transport.adapter.js';

type HubConnection = Parameters<HubEndpoint['handle']>[0];

/** A hub that answers each call with the payload it got, and remembers disconnects. */
function echoHub() {
  const disconnected: HubConnection[] = [];
  const seen: unknown[] = [];
  const hub: HubEndpoint = {
    async handle(conn: HubConnection, raw: unknown) {
      seen.push(raw);
      const m = raw as { id: number; p?: unknown };
      conn.send({ t: 'result', id: m.id, ok: true, r: m.p });
    },
    disconnect(conn: HubConnection) {
      disconnected.push(conn);
    },
  };
  return { hub, disconnected, seen };
}


describe('in-memory transport', () => {
  it('[PR1] delivers in order and asynchronously, sharing no object with the hub', async () => {
    const { hub, seen } = echoHub();
    const got: ServerMessage[] = [];
    let opened = false;
    const link = new MemoryTransport(hub).open({ opened: () => (opened = true), message: (m) => got.push(m), closed: () => {} });
    expect(opened).toBe(false);
    // Asynchronous: opened after this turn; waited for by its condition, not by a fixed time.
    await vi.waitFor(() => expect(opened).toBe(true));
    const payload = { list: [1, 2] };
    link.send({ t: 'call', id: 1, op: 'witnesses', p: payload });
    link.send({ t: 'call', id: 2, op: 'witnesses', p: { list: [3] } });
    payload.list.push(99);
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(seen).toEqual([
      { t: 'call', id: 1, op: 'witnesses', p: { list: [1, 2] } },
      { t: 'call', id: 2, op: 'witnesses', p: { list: [3] } },
    ]);
    expect(got.map((m) => (m.t === 'result' ? m.id : -1))).toEqual([1, 2]);
  });

  it('[CX3] dropAll closes every link as a lost network would, and the hub is told', async () => {
    const { hub, disconnected } = echoHub();
    const transport = new MemoryTransport(hub);
    let closed = 0;
    transport.open({ opened: () => {}, message: () => {}, closed: () => (closed += 1) });
    transport.open({ opened: () => {}, message: () => {}, closed: () => (closed += 1) });
    expect(transport.openLinks).toBe(2);
    transport.dropAll();
    await vi.waitFor(() => expect(closed).toBe(2));
    expect(disconnected).toHaveLength(2);
    expect(transport.openLinks).toBe(0);
  });
});
