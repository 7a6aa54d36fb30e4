/**
 * What an HTTP call's entry says beyond its inputs (issue 32 item 1): the type of its answer and
 * its rate limit. The answer is a type only (no bytes travel for it): the server's handler must
 * return it and the web client's `api.call(name, input)` gives it back, so a change of an answer
 * that the other side does not follow fails to compile.
 */
import type * as v from 'valibot';

declare const ANSWER: unique symbol;
/** The type of a call's JSON answer, carried by its entry. */
export interface Answer<T> {
  readonly [ANSWER]?: T;
}
/** Marks an entry's answer type: `result: answer<AccountView>()`. */
export const answer = <T>(): Answer<T> => ({});

/** A call's per-address limit: calls a minute (the store every node shares) and, with a body, its largest size in bytes. */
export interface CallLimit {
  /** Calls a minute; none: the call is limited by what it guards (a session), not by address. */
  readonly perMinute?: number;
  readonly bodyBytes?: number;
}

type Input = 'params' | 'query' | 'body' | 'fields';
type Present<C, K extends Input> = C extends { readonly [P in K]: infer S extends v.GenericSchema } ? S : never;

/** What a caller passes: each input the entry declares, as the schema takes it (an upload's `fields` go as form fields beside its files). */
export type CallInput<C> = { readonly [K in Input as [Present<C, K>] extends [never] ? never : K]: v.InferInput<Present<C, K>> };
/** What a handler receives: each declared input, as the schema gives it once parsed. */
export type CallParsed<C> = { readonly [K in Input as [Present<C, K>] extends [never] ? never : K]: v.InferOutput<Present<C, K>> };
/** The call's answer; `never` for an entry without one (a redirect, a stream, a file). */
export type CallResult<C> = C extends { readonly result: Answer<infer T> } ? T : never;
