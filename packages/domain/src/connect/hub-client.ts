/**
 * The promise-shaped face of the connection machine: `call(op, payload)` sends a named instruction
 * (declaration-flow §7) and resolves with the hub's answer. While the link is down the instruction
 * waits in the machine's queue; nothing is lost and nothing is answered twice.
 */
import type { CallAnswer, ConnectionActor } from './connection.machine.js';

export class HubClient {
  private nextRef = 1;
  private readonly waiting = new Map<number, (answer: CallAnswer) => void>();
  private readonly subscription: { unsubscribe(): void };

  constructor(private readonly actor: ConnectionActor) {
    this.subscription = actor.on('call.answered', (event) => {
      const resolve = this.waiting.get(event.ref);
      if (!resolve) return;
      this.waiting.delete(event.ref);
      resolve(event.answer);
    });
  }

  /** Sends an instruction; resolves with its answer (a result or a typed error code). */
  call(op: string, p?: unknown): Promise<CallAnswer> {
    const ref = this.nextRef++;
    return new Promise((resolve) => {
      this.waiting.set(ref, resolve);
      this.actor.send({ type: 'user.call', call: p === undefined ? { ref, op } : { ref, op, p } });
    });
  }

  /** Like call, but a refusal rejects with an Error whose message is the code. */
  async request<T = unknown>(op: string, p?: unknown): Promise<T> {
    const answer = await this.call(op, p);
    if (!answer.ok) throw new HubError(answer.code, answer.retryAfterMs);
    return answer.r as T;
  }

  /** Calls still waiting for an answer. */
  get pending(): number {
    return this.waiting.size;
  }

  dispose(): void {
    this.subscription.unsubscribe();
    this.waiting.clear();
  }
}

/** A refused instruction: `code` is from the error catalogue. */
export class HubError extends Error {
  constructor(
    readonly code: string,
    readonly retryAfterMs?: number,
  ) {
    super(code);
    this.name = 'HubError';
  }
}
