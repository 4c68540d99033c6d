/**
 * Uploads a file to fal's storage the way fal's own client does (@fal-ai/client storage.ts):
 * `POST {rest}/storage/upload/initiate?storage_type=fal-cdn-v3` with `{content_type, file_name}`
 * answers `{upload_url, file_url}`; the bytes go to `upload_url` in one PUT (no API key: the URL is
 * pre-signed), and `file_url` is what a model takes as input. fal's docs call URLs the universal
 * input format (fal CDN page); inline data URIs are refused by some models and fail when large.
 */
import { callJson, MalformedResponse, str } from '../http.js';

const UPLOAD_TIMEOUT_MS = 120_000;

export type FalUpload = {
  data: Buffer;
  contentType: string;
  fileName: string;
  /** Seconds fal keeps the file (`X-Fal-Object-Lifecycle`), so selfies do not outlive their use. */
  expiresInSeconds: number;
};

export async function uploadToFalStorage(
  restBase: string,
  headers: Record<string, string>,
  file: FalUpload,
): Promise<string> {
  const initiated = await callJson('fal', `${restBase}/storage/upload/initiate?storage_type=fal-cdn-v3`, {
    headers: {
      ...headers,
      'x-fal-object-lifecycle': JSON.stringify({ expiration_duration_seconds: file.expiresInSeconds }),
    },
    json: { content_type: file.contentType, file_name: file.fileName },
  });
  const uploadUrl = str('fal', initiated, 'upload_url');
  const fileUrl = str('fal', initiated, 'file_url');
  for (const u of [uploadUrl, fileUrl])
    if (!/^https?:\/\//i.test(u)) throw new MalformedResponse('fal answered with a malformed upload URL.');
  let res: Response;
  try {
    res = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': file.contentType },
      body: new Uint8Array(file.data),
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    throw new Error(
      `fal storage could not be reached (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  await res.body?.cancel();
  if (!res.ok) throw new Error(`fal storage answered ${res.status} to the upload.`);
  return fileUrl;
}
