/**
 * The promise-shaped face of the connection machine: `call(name, payload)` sends a named instruction
 * (declaration-flow §7) and resolves with the hub's answer. While the link is down the instruction
 * waits in the machine's queue; nothing is lost and nothing is answered twice.
 *
 * Typed by the protocol's registry (protocol/instructions.ts): the name must be one of its
 * instructions, the payload that instruction's, and the answer is that instruction's result.
 */
import type { InstructionName, PayloadArgs, ResultOf } from '../../protocol/instructions.js';
import type { CallAnswer, ConnectionActor } from './connection.machine.js';

/** An instruction's answer: its result, or a refusal with its code. */
export type TypedAnswer<R> = { readonly ok: true; readonly r: R } | { readonly ok: false; readonly code: string; readonly retryAfterMs?: number };

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

  /** Sends an instruction; resolves with its answer (its result or a typed error code). */
  call<N extends InstructionName>(name: N, ...args: PayloadArgs<N>): Promise<TypedAnswer<ResultOf<N>>> {
    const ref = this.nextRef++;
    const p: unknown = args[0];
    return new Promise((resolve) => {
      // The hub answers this instruction with its own result type (the registry's contract).
      this.waiting.set(ref, resolve as (answer: CallAnswer) => void);
      this.actor.send({ type: 'user.call', call: p === undefined ? { ref, op: name } : { ref, op: name, p } });
    });
  }

  /** Like call, but a refusal rejects with a HubError whose code is the refusal's. */
  async request<N extends InstructionName>(name: N, ...args: PayloadArgs<N>): Promise<ResultOf<N>> {
    const answer = await this.call(name, ...args);
    if (!answer.ok) throw new HubError(answer.code, answer.retryAfterMs);
    return answer.r;
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
