import { useEffect, useState } from 'react';
import { useSession } from '../session/session-context';

/**
 * A binary the declaration refers to (the scheme, a signature, a voice note) as a URL: this
 * device's own from the session (issue 35: never sent back to the phone that made it), another's
 * fetched from the hub when its id changes (`get-image` or `get-audio`). Null until it arrives;
 * `error` when it could not be fetched.
 */
export function useStoredBinary(op: 'get-image' | 'get-audio', id: string | null): { url: string | null; error: boolean } {
  const session = useSession();
  const [loaded, setLoaded] = useState<{ id: string; url: string | null; error: boolean } | null>(null);
  const own = id ? session.madeHereUrl(id) : null;
  useEffect(() => {
    if (!id || own) return;
    let cancelled = false;
    const bytes = op === 'get-image' ? session.request('get-image', { id }).then((r) => ({ type: r.contentType, base64: r.imageBase64 })) : session.request('get-audio', { id }).then((r) => ({ type: r.contentType, base64: r.audioBase64 }));
    void bytes
      .then((r) => !cancelled && setLoaded({ id, url: `data:${r.type};base64,${r.base64}`, error: false }))
      .catch(() => !cancelled && setLoaded({ id, url: null, error: true }));
    return () => {
      cancelled = true;
    };
  }, [session, op, id, own]);
  if (own) return { url: own, error: false };
  return loaded && loaded.id === id ? { url: loaded.url, error: loaded.error } : { url: null, error: false };
}
