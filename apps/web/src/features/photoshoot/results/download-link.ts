import { pb } from '../../../lib/pb';
import type { Result } from '../../../shared/records';

/** The full-resolution file of a result as a download (protected: needs a file token). */
export function resultDownloadUrl(result: Result, token: string): string {
  return pb.files.getURL(result, result.file, { token, download: true });
}

/** Starts a browser download of `url` without leaving the page. */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
