import { pb } from '../../../lib/pb';
import type { OriginalPhoto } from '../../../shared/records';
import { uploadFile, type UploadHandle } from './upload-file';

/**
 * Sends one original photo of a photoshoot to the records API as the signed-in owner, with its
 * progress (the SDK's fetch reports none, hence `uploadFile`).
 */
export function uploadOriginal(
  fields: { photoshoot: string; user: string },
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<OriginalPhoto> {
  return uploadFile<OriginalPhoto>({
    url: pb.buildURL('/api/collections/original_photos/records'),
    token: pb.authStore.token,
    fields,
    file,
    onProgress,
  });
}
