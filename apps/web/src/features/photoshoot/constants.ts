/**
 * The flow's constants and messages. The photoshoot limits (photos per shoot, minimum accepted,
 * free redos) are settings: they come from GET /api/public/config (shared/public-config.tsx).
 */

/** Largest upload in bytes (original_photos.file maxSize, fixed in the collection definition). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Image types the server accepts (it sniffs the bytes too). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_TYPES.join(',');

/** The uploader's messages for each way an upload can fail. */
export const UPLOAD_ERRORS = {
  failed: 'Upload failed',
  invalidJson: 'Invalid JSON response',
  network: 'Network error occurred',
  aborted: 'Upload aborted',
  status: (status: number) => `Request failed with status ${status}`,
} as const;

/** A file that is not an image we take, said the same way before and after upload. */
export const NOT_A_PHOTO = 'This file is not a photo we can read: use JPEG, PNG or WebP';

/** Client-side pre-check messages, said before a byte is sent. */
export const PRECHECK_MESSAGES = {
  heic:
    'HEIC photos are not supported. On an iPhone, choose Settings › Camera › Formats › Most Compatible, ' +
    'or share the photo as JPEG (Photos app: Share › Options › Format: JPEG / "Most Compatible"), then add it again.',
  type: NOT_A_PHOTO,
  tooLarge: (mb: string) => `This photo is ${mb} MB; the largest we accept is 20 MB.`,
  empty: 'This file is empty.',
  tooMany: (max: number) => `A photoshoot can hold at most ${max} photos. Remove one to add another.`,
} as const;

/** How long the debounced coupon quote waits after the last keystroke. */
export const QUOTE_DEBOUNCE_MS = 400;

/** How often pages that follow live state re-check even without a realtime event (a backstop). */
export const POLL_BACKSTOP_MS = 15_000;
