import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { photoLegendLines } from '@eid/domain';
import type { PhotoLegendPort } from '@eid/hub';
import { i18n } from '../i18n/i18n';

/** The photo sections' names on a legend (set 0 to 3), as the server's legend names them. */
const SECTIONS: readonly [MessageDescriptor, MessageDescriptor, MessageDescriptor, MessageDescriptor] = [
  msg`Accident scene`,
  msg`Plate`,
  msg`Damages`,
  msg({ message: 'Other', comment: 'a photo section on the legend drawn above a photo' }),
];

/**
 * The legend of a photo taken in practice: the server's two lines (photoLegendLines), with the
 * section named in the page's language (the one phone of practice is its driver's).
 */
export const practicePhotoLegend: PhotoLegendPort = ({ set, party, plate, time }) =>
  photoLegendLines(i18n._(SECTIONS[set] ?? SECTIONS[3]), party, plate, time);
