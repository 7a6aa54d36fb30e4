import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ImpactPointId } from '@eid/domain';

/** The names of the impact points (the damages step, the statement preview). */
export const IMPACT_LABELS: Readonly<Record<ImpactPointId, MessageDescriptor>> = {
  front: msg`front`,
  'front-right': msg`front right`,
  right: msg`right side`,
  'rear-right': msg`rear right`,
  rear: msg`rear`,
  'rear-left': msg`rear left`,
  left: msg`left side`,
  'front-left': msg`front left`,
};

export const impactLabel = (id: string): MessageDescriptor | null => IMPACT_LABELS[id as ImpactPointId] ?? null;
