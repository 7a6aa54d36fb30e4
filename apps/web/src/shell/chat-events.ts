/**
 * CH6: the signed-in browser's live stream of chat changes (server-sent events), shared by every
 * part of the page that listens: one stream per page, opened while a chat page listens (a list, a
 * conversation, the answer form) and closed after. Others (the toolbar's unread count) listen
 * passively: they hear the stream while a chat page has it open, and never open it themselves, so
 * the other pages keep no request open. The browser reconnects by itself.
 */
import { ACCOUNT_PATH } from '@eid/domain/shell';

type Listener = (chatId: string) => void;
const active = new Set<Listener>();
const passive = new Set<Listener>();
let source: EventSource | null = null;

/** Listens to chat changes; `opens: false` only hears a stream a chat page opened. */
export function onChatChange(listener: Listener, opens = true): () => void {
  const set = opens ? active : passive;
  set.add(listener);
  if (opens && !source && typeof EventSource !== 'undefined') {
    let opened = 0;
    source = new EventSource(`${ACCOUNT_PATH}/chat-events`, { withCredentials: true });
    // After a lost connection (a dead zone, a server restart) what changed meanwhile is unknown: look again.
    source.addEventListener('open', () => {
      opened += 1;
      if (opened > 1) for (const l of [...active, ...passive]) l('');
    });
    source.addEventListener('chat', (e) => {
      let chatId = '';
      try {
        chatId = String((JSON.parse((e as MessageEvent<string>).data) as { chatId?: unknown }).chatId ?? '');
      } catch {
        // A garbled event still means "look again".
      }
      for (const l of [...active, ...passive]) l(chatId);
    });
  }
  return () => {
    set.delete(listener);
    if (active.size === 0) {
      source?.close();
      source = null;
    }
  };
}
