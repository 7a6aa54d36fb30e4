import type { ClientFrame, ServerMessage, TransportLink, TransportListener, TransportPort } from '@eid/domain/protocol';

/** A device connection as the hub sees it. */
interface HubConnection {
  send(message: ServerMessage): void;
}

/** What this transport needs of the hub in the page (`DeclarationHub` of @eid/hub). */
export interface HubEndpoint {
  handle(conn: HubConnection, raw: unknown): Promise<void>;
  disconnect(conn: HubConnection): void;
}

/** JSON round trip: the device and the hub share no object, exactly as over a socket. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Delivers on a later task, as a network would (never inside the caller's own call). */
const later = (fn: () => void, ms: number): void => {
  setTimeout(fn, ms);
};

/**
 * A link to a DeclarationHub running in the same page: the practice mode's "server", and the
 * two-device tests. Frames are copied through JSON both ways and delivered asynchronously, in
 * order, so the device code cannot tell it from the WebSocket transport.
 */
export class MemoryTransport implements TransportPort {
  private readonly links = new Set<{ conn: HubConnection; drop: () => void }>();

  constructor(
    private readonly hub: HubEndpoint,
    private readonly latencyMs = 0,
  ) {}

  open(listener: TransportListener): TransportLink {
    let open = true;
    let chain: Promise<void> = Promise.resolve();
    const conn: HubConnection = {
      send: (message: ServerMessage) => {
        const copy = wire(message);
        later(() => {
          if (open) listener.message(copy);
        }, this.latencyMs);
      },
    };
    const entry = {
      conn,
      drop: () => {
        if (!open) return;
        open = false;
        this.links.delete(entry);
        void chain.then(() => this.hub.disconnect(conn));
        later(() => listener.closed(), 0);
      },
    };
    this.links.add(entry);
    later(() => {
      if (open) listener.opened();
    }, this.latencyMs);
    return {
      send: (frame: ClientFrame) => {
        if (!open) return;
        const copy = wire(frame);
        chain = chain.then(() => later2(this.latencyMs)).then(() => (open ? this.hub.handle(conn, copy) : undefined));
      },
      close: () => {
        if (!open) return;
        open = false;
        this.links.delete(entry);
        void chain.then(() => this.hub.disconnect(conn));
      },
    };
  }

  /** Drops every open link, as a lost network would (tests; "airplane mode" in practice). */
  dropAll(): void {
    for (const l of [...this.links]) l.drop();
  }

  get openLinks(): number {
    return this.links.size;
  }
}

const later2 = (ms: number) => new Promise<void>((resolve) => later(resolve, ms));
