/**
 * Light and dark themes (app-shell §4): the toggle flips darkTheme and stores the flag, or removes
 * it for light. Applied as `data-theme` on <html> before the first render, so nothing flashes.
 */
import { STORAGE_KEYS } from '@eid/domain/constants';
import { readStored, removeStored, writeStored } from '../storage';

export function isDarkTheme(): boolean {
  return readStored(STORAGE_KEYS.darkTheme) === 'true';
}

export function applyTheme(dark: boolean): void {
  const root = document.documentElement;
  if (dark) root.dataset.theme = 'dark';
  else delete root.dataset.theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#121417' : '#0b5394');
}

export function setDarkTheme(dark: boolean): void {
  if (dark) writeStored(STORAGE_KEYS.darkTheme, 'true');
  else removeStored(STORAGE_KEYS.darkTheme);
  applyTheme(dark);
}
