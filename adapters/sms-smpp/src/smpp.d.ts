/** The parts of `smpp` (0.5, CommonJS, no typings of its own) this adapter uses. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export interface Pdu {
    readonly command: string;
    readonly command_status: number;
    readonly sequence_number: number;
    readonly [field: string]: unknown;
    response(options?: Record<string, unknown>): Pdu;
  }

  export interface Session extends EventEmitter {
    readonly socket: Socket;
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void, sendCallback?: (pdu: Pdu) => void): boolean;
    bind_transceiver(options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void, sendCallback?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, responseCallback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
  }

  export interface Server extends NetServer {
    readonly sessions: Session[];
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number; connectTimeout?: number }, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    readonly ESME_ROK: number;
    readonly ESME_RBINDFAIL: number;
    readonly ESME_RTHROTTLED: number;
    readonly ESM_CLASS: { readonly MC_DELIVERY_RECEIPT: number; readonly UDH_INDICATOR: number };
    readonly MESSAGE_STATE: Readonly<Record<string, number>>;
  };
  export default smpp;
}
