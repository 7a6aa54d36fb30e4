/**
 * CH6: the signed-in browser's live stream of chat changes (server-sent events), shared by every
 * part of the page that listens (the toolbar's unread count, a list, an open chat): one stream per
 * page, opened while someone listens and closed after. The browser reconnects by itself.
 */
import { ACCOUNT_PATH } from '@eid/domain/shell';

type Listener = (chatId: string) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

export function onChatChange(listener: Listener): () => void {
  listeners.add(listener);
  if (!source && typeof EventSource !== 'undefined') {
    source = new EventSource(`${ACCOUNT_PATH}/chat-events`, { withCredentials: true });
    source.addEventListener('chat', (e) => {
      let chatId = '';
      try {
        chatId = String((JSON.parse((e as MessageEvent<string>).data) as { chatId?: unknown }).chatId ?? '');
      } catch {
        // A garbled event still means "look again".
      }
      for (const l of [...listeners]) l(chatId);
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}
