/**
 * Sending a binary to the server with upload progress (XMLHttpRequest: fetch has none), and
 * preparing a photo before it leaves the phone (IMG6): a JPEG is drawn again upright by its EXIF orientation, at most 1600 px, quality 0.8, which also drops its metadata (GPS).
 */
import { PHOTO_SEND, photoMayBeRedrawn, photoSendSize, photoSendWay } from '@eid/domain';
import { canvasToBlob } from '../../ui/canvas-blob';

export interface UploadResponse {
  readonly status: number;
  readonly body: unknown;
}

export type Uploader = (url: string, headers: Record<string, string>, body: Blob, onProgress: (share: number) => void) => Promise<UploadResponse>;

/** The network uploader: a failure to reach the server rejects; an HTTP error resolves with its status. */
export const xhrUpload: Uploader = (url, headers, body, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    xhr.timeout = 120_000;
    xhr.send(body);
  });

/** An uploader over a fetch (the practice mode's in-page one): no progress but the end. */
export function fetchUpload(fetcher: typeof fetch): Uploader {
  return async (url, headers, body, onProgress) => {
    const res = await fetcher(url, { method: 'POST', headers, body });
    onProgress(1);
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

/** A decoded photo: its size, a JPEG of it drawn at a size, and its memory freed. */
export interface DecodedPhoto {
  readonly width: number;
  readonly height: number;
  jpeg(width: number, height: number, quality: number): Promise<Blob | null>;
  close(): void;
}

/** The browser's decoder (upright by the photo's EXIF orientation) and a canvas to draw the JPEG; null where it cannot decode the file. */
export async function browserDecode(file: Blob): Promise<DecodedPhoto | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      width: bitmap.width,
      height: bitmap.height,
      // Async: a canvas that throws at once (InvalidStateError) rejects, and the photo is sent as it was.
      jpeg: async (width, height, quality) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
        // A 12 MP bitmap is about 48 MB of the phone's memory: let go as soon as it is drawn.
        bitmap.close();
        return canvasToBlob(canvas, 'image/jpeg', quality);
      },
      close: () => bitmap.close(),
    };
  } catch {
    // A damaged file: the server will tell (FAILED_CONVERSION).
    return null;
  }
}

/**
 * The photo as it is uploaded (IMG6): a JPEG larger than the sent size drawn again smaller; anything
 * else (PNG, HEIC ...) as it is (§5: only jpg and jpeg are resized; the server converts). A file the
 * browser cannot read is BASE64_FAILED ("Problem converting to base64."): the photo cannot be
 * prepared for sending.
 */
export async function preparePhoto(file: File, decode: (file: Blob) => Promise<DecodedPhoto | null> = browserDecode): Promise<Blob> {
  try {
    await file.slice(0, 16).arrayBuffer();
  } catch {
    throw Object.assign(new Error('unreadable'), { code: 'BASE64_FAILED' });
  }
  if (!photoMayBeRedrawn(file)) return file;
  const decoded = await decode(file);
  if (!decoded) return file;
  try {
    if (photoSendWay(file, decoded) === 'as-is') return file;
    const size = photoSendSize(decoded.width, decoded.height);
    const blob = await decoded.jpeg(size.width, size.height, PHOTO_SEND.quality).catch(() => null);
    // A JPEG that came out larger than it went in is sent as it was.
    return blob && blob.size < file.size ? blob : file;
  } finally {
    decoded.close();
  }
}
