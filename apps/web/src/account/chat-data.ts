/** Reading the driver's chats (CH2, CH5, CH6): a call per view, read again when the live stream says a chat changed. */
import { useCallback, useEffect, useState } from 'react';
import type { HttpResult } from '@eid/domain/protocol';
import { AccountCallError } from '../shell/account-session';
import { api } from '../shell/api';
import { onChatChange } from '../shell/chat-events';
import type { Loaded } from './records';

type LiveCall = { readonly name: 'chats' } | { readonly name: 'chat'; readonly chatId: string };
type LiveAnswer<C extends LiveCall> = HttpResult<C['name']>;

/** Reads the chats, or one chat, now and whenever a chat changes (one chat: only when that chat changed). */
export function useLiveCall<C extends LiveCall>(call: C): Loaded<LiveAnswer<C>> {
  const [state, setState] = useState<Loaded<LiveAnswer<C>>>({ kind: 'loading' });
  const only = call.name === 'chat' ? call.chatId : undefined;
  const load = useCallback(
    (live: () => boolean) =>
      (only === undefined ? api.call('chats') : api.call('chat', { params: { chatId: only } })).then(
        (value) => live() && setState({ kind: 'done', value: value as LiveAnswer<C> }),
        (e: unknown) => live() && setState({ kind: 'failed', error: e instanceof AccountCallError ? e : new AccountCallError('GENERIC_ERROR') }),
      ),
    [only],
  );
  useEffect(() => {
    let live = true;
    void load(() => live);
    const stop = onChatChange((chatId) => {
      if (only === undefined || chatId === '' || chatId === only) void load(() => live);
    });
    return () => {
      live = false;
      stop();
    };
  }, [load, only]);
  return state;
}

/** The address of a file of the driver's own chat (a download). */
export const chatFileUrl = (accountPath: string, chatId: string, fileId: string) => `${accountPath}/chats/${encodeURIComponent(chatId)}/files/${encodeURIComponent(fileId)}`;
