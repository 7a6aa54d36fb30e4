/**
 * The device's client takes its types from the protocol's registry: a misspelt instruction or a
 * wrong payload does not compile, and each answer has its instruction's own result type.
 * Checked by `tsc -p packages/hub/tsconfig.test.json` (npm run typecheck, a step of npm test): a wrong
 * expectTypeOf is a compile error there.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { GuiltStateView, PreviewFinding } from '@eid/domain';
import type { Committed, SubmitAnswer } from '@eid/domain/protocol';
import type { HubClient, TypedAnswer } from '@eid/domain/device';
import type { Handlers } from './handler.js';

declare const client: HubClient;

describe('the typed protocol', () => {
  it('[HB18] a call answers its instruction result type', () => {
    expectTypeOf(client.call('set-impact-text', { text: 'Įlenktas buferis' })).toEqualTypeOf<Promise<TypedAnswer<Committed>>>();
    expectTypeOf(client.request('guilty-status')).toEqualTypeOf<Promise<GuiltStateView>>();
    expectTypeOf(client.request('validate-t2')).toEqualTypeOf<Promise<readonly PreviewFinding[]>>();
    expectTypeOf(client.request('submit-eid', { captcha: 'token' })).toEqualTypeOf<Promise<SubmitAnswer>>();
  });

  it('[HB18] a misspelt name, a wrong payload or a missing payload does not compile', () => {
    // @ts-expect-error: no such instruction
    void client.call('set-impact-txt', { text: 'x' });
    // @ts-expect-error: the payload of set-impact-text has `text`, not `txt`
    void client.call('set-impact-text', { txt: 'x' });
    // @ts-expect-error: a number is not a text
    void client.request('eid-comment', { text: 42 });
    // @ts-expect-error: add-foto needs its payload
    void client.request('add-foto');
    // An instruction without a payload needs none.
    void client.request('current-fotos');
  });

  it('[HB18] the hub must have a handler for every instruction, of its own payload', () => {
    expectTypeOf<Handlers['eid-comment']>().parameter(0).toEqualTypeOf<{ party?: 'A' | 'B' | undefined; text: string }>();
    // @ts-expect-error: a registry that misses an instruction does not compile
    const partial: Handlers = { 'test-connection': async () => ({ ok: true }) };
    void partial;
  });
});
