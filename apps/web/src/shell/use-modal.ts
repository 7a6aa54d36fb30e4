import { useEffect, useRef } from 'react';

/** A <dialog> shown as a modal while the component is mounted (closed when it unmounts). */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  return ref;
}
