/**
 * The edits (declaration-flow §7; domain `declaration/edits/`): one handler for all of them. Each
 * check is made once: the endpoint (hub.ts) parsed the payload and checked the party, the unit of
 * work checks the declaration's state, the domain's `applyEdit` the edit's own rule.
 */
import { applyEdit, WRITE_INSTRUCTIONS, type EditContext, type ResponsibleInsurer, type WriteInstruction, type WritePayload } from '@eid/domain';
import { type Committed } from '@eid/domain/protocol';
import type { Call, Handler, Handlers } from './handler.js';
import type { HubPorts } from './ports.js';
import { refuse } from './refusal.js';
import type { UnitOfWork } from './unit-of-work.js';

export function editHandlers(ports: Pick<HubPorts, 'isInLithuania' | 'registry' | 'log'>, uow: UnitOfWork): Handlers<WriteInstruction> {
  /** The registry's insurers by id (the responsible insurer is taken from here, IN1); empty when the registry does not answer. */
  const insurers = async (): Promise<ReadonlyMap<number, ResponsibleInsurer>> => {
    try {
      return new Map((await ports.registry.listInsurers()).map((i) => [i.id, { drkId: i.id, name: i.name, www: i.www, damageWww: i.damageWww }]));
    } catch (error) {
      ports.log?.('warn', 'registry unavailable', { error: String(error) });
      return new Map();
    }
  };
  const edit =
    (name: WriteInstruction) =>
    async (payload: unknown, { conn, seat, contract }: Call<'seat'>): Promise<Committed> => {
      const kind = contract.changed ?? 'DATA';
      const known = name === 'responsible-insurer' ? await insurers() : undefined;
      // Pure: the registry's insurers are asked before; the edit itself only decides (it may be made twice across nodes).
      const { committed } = await uow.change(seat.declarationId, { writer: { conn, seat }, kind, when: contract.when, pure: true }, (record, now) => {
        const ctx: EditContext = { actor: { party: seat.party, allow: seat.allow }, now, isInLithuania: ports.isInLithuania, ...(known ? { insurers: known } : {}) };
        const outcome = applyEdit(record.declaration, name, payload as WritePayload<WriteInstruction>, ctx);
        if (!outcome.ok) refuse(outcome.code);
        const slots = { ...record.slots, [seat.party]: { ...record.slots[seat.party], lastSeen: now } };
        return { after: { declaration: outcome.declaration, slots, lastActivity: now }, result: null };
      });
      return committed;
    };
  // Every edit answers Committed and takes its own payload: one function serves each name.
  return Object.fromEntries(WRITE_INSTRUCTIONS.map((name) => [name, edit(name)])) as unknown as { readonly [N in WriteInstruction]: Handler<N> };
}
