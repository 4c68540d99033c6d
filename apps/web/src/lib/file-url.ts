import { apiBaseUrl } from './api-base';

/**
 * The URL of a stored file, optionally a thumb (`WxH`, see the collection's `thumbs`): the URL the
 * SDK's `pb.files.getURL` builds, without needing the SDK (the landing page's style previews).
 */
export function fileUrl(
  record: { id: string; collectionId?: string; collectionName?: string },
  filename: string,
  thumb?: string,
): string {
  const collection = record.collectionId || record.collectionName;
  if (!filename || !record.id || !collection) return '';
  const path = [collection, record.id, filename].map(encodeURIComponent).join('/');
  return `${apiBaseUrl()}/api/files/${path}${thumb ? `?thumb=${encodeURIComponent(thumb)}` : ''}`;
}
