import { protectedFileUrl } from '../../../shared/data/file-token';
import type { Result } from '../../../shared/records';

/** The full-resolution file of a result as a download (protected: needs a file token). */
export function resultDownloadUrl(result: Result, token: string): string {
  return protectedFileUrl(result, result.file, { token, download: true });
}

/** Starts a browser download of `url` without leaving the page. */
export function startDownload(url: string, filename = ''): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Downloads a file under a name of our choosing. The file server names every download after the
 * stored file (Content-Disposition, as PocketBase does), and that header wins over an anchor's
 * `download` name; a blob URL carries no header, so the name given here is the one saved.
 */
export async function downloadAs(url: string, filename: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Request failed with status ${res.status}`);
  const objectUrl = URL.createObjectURL(await res.blob());
  try {
    startDownload(objectUrl, filename);
  } finally {
    // note: the click has started the download; the URL is only needed until then.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
