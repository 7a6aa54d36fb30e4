/**
 * The shape of the registry's handlers: one per instruction of the domain's contract
 * (`INSTRUCTIONS`), receiving the payload as that instruction's schema parsed it and answering that
 * instruction's result type. A service exports the handlers of its instructions; `registry.ts` puts
 * them together, and the compiler refuses a registry that misses a name.
 */
import type { Access, InstructionContract, InstructionName, Instructions, Payload, ResultOf } from '@eid/domain/protocol';
import type { HubConnection, Seat } from './rooms.js';

/** Who is calling: the connection, and its seat (always there for a seat's instruction). */
export interface Call<A extends Access = Access> {
  readonly conn: HubConnection;
  readonly seat: A extends 'seat' ? Seat : Seat | null;
  readonly contract: InstructionContract;
}

export type Handler<N extends InstructionName> = (payload: Payload<N>, call: Call<Instructions[N]['access']>) => Promise<ResultOf<N>>;

export type Handlers<N extends InstructionName = InstructionName> = { readonly [K in N]: Handler<K> };
