/**
 * Issue 17: the victim's claim calls (the server's `/serveris/account/claims…`), the cached lists
 * (makes, vehicle types, insurers, Lithuanian banks: fetched once a page and cached by the browser
 * for a day) and the country names in Lithuanian and English (`i18n-iso-countries`, only in the
 * claim's lazy chunk).
 */
import { useEffect, useState } from 'react';
import countries from 'i18n-iso-countries';
import lt from 'i18n-iso-countries/langs/lt.json';
import en from 'i18n-iso-countries/langs/en.json';
import { EEA_COUNTRIES, type ClaimData, type ClaimDocumentKind, type ClaimLists, type Locale } from '@eid/domain';
import { api } from '../../shell/api';

export type { ClaimLists };

countries.registerLocale(lt);
countries.registerLocale(en);

export const claimsList = () => api.call('claims');
export const startClaim = (declarationId: string | null) => api.call('startClaim', { body: { declarationId } });
export const loadClaim = (claimId: string) => api.call('claim', { params: { claimId } });
export const saveClaim = (claimId: string, data: ClaimData) => api.call('saveClaim', { params: { claimId }, body: { data } });
export const submitClaim = (claimId: string) => api.call('submitClaim', { params: { claimId } });
export const removeDocument = (claimId: string, fileId: string) => api.call('removeClaimDocument', { params: { claimId, fileId } });
export const addDocuments = (claimId: string, kind: ClaimDocumentKind, files: readonly File[], onProgress?: (fraction: number) => void) => api.upload('addClaimDocuments', { params: { claimId }, fields: { kind } }, files, onProgress);
export const documentUrl = (claimId: string, fileId: string) => `/serveris/account/claims/${encodeURIComponent(claimId)}/documents/${encodeURIComponent(fileId)}`;
export const schemeUrl = (claimId: string) => `/serveris/account/claims/${encodeURIComponent(claimId)}/scheme`;

let lists: Promise<ClaimLists> | null = null;

/** The cached lists; a failed fetch is tried again on the next use. */
export function useClaimLists(): ClaimLists | null {
  const [value, setValue] = useState<ClaimLists | null>(null);
  useEffect(() => {
    let live = true;
    lists ??= api.call('lists');
    lists.then(
      (l) => live && setValue(l),
      () => {
        lists = null;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return value;
}

type CountryOption = { readonly code: string; readonly name: string };
const countryLists = new Map<string, readonly CountryOption[]>();

/** Every country by its code, named in the page's language and sorted by name; the EEA's first when asked (made once per language, not on every keystroke). */
export function countryOptions(lang: Locale, eeaFirst = false): readonly CountryOption[] {
  const key = `${lang}:${eeaFirst}`;
  const made = countryLists.get(key);
  if (made) return made;
  // Lithuanian and English by the library's official names; the other languages (issue 37) by the browser's own (Intl.DisplayNames).
  const regions = lang === 'lt' || lang === 'en' ? null : new Intl.DisplayNames([lang], { type: 'region' });
  const names = regions ? Object.fromEntries(Object.keys(countries.getAlpha2Codes()).map((code) => [code, regions.of(code) ?? code])) : countries.getNames(lang, { select: 'official' });
  const all = Object.entries(names).map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, lang));
  const eea = new Set<string>(EEA_COUNTRIES);
  const list = eeaFirst ? [...all.filter((c) => eea.has(c.code)), ...all.filter((c) => !eea.has(c.code))] : all;
  countryLists.set(key, list);
  return list;
}
