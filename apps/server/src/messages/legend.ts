import { photoLegendLines, type Legend, type Locale, type Party } from '@eid/domain';
import { translate, type ServerMessage } from '@eid/adapter-texts-catalog';

/** What a photo of each section is, short enough for the legend's width / 24 font. */
const SECTIONS: readonly [ServerMessage, ServerMessage, ServerMessage, ServerMessage] = [
  /*i18n*/ { id: 'legend.scene', message: 'Accident scene' },
  /*i18n*/ { id: 'legend.plate', message: 'Plate' },
  /*i18n*/ { id: 'legend.damages', message: 'Damages' },
  /*i18n*/ { id: 'legend.other', message: 'Other' },
];

/**
 * The two legend lines of a photo (declaration-flow §9), in the language of the driver who took it:
 * what the photo is and whose vehicle; the plate and the accident time (Vilnius).
 */
export function photoLegend(lang: Locale, set: number, party: Party, plate: string, time: number): Legend {
  return photoLegendLines(translate(lang, SECTIONS[set] ?? SECTIONS[3]), party, plate, time);
}
