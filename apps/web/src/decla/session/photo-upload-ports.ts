/**
 * The browser's side of the photo queue (photo-uploads.ts): preparing and uploading through the
 * session, adding the photo to the declaration and the phone's thumbnails, and what a failure is
 * told to (analytics by code, the server's log). Nothing the driver typed leaves in either (SH5).
 */
import { PHOTO_ERROR_TRACKING, isDisplayablePhoto, photoSetNumber, type EidMode, type Party, type PhotoSection } from '@eid/domain';
import { trackEvent } from '@eid/domain/shell';
import { BACKEND_BASE_PATH } from '@eid/domain/protocol';
import { analytics } from '../../shell/analytics';
import { dataText } from '../../shell/client-log';
import { preparePhoto } from '../media/upload';
import { codeOf } from './backend';
import type { ConnectionActor, HubClient, ImageSyncActor } from '@eid/domain/device';
import type { UploadPurpose, BlobUploaded } from '@eid/domain/protocol';
import type { Backend } from './backend';
import type { PhotoUploadPorts } from './photo-uploads';

/** What the photo queue uses of the declaration session (decla-session.ts). */
export interface PhotoSession {
  readonly mode: EidMode;
  readonly backend: Backend;
  readonly connection: ConnectionActor;
  readonly images: ImageSyncActor;
  readonly request: HubClient['request'];
  uploadWith(body: Blob, meta: { purpose: UploadPurpose; set?: number; forParty?: Party }, onProgress?: (share: number) => void): Promise<BlobUploaded>;
}

/** A photo failure's analytics event (declaration-flow §8 tracking codes; SH5: nothing typed is sent). */
export function trackPhotoError(code: string, section: PhotoSection, party: Party, mode: EidMode): void {
  if (code === 'FAILED_CONVERSION' || code === 'BAD_EXT' || code === 'TOO_BIG') trackEvent(analytics, PHOTO_ERROR_TRACKING[code] as 'photo_upload_bad_ext', { section, party, mode });
  else if (code === 'NOT_A_PHOTO' || code === 'TOO_MANY' || code === 'BASE64_FAILED') trackEvent(analytics, 'photo_upload_refused', { code, section, mode });
}

/** A line in the server's log about this declaration's photos. */
export async function reportPhotos(session: PhotoSession, level: 'info' | 'warn', message: string, data: Record<string, unknown>): Promise<void> {
  const c = session.connection.getSnapshot().context.credentials;
  await session.backend
    .fetch(`${BACKEND_BASE_PATH}/log${level === 'warn' ? '/warn' : ''}${c ? `?node_id=${encodeURIComponent(c.declarationId)}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ src: 'photos', message, data: dataText(data) }),
    })
    .catch(() => undefined);
}

export function photoUploadPorts(session: PhotoSession, keepUrl: (url: string) => void): PhotoUploadPorts {
  return {
    prepare: preparePhoto,
    upload: (body, meta, onProgress) => session.uploadWith(body, { purpose: 'photo', ...meta }, onProgress),
    attach: async (item, body, uploaded) => {
      const { party, file } = item;
      const set = photoSetNumber(item.section);
      const dataURL = isDisplayablePhoto(file.name) ? URL.createObjectURL(body) : '';
      if (dataURL) keepUrl(dataURL);
      session.images.send({ type: 'local.add', party, set, image: { id: uploaded.id, dataURL, filename: file.name, inDMZ: false } });
      try {
        await session.request('add-foto', { party, id: uploaded.id, set, filename: file.name.slice(0, 100) });
      } catch (e) {
        // Not in the declaration: not shown as if it were (its tile says why; Retry adds it again).
        session.images.send({ type: 'local.remove', id: uploaded.id });
        throw e;
      }
      session.images.send({ type: 'local.stored', id: uploaded.id });
      if (!dataURL) {
        // HEIC and the like: the browser cannot show them; the server's JPEG thumbnail can.
        const thumb = await session.request('get-foto', { id: uploaded.id, thumb: true }).catch(() => null);
        if (thumb) {
          session.images.send({ type: 'local.add', party, set, image: { id: uploaded.id, dataURL: `data:${thumb.contentType};base64,${thumb.imageBase64}`, filename: file.name, inDMZ: true } });
        }
      }
    },
    failed: (item, code) => {
      trackPhotoError(code, item.section, item.party, session.mode);
      if (code in PHOTO_ERROR_TRACKING) void reportPhotos(session, 'warn', `photo upload failed: ${PHOTO_ERROR_TRACKING[code as keyof typeof PHOTO_ERROR_TRACKING]}`, { code });
    },
    readPlate: (id) => session.request('read-plate', { id }),
    codeOf,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
