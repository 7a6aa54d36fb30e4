import { formatDate, formatTime, type Legend, type Locale, type Party } from '@eid/domain';

/** What a photo of each section is, short enough for the legend's width / 24 font. */
const SECTIONS: Record<Locale, readonly [string, string, string, string]> = {
  lt: ['Įvykio vieta', 'Valstybinis numeris', 'Apgadinimai', 'Kita'],
  en: ['Accident scene', 'Plate', 'Damages', 'Other'],
};

/**
 * The two legend lines of a photo (declaration-flow §9), in the language of the driver who took it:
 * what the photo is and whose vehicle; the plate and the accident time (Vilnius).
 */
export function photoLegend(lang: Locale, set: number, party: Party, plate: string, time: number): Legend {
  const section = SECTIONS[lang][set] ?? SECTIONS[lang][3];
  return {
    title: `${section} – ${party}`,
    detail: `${plate || '—'} · ${formatDate(time)} ${formatTime(time).slice(0, 5)}`,
  };
}
