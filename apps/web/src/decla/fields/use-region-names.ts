import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Country names in the interface's language (the browser's Intl.DisplayNames); null where it has none. */
export function useRegionNames(): Intl.DisplayNames | null {
  const { i18n } = useLingui();
  return useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.locale], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.locale]);
}
