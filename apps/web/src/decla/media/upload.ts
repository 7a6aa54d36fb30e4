/**
 * Sending a binary to the server with upload progress (XMLHttpRequest: fetch has none), and
 * preparing a photo before it leaves the phone (IMG6): a JPEG is drawn again upright by its EXIF
 * orientation, at most 1600 px, quality 0.8, which also drops its metadata (GPS).
 */
import { PHOTO_SEND, isResizablePhoto, photoNeedsShrinking, photoSendSize } from '@eid/domain';

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

const isJpeg = (file: File) => isResizablePhoto(file.name) || file.type === 'image/jpeg';

/**
 * The photo as it is uploaded (IMG6): a JPEG larger than the sent size drawn again smaller; anything
 * else (PNG, HEIC ...) as it is (the server converts). A file the browser cannot read is
 * BASE64_FAILED ("Problem converting to base64."): the photo cannot be prepared for sending.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  try {
    await file.slice(0, 16).arrayBuffer();
  } catch {
    throw Object.assign(new Error('unreadable'), { code: 'BASE64_FAILED' });
  }
  if (!isJpeg(file) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    if (!photoNeedsShrinking(file.size, bitmap.width, bitmap.height)) {
      bitmap.close();
      return file;
    }
    const size = photoSendSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_SEND.quality));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // The browser cannot decode it: the server will tell (FAILED_CONVERSION).
    return file;
  }
}
