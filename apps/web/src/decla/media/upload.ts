/**
 * Sending a binary to the server with upload progress (XMLHttpRequest: fetch has none), and
 * preparing a photo before it leaves the phone: large JPEGs are made smaller (upright by their
 * EXIF orientation, at most 2560 px, quality 0.9), which also drops their metadata (GPS).
 */

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

export const DOWNSCALE_MAX_SIDE = 2560;
const DOWNSCALE_FROM_BYTES = 1.5 * 1024 * 1024;

const isJpeg = (file: File) => /\.(jpe?g)$/i.test(file.name) || file.type === 'image/jpeg';

/**
 * The photo as it is uploaded: a large JPEG drawn again smaller; anything else (PNG, HEIC ...) as
 * it is (the server converts). A file the browser cannot read is BASE64_FAILED ("Problem
 * converting to base64."): the photo cannot be prepared for sending.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  try {
    await file.slice(0, 16).arrayBuffer();
  } catch {
    throw Object.assign(new Error('unreadable'), { code: 'BASE64_FAILED' });
  }
  if (!isJpeg(file) || file.size < DOWNSCALE_FROM_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, DOWNSCALE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // The browser cannot decode it: the server will tell (FAILED_CONVERSION).
    return file;
  }
}
