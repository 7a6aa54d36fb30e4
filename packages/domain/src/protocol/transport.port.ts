import type { ClientFrame, ServerMessage } from './protocol.js';

/** What the transport tells the device about its link to the hub. */
export interface TransportListener {
  /** The link is open: frames may be sent. */
  opened(): void;
  /** A frame from the hub, already parsed and checked. */
  message(message: ServerMessage): void;
  /** The link is gone (closed by either side, or never opened). Called at most once. */
  closed(): void;
}

/** One open (or opening) link to the hub. */
export interface TransportLink {
  send(frame: ClientFrame): void;
  /** Closes the link; `closed` is not reported for a close the device asked for. */
  close(): void;
}

/**
 * API Boundary: the device's link to the declaration hub. The live service uses a WebSocket to
 * `/serveris/ws-interface`; the practice mode an in-memory channel to the hub running in the page.
 */
export interface TransportPort {
  open(listener: TransportListener): TransportLink;
}
