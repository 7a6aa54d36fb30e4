import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import { isTestUser, type Account } from '@eid/domain';
import { MAX_CLIENT_FRAME_BYTES, seatOfResult, WS_PATH, type ServerMessage } from '@eid/domain/protocol';
import { sessionToken } from '../accounts/session-cookie.js';
import type { HubConnection } from '@eid/hub';
import type { WebSocket } from 'ws';
import { HttpError } from '../http-error.js';
import { SocketGuard } from './socket-guard.js';
import { addressSource } from '../hub/address-source.js';

/** Frames past this are cut by ws itself (memory guard); frames past MAX_CLIENT_FRAME_BYTES get PAYLOAD_TOO_LARGE. */
const WS_HARD_LIMIT_BYTES = 4 * MAX_CLIENT_FRAME_BYTES;
/** Frames of one socket that may wait to be handled (FU2). */

/** A device's liveness call (CX2): `{ t: 'call', op: 'custom-heartbeat' }`. */
function isHeartbeat(message: unknown): boolean {
  const m = message as { t?: unknown; op?: unknown } | null;
  return typeof m === 'object' && m !== null && m.t === 'call' && m.op === 'custom-heartbeat';
}

export const MAX_QUEUED_FRAMES = 256;
/** Unsent bytes after which a socket is taken to have stopped reading (FU2). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A socket without a seat (and not waiting for an admission) is closed after this (FU3). */
export const UNBOUND_IDLE_MS = 60_000;

/**
 * A browser always sends Origin on a WebSocket handshake: only this site's own pages (same host)
 * and the configured origins may open the declaration socket, so another site cannot drive a
 * driver's session from their browser.
 */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The declaration socket at /serveris/ws-interface: WebSocket frames fed to the hub the services
 * built (services.ts), with the socket's own guards (origin, connections per address, frame size and
 * queue, idle sockets). It serves the socket and nothing else: the hub, its workers and the
 * background jobs belong to the services.
 */
export default fp(
  async (app) => {
    const hub = app.hub;
    const log = (level: 'warn' | 'error', message: string, data?: unknown) => app.log[level]({ data }, message);
    const guard = new SocketGuard({
      maxConnections: app.config.maxConnections,
      maxPerIp: app.config.maxConnectionsPerIp,
      maxQueuedFrames: MAX_QUEUED_FRAMES,
      maxBufferedBytes: MAX_BUFFERED_BYTES,
      unboundIdleMs: UNBOUND_IDLE_MS,
      silentMs: app.config.wsSilentMs,
      clock: app.clock,
      liveClock: { now: () => Date.now() },
      // FU12: one line per closed socket, within its address's budget.
      log: (reason, data) => app.logBudget.line(typeof data.ip === 'string' ? data.ip : undefined, () => app.log.warn(data, `declaration socket closed: ${reason}`)),
    });
    const connections = new Map<WebSocket, HubConnection>();
    const socketAccounts = new WeakMap<object, { readonly account: Account; readonly session: string } | null>();
    /**
     * BR5: a seat taken (a connect, a resume, a confirmed join) by a signed-in browser links the
     * declaration to its account with the seat's token hash — while the session the socket opened
     * with is still alive (signed out since: no link).
     */
    const linkSeat = async (session: string, message: ServerMessage) => {
      const seat = seatOfResult(message);
      if (!seat) return;
      await app.accounts.linkSeat(session, seat);
    };
    await app.register(websocket, {
      options: { maxPayload: WS_HARD_LIMIT_BYTES },
      // The device's fault (bad UTF-8, a frame over the hard limit): that socket is closed; a warning, no stack (FU10).
      errorHandler: (error, socket, request) => {
        app.logBudget.line(request.ip, () => request.log.warn({ reason: error.message, code: (error as { code?: unknown }).code }, 'declaration socket closed on a protocol error'));
        socket.terminate();
      },
    });

    app.get(
      WS_PATH,
      {
        websocket: true,
        preValidation: async (request) => {
          if (!originAllowed(request, app.config.allowedOrigins)) throw new HttpError(403, 'NOT_ALLOWED');
          const refused = guard.admits(request.ip);
          if (refused) throw new HttpError(refused.status, refused.code);
          // BR5, AC14: the browser's account (its session cookie comes with the upgrade), if signed in.
          const token = sessionToken(request);
          const found = await app.accounts.authenticate(token);
          socketAccounts.set(request, found && token ? { account: found.account, session: token } : null);
        },
      },
      (socket, request) => {
        guard.opened(socket, request.ip);
        socket.on('pong', () => guard.pong(socket));
        const signed = socketAccounts.get(request) ?? null;
        socketAccounts.delete(request);
        const conn: HubConnection = {
          send(message: ServerMessage) {
            if (signed) void linkSeat(signed.session, message).catch((e: unknown) => log('warn', 'a declaration could not be linked to its account', String(e)));
            if (socket.readyState === socket.OPEN && guard.writable(socket)) socket.send(JSON.stringify(message));
          },
          testUser: signed !== null && isTestUser(signed.account, app.config.testPersonalCodes),
          // JN8: how often this address may ask to join, and what its proof of work costs.
          source: addressSource(request.ip),
        };
        connections.set(socket, conn);
        // Frames of one device are handled in order: a call right after a connect sees its session.
        let chain = Promise.resolve();
        socket.on('message', (data, isBinary) => {
          const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
          let message: unknown;
          if (isBinary) {
            conn.send({ t: 'result', id: -1, ok: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
            return;
          }
          if (size > MAX_CLIENT_FRAME_BYTES) {
            conn.send({ t: 'result', id: -1, ok: false, code: 'PAYLOAD_TOO_LARGE' });
            return;
          }
          try {
            message = JSON.parse(data.toString());
          } catch {
            conn.send({ t: 'result', id: -1, ok: false, code: 'DATA_ERROR' });
            return;
          }
          if (!guard.enqueue(socket)) return;
          // A heartbeat is answered at once, not behind a slow call of the same device (a send-phone-code
          // waiting on the SMS gateway): a late answer would make the phone think the link is dead.
          if (isHeartbeat(message)) void hub.handle(conn, message).finally(() => guard.done(socket));
          else chain = chain.then(() => hub.handle(conn, message)).finally(() => guard.done(socket));
        });
        socket.on('close', () => {
          guard.closed(socket);
          connections.delete(socket);
          hub.closing(conn);
          void chain.then(() => hub.disconnect(conn));
        });
      },
    );

    // Liveness (pings to quiet sockets, quiet ones dropped) and the idle timeout of sockets without a declaration run in every installation.
    const ticks = setInterval(
      () =>
        guard.tick(
          (socket) => hub.isAttached(connections.get(socket as WebSocket) ?? null),
          app.config.wsPingMs,
          (socket) => hub.isSeated(connections.get(socket as WebSocket) ?? null),
        ),
      app.config.wsPingMs,
    );
    ticks.unref();
    app.addHook('onClose', async () => clearInterval(ticks));
  },
  { name: 'eid-hub', dependencies: ['eid-config'] },
);
