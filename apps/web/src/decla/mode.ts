import { DEFAULT_EID_MODE, EID_MODES, STORAGE_KEYS, type EidMode } from '@eid/domain/constants';
import { readStored, writeStored } from '../storage';

/** The declaration mode kept in local storage (eidMode); live unless practice was chosen. */
export function storedMode(): EidMode {
  const value = readStored(STORAGE_KEYS.eidMode);
  return (EID_MODES as readonly string[]).includes(value ?? '') ? (value as EidMode) : DEFAULT_EID_MODE;
}

export function storeMode(mode: EidMode): void {
  writeStored(STORAGE_KEYS.eidMode, mode);
}
