/**
 * Checks a chosen file before any byte leaves the device, so an obvious mistake costs no upload:
 * the type (with a way out for iPhone HEIC photos), emptiness and size. The server checks all of
 * it again, and much more, once the photo arrives.
 */
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES, PRECHECK_MESSAGES } from '../constants';

const HEIC = /\.(heic|heif)$/i;
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;

/** The reason this file cannot be uploaded, or '' when it may be. */
export function precheckFile(file: Pick<File, 'name' | 'type' | 'size'>): string {
  const type = file.type.toLowerCase();
  if (type === 'image/heic' || type === 'image/heif' || HEIC.test(file.name)) return PRECHECK_MESSAGES.heic;
  // note: some pickers leave `type` empty; fall back on the extension and let the server sniff the bytes.
  const typeOk = type ? (ACCEPTED_TYPES as readonly string[]).includes(type) : IMAGE_NAME.test(file.name);
  if (!typeOk) return PRECHECK_MESSAGES.type;
  if (file.size === 0) return PRECHECK_MESSAGES.empty;
  if (file.size > MAX_UPLOAD_BYTES) return PRECHECK_MESSAGES.tooLarge((file.size / (1024 * 1024)).toFixed(1));
  return '';
}
