/**
 * Image sync between the two devices (declaration-flow §4 "Image sync"), as pure functions over
 * the device's image sets. Images in state that are absent from the hub's current-photo list are
 * removed; remote images not yet loaded are fetched and added, marked as refreshed from the remote
 * store; an image of set 0 (the accident overview, shared) is also added to the other party's set;
 * an image list update changes dataURL, filename and inDMZ of a known id, or adds the image.
 */
import { PARTIES, type Party } from '../../rules/constants.js';
import type { RemotePhoto } from '../../protocol/instructions.js';

/** An image on the device (declaration-flow §3 Image). */
export interface LocalImage {
  readonly id: string;
  readonly dataURL: string;
  readonly filename: string;
  /** The image is stored on the server ("in the DMZ"); false while it is only on this device. */
  readonly inDMZ: boolean;
  /** Fetched from the remote store rather than taken on this device. */
  readonly refreshed?: boolean;
}

/** Remote image metadata from current-fotos. */

/** imagesA and imagesB: per party, one list per photo set (section), indexed by set number. */
export type ImageSets = Readonly<Record<Party, readonly (readonly LocalImage[])[]>>;

export function emptyImageSets(sets = 4): ImageSets {
  return { A: Array.from({ length: sets }, () => []), B: Array.from({ length: sets }, () => []) };
}

const partyOf = (r: RemotePhoto): Party => (r.userA ? 'A' : 'B');
const other = (p: Party): Party => (p === 'A' ? 'B' : 'A');

/** The image list update: a known id gets the new dataURL, filename and inDMZ; otherwise added. */
export function upsertImage(list: readonly LocalImage[], image: LocalImage): LocalImage[] {
  const at = list.findIndex((i) => i.id === image.id);
  if (at < 0) return [...list, image];
  const next = [...list];
  next[at] = { ...list[at]!, dataURL: image.dataURL, filename: image.filename, inDMZ: image.inDMZ };
  return next;
}

function withSet(sets: ImageSets, party: Party, set: number, list: readonly LocalImage[]): ImageSets {
  const lists = [...sets[party]];
  while (lists.length <= set) lists.push([]);
  lists[set] = list;
  return { ...sets, [party]: lists };
}

/** Adds (or updates) an image in a party's set; an image of set 0 goes to both parties' set 0. */
export function addImage(sets: ImageSets, party: Party, set: number, image: LocalImage): ImageSets {
  let next = withSet(sets, party, set, upsertImage(sets[party][set] ?? [], image));
  if (set === 0) next = withSet(next, other(party), 0, upsertImage(next[other(party)][0] ?? [], image));
  return next;
}

/** Marks a device's own image as stored on the server. */
export function markStored(sets: ImageSets, id: string): ImageSets {
  const mark = (l: readonly LocalImage[]) => l.map((i) => (i.id === id ? { ...i, inDMZ: true } : i));
  return { A: sets.A.map(mark), B: sets.B.map(mark) };
}

export function removeImages(sets: ImageSets, ids: ReadonlySet<string>): ImageSets {
  const keep = (l: readonly LocalImage[]) => l.filter((i) => !ids.has(i.id));
  return { A: sets.A.map(keep), B: sets.B.map(keep) };
}

export interface ImageSyncPlan {
  /** Ids of images stored on the server before and gone from it now. */
  readonly remove: readonly string[];
  /** Remote images this device has not loaded. */
  readonly fetch: readonly RemotePhoto[];
}

/**
 * What to do to make the device's sets match the hub's list. Only images the device knows to be
 * on the server (inDMZ) are removed when absent: a photo still uploading is not in the list yet.
 */
export function planImageSync(sets: ImageSets, remote: readonly RemotePhoto[]): ImageSyncPlan {
  const remoteIds = new Set(remote.map((r) => r.id));
  const remove = new Set<string>();
  for (const p of PARTIES) for (const list of sets[p]) for (const i of list) if (i.inDMZ && !remoteIds.has(i.id)) remove.add(i.id);
  const fetch = remote.filter((r) => !(sets[partyOf(r)][r.set] ?? []).some((i) => i.id === r.id));
  return { remove: [...remove], fetch };
}

/** Adds a fetched remote image: marked refreshed, stored, and shared for set 0. */
export function addFetched(sets: ImageSets, remote: RemotePhoto, image: { dataURL: string; filename: string }): ImageSets {
  return addImage(sets, partyOf(remote), remote.set, { id: remote.id, dataURL: image.dataURL, filename: image.filename, inDMZ: true, refreshed: true });
}
