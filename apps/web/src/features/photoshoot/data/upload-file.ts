/**
 * One multipart upload through XMLHttpRequest, because fetch cannot report upload progress. The
 * outcome is either the created record or an `UploadError` carrying the sentence to show: the
 * server's own words when it sent any, else one of the uploader's own messages (constants.ts).
 */
import { NOT_A_PHOTO, UPLOAD_ERRORS } from '../constants';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly aborted = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }

  /**
   * Whether sending the same file again could succeed: after a network failure, an abort, a
   * timeout or a server-side fault. A refusal of the file itself (4xx) would only fail again.
   */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export type UploadRequest = {
  url: string;
  /** The raw auth token (the PocketBase Authorization header carries it without a scheme). */
  token: string;
  fields: Record<string, string>;
  file: File;
  fileField?: string;
  /** Bytes sent so far out of the total, as the browser reports them. */
  onProgress?: (fraction: number) => void;
};

export type UploadHandle<T> = { promise: Promise<T>; abort: () => void };

type FieldDetail = { code?: unknown; message?: unknown; params?: { mimeType?: unknown } };
type ErrorBody = { message?: unknown; data?: Record<string, FieldDetail | undefined> };

/**
 * The most specific sentence of a PocketBase error body: a field's message, else the top-level
 * one. A refused file type is said in plain words: the server's sentence lists MIME types, which
 * mean nothing to someone holding a photo (its HEIC sentence already says what to do).
 */
function serverMessage(body: ErrorBody | undefined): string {
  if (!body || typeof body !== 'object') return '';
  for (const detail of Object.values(body.data ?? {})) {
    if (!detail) continue;
    const mime = typeof detail.params?.mimeType === 'string' ? detail.params.mimeType : '';
    if (detail.code === 'validation_invalid_mime_type' && !/hei[cf]/i.test(mime)) return NOT_A_PHOTO;
    if (typeof detail.message === 'string' && detail.message.trim()) return detail.message.trim();
  }
  return typeof body.message === 'string' ? body.message.trim() : '';
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function uploadFile<T>(req: UploadRequest): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', req.url);
    if (req.token) xhr.setRequestHeader('Authorization', req.token);
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (e: ProgressEvent) => {
      if (e.lengthComputable && e.total > 0) req.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      const parsed = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object') {
          reject(new UploadError(UPLOAD_ERRORS.invalidJson, xhr.status));
          return;
        }
        req.onProgress?.(1);
        resolve(parsed.value as T);
        return;
      }
      const message = parsed.ok ? serverMessage(parsed.value as ErrorBody) : '';
      reject(new UploadError(message || UPLOAD_ERRORS.status(xhr.status), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(UPLOAD_ERRORS.network, 0));
    xhr.ontimeout = () => reject(new UploadError(UPLOAD_ERRORS.failed, 0));
    xhr.onabort = () => reject(new UploadError(UPLOAD_ERRORS.aborted, 0, true));

    const form = new FormData();
    for (const [name, value] of Object.entries(req.fields)) form.append(name, value);
    form.append(req.fileField ?? 'file', req.file, req.file.name);
    try {
      xhr.send(form);
    } catch {
      reject(new UploadError(UPLOAD_ERRORS.failed, 0));
    }
  });
  return { promise, abort: () => xhr.abort() };
}
