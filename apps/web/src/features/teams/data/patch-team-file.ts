/**
 * `PATCH /api/teams/{id}` with one file (logo or brand backdrop), through XMLHttpRequest because
 * fetch cannot report upload progress (team uploads show their progress). Resolves with
 * the saved team; rejects with an Error carrying the server's sentence (a field's first).
 */
import { apiBaseUrl } from '../../../lib/api-base';
import { pb } from '../../../lib/pb';
import type { Team } from './team-api';

export type TeamFileField = 'logo' | 'brandBackdrop';

type ErrorBody = {
  message?: unknown;
  data?: Record<string, { code?: unknown; message?: unknown } | undefined>;
};

/** Refusals said in plain words: the server's sentences list MIME types and byte counts. */
const PLAIN: Record<string, string> = {
  validation_invalid_mime_type: 'This file is not an image we can use: choose a JPEG, PNG or WebP file.',
  validation_file_size_limit: 'This file is too large: choose a smaller image.',
};

function sentenceOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as ErrorBody;
    for (const detail of Object.values(body.data ?? {})) {
      if (typeof detail?.code === 'string' && PLAIN[detail.code]) return PLAIN[detail.code]!;
      if (typeof detail?.message === 'string' && detail.message) return detail.message;
    }
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON: say it by status below
  }
  return status === 413 ? 'This file is too large.' : 'The upload failed. Please try again.';
}

export function patchTeamFile(
  teamId: string,
  field: TeamFileField,
  file: File,
  onProgress: (fraction: number) => void,
): { promise: Promise<Team>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Team>((resolve, reject) => {
    xhr.open('PATCH', `${apiBaseUrl()}/api/teams/${encodeURIComponent(teamId)}`);
    if (pb.authStore.token) xhr.setRequestHeader('Authorization', pb.authStore.token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress(1);
          resolve(JSON.parse(xhr.responseText) as Team);
        } catch {
          reject(new Error('The server answered in a way we could not read. Please try again.'));
        }
      } else reject(new Error(sentenceOf(xhr.responseText, xhr.status)));
    };
    xhr.onerror = () => reject(new Error('Network error occurred'));
    xhr.onabort = () => reject(new Error('Upload cancelled.'));
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
