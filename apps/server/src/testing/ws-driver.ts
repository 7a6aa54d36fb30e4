import { captchaToken } from './captcha.js';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import {
  applyViewPatch,
  blankPlates,
  type DeclarationView,
  type Plates,
  type ViewPatch,
} from '@eid/domain';
import {
  committedIn,
  PROTOCOL_VERSION,
  WS_PATH,
  type ServerMessage,
  type Session,
} from '@eid/domain/protocol';

type Result = Extract<ServerMessage, { t: 'result' }>;

/** A plate entry in normal form, Lithuanian unless told otherwise. */
export function plates(plate: string, extra: Partial<Plates> = {}): Plates {
  return { ...blankPlates(), plate, ...extra };
}

export const VILNIUS = { latitude: 54.6872, longitude: 25.2797, accuracy: 15 };

/**
 * One driver's device in a test: a real `ws` client on the server's declaration socket. Results
 * are matched to requests by id; every other frame (changed, presence, end) is kept in `pushes`.
 * Like a real device it keeps its view of the declaration: the session's, then every delta applied
 * (pushed ones and its own writes'); a delta it cannot apply is counted in `gaps`.
 */
export class WsDriver {
  readonly pushes: ServerMessage[] = [];
  /** The declaration as this device knows it, or null before a session. */
  view: DeclarationView | null = null;
  gaps = 0;
  private nextId = 1;
  private readonly pending = new Map<number, (r: Result) => void>();
  private waiters: Array<{ test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }> = [];
  private viewWaiters: Array<{ test: (d: DeclarationView) => boolean; resolve: (d: DeclarationView) => void }> = [];

  private constructor(
    readonly socket: WebSocket,
    private readonly app: FastifyInstance,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as ServerMessage;
      if (message.t === 'result' && this.pending.has(message.id)) {
        const committed = message.ok ? committedIn(message.r) : null;
        if (committed?.patch) this.apply(committed.patch);
        this.pending.get(message.id)?.(message);
        this.pending.delete(message.id);
        return;
      }
      if (message.t === 'changed') this.apply(message.patch);
      this.pushes.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  private apply(patch: ViewPatch): void {
    if (!this.view) return;
    const outcome = applyViewPatch(this.view, patch);
    if (outcome.kind === 'gap') this.gaps += 1;
    if (outcome.kind !== 'applied') return;
    this.setView(outcome.view);
  }

  private setView(view: DeclarationView): void {
    this.view = view;
    this.viewWaiters = this.viewWaiters.filter((w) => {
      if (!w.test(view)) return true;
      w.resolve(view);
      return false;
    });
  }

  /** Resolves with this device's view once it satisfies `test` (now or after a later delta). */
  waitForView(test: (d: DeclarationView) => boolean, timeoutMs = 3000): Promise<DeclarationView> {
    if (this.view && test(this.view)) return Promise.resolve(this.view);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the view never matched in time')), timeoutMs);
      this.viewWaiters.push({
        test,
        resolve: (d) => {
          clearTimeout(timer);
          resolve(d);
        },
      });
    });
  }

  /** Keeps the session's view when a connect or resume succeeded. */
  private async session(result: Promise<Result>): Promise<Result> {
    const r = await result;
    if (r.ok) this.setView((r.r as Session).declaration);
    return r;
  }

  static url(app: FastifyInstance): string {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server not listening');
    return `ws://127.0.0.1:${address.port}${WS_PATH}`;
  }

  /** Opens a device's socket; `cookie` is the browser's cookie header (a signed-in account's session). */
  static open(app: FastifyInstance, origin?: string, cookie?: string): Promise<WsDriver> {
    const url = WsDriver.url(app);
    const socket = new WebSocket(url, { origin: origin ?? url.replace(/^ws/, 'http').replace(WS_PATH, ''), ...(cookie ? { headers: { cookie } } : {}) });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new WsDriver(socket, app)));
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    });
  }

  /** Sends any value as a JSON frame and resolves the result of the given id. */
  sendRaw(frame: unknown, id: number): Promise<Result> {
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    });
  }

  request(message: Record<string, unknown>): Promise<Result> {
    const id = this.nextId++;
    return this.sendRaw({ ...message, id }, id);
  }

  /**
   * Connects by plates with a solved captcha of action `connect`, as the web app does (JN5); `extra`
   * may set or drop it. Asked for a harder proof (JN8), it solves one of that work and asks again,
   * as the web app does.
   */
  async connect(own: Plates | string, other: Plates | string, extra: Record<string, unknown> = {}): Promise<Result> {
    const chosen = 'captcha' in extra || !this.app.captcha;
    const first = await this.connectWith(own, other, extra, chosen ? {} : { captcha: await captchaToken(this.app, 'connect') });
    if (chosen || first.ok || first.code !== 'CAPTCHA_TOO_EASY' || first.work === undefined) return first;
    return this.connectWith(own, other, extra, { captcha: await captchaToken(this.app, 'connect', first.work) });
  }

  private connectWith(own: Plates | string, other: Plates | string, extra: Record<string, unknown>, captcha: { captcha?: string }): Promise<Result> {
    return this.session(
      this.request({
        t: 'connect',
        protocol: PROTOCOL_VERSION,
        mode: 'live',
        plates: { A: typeof own === 'string' ? plates(own) : own, B: typeof other === 'string' ? plates(other) : other },
        location: VILNIUS,
        fillLang: 'lt',
        ...captcha,
        ...extra,
      }),
    );
  }

  /**
   * Asks for a seat by plates and has `confirmer` (the driver already in) confirm it, as a person
   * would: reading the code their screen shows and saying yes (JN1). A connect refused at once
   * (no confirmation asked) resolves that refusal.
   */
  async joinConfirmedBy(confirmer: WsDriver, own: Plates | string, other: Plates | string, extra: Record<string, unknown> = {}): Promise<Result> {
    const since = this.pushes.length;
    const answer = this.connect(own, other, extra);
    const asked = this.waitFor((m) => m.t === 'admission' && this.pushes.indexOf(m) >= since);
    const first = await Promise.race([answer.then((r) => ({ r })), asked.then((m) => ({ m }))]);
    if ('r' in first) return first.r;
    const code = (first.m as Extract<ServerMessage, { t: 'admission' }>).code;
    await confirmer.waitForView((d) => d.joinRequests.some((r) => r.code === code));
    const yes = await confirmer.call('answer-join', { code, accept: true });
    if (!yes.ok) throw new Error(`answer-join refused: ${yes.code}`);
    return answer;
  }

  resume(declarationId: string, party: 'A' | 'B', token: string, extra: Record<string, unknown> = {}): Promise<Result> {
    return this.session(this.request({ t: 'resume', protocol: PROTOCOL_VERSION, declarationId, party, token, ...extra }));
  }

  call(op: string, p?: unknown): Promise<Result> {
    return this.request(p === undefined ? { t: 'call', op } : { t: 'call', op, p });
  }

  /** The next pushed frame matching `test` (already received ones count). */
  waitFor(test: (m: ServerMessage) => boolean, timeoutMs = 3000): Promise<ServerMessage> {
    const seen = this.pushes.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such push in time')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/** The successful result's value, or a thrown error naming the refusal code. */
export function value<T = Record<string, unknown>>(result: Result): T {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.r as T;
}
