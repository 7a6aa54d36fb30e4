/** Reading the driver's chats (CH2, CH5, CH6): a call per view, read again when the live stream says a chat changed. */
import { useCallback, useEffect, useState } from 'react';
import type { Chat, ChatListItem, ChatMessage } from '@eid/domain';
import { AccountCallError, accountCall } from '../shell/account-session';
import { onChatChange } from '../shell/chat-events';
import type { Loaded } from './records';

export type ChatsAnswer = { readonly chats: ChatListItem[]; readonly unread: number };
export type ThreadAnswer = { readonly chat: Chat; readonly messages: ChatMessage[] };

/** GETs `path` now and whenever a chat changes (`only`: only when that chat changed). */
export function useLiveCall<T>(path: string, only?: string): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const load = useCallback(
    (live: () => boolean) =>
      accountCall<T>(path, { method: 'GET' }).then(
        (value) => live() && setState({ kind: 'done', value }),
        (e: unknown) => live() && setState({ kind: 'failed', error: e instanceof AccountCallError ? e : new AccountCallError('GENERIC_ERROR') }),
      ),
    [path],
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
