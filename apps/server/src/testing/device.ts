import WebSocket from 'ws';
import { createActor, waitFor } from 'xstate';
import { type KeyValuePort } from '@eid/domain';
import { WS_PATH } from '@eid/domain/protocol';
import { HubClient, provideConnectionPorts, type ConnectionActor, type ConnectionEmitted } from '@eid/domain/device';
import { WsTransport, type WebSocketLike } from '@eid/adapter-transport-ws';

/** A browser's local storage, in a Map. */
export class MapStorage implements KeyValuePort {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

/** A driver's device: the domain's connection machine on the WebSocket transport adapter, as the page runs it. */
export function device(url: () => string) {
  const storage = new MapStorage();
  const origin = () => url().replace(/^ws/, 'http').replace(WS_PATH, '');
  const transport = new WsTransport(url, (u) => new WebSocket(u, { origin: origin() }) as unknown as WebSocketLike);
  const actor: ConnectionActor = createActor(provideConnectionPorts({ transport, storage })).start();
  const changes: Array<Extract<ConnectionEmitted, { type: 'declaration.changed' }>> = [];
  actor.on('declaration.changed', (e) => changes.push(e));
  return { actor, storage, client: new HubClient(actor), changes };
}

export type Device = ReturnType<typeof device>;

/** Resolves once the device's link is up with a session. */
export const online = (a: ConnectionActor, timeout = 8000) => waitFor(a, (s) => s.hasTag('online'), { timeout });
